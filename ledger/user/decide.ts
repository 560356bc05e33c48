/** The user aggregate: registration now; role, preference and deactivation changes build on it. */
import { DomainError } from '../errors.ts';
import type { Decider } from '../decider.ts';
import type { UserCommand } from './commands.ts';
import { GLOBAL_ROLES, type UserEvent } from './events.ts';

export interface UserState {
  registered: boolean;
  email: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      const { userId, role } = command.data;
      const email = command.data.email.trim().toLowerCase();
      const firstName = command.data.firstName.trim();
      const lastName = command.data.lastName.trim();
      if (state.registered) throw new DomainError('CONFLICT', 'This user is already registered.');
      if (!EMAIL.test(email)) throw new DomainError('VALIDATION', 'email: Enter a valid e-mail address');
      if (!GLOBAL_ROLES.includes(role)) throw new DomainError('VALIDATION', `role: Unknown role ${role}`);
      return [{ type: 'UserRegistered', data: { userId, email, firstName, lastName, role, emails: true, stockEmails: true } }];
    }
    default: {
      const unknown: never = command.type;
      throw new Error(`unknown command ${String(unknown)}`);
    }
  }
}

export function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { registered: true, email: event.data.email };
    default:
      return state;
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ registered: false, email: null }),
  decide,
  evolve,
};
