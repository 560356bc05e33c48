import type { UserEvent } from './events.ts';
import type { UserState } from './state.ts';

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
    case 'UserInvited': {
      const d = event.data;
      return {
        ...state,
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
    case 'PasskeyRegistered':
    case 'PasskeyRenamed':
      return { ...state, passkeys: { ...state.passkeys, [event.data.passkeyId]: event.data.name } };
    case 'PasskeyRemoved': {
      const { [event.data.passkeyId]: _removed, ...passkeys } = state.passkeys;
      return { ...state, passkeys };
    }
    case 'AuthenticatorAppEnrolled':
      return { ...state, authenticatorApp: true };
    case 'AuthenticatorAppRemoved':
      return { ...state, authenticatorApp: false };
    case 'RecoveryCodesGenerated':
      return { ...state, recoveryCodes: event.data.count };
    case 'RecoveryCodeUsed':
      return { ...state, recoveryCodes: event.data.remaining };
    case 'SecondFactorsReset':
      return { ...state, passkeys: {}, authenticatorApp: false, recoveryCodes: 0 };
    case 'UserSignedIn':
    case 'SingleSignOnLinked':
      return state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
