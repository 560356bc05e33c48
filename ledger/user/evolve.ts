import type { UserEvent } from './events.ts';
import type { UserState } from './state.ts';

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
    case 'UserInvited': {
      const d = event.data;
      return {
        userId: d.userId,
        status: event.type === 'UserInvited' ? 'invited' : 'active',
        email: d.email,
        role: d.role,
        emails: d.emails,
        stockEmails: d.stockEmails,
      };
    }
    case 'UserActivated':
      return { ...state, status: 'active' };
    case 'UserRoleChanged':
      return { ...state, role: event.data.role };
    case 'UserEmailPreferencesChanged':
      return { ...state, emails: event.data.emails, stockEmails: event.data.stockEmails };
    case 'UserDeactivated':
      return { ...state, status: 'deactivated' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
