/** The user aggregate: registration and invitation, activation, role, e-mail preferences, deactivation; sign-in rules in decide-factors.ts. */
import { USER_NOT_FOUND } from '../../contract/messages.ts';
import { DomainError } from '../errors.ts';
import type { Decider } from '../decider.ts';
import type { UserCommand } from './commands.ts';
import { GLOBAL_ROLES } from '../../contract/roles.ts';
import type { GlobalRole, UserEvent } from './events.ts';
import { decideFactors } from './decide-factors.ts';
import { evolve } from './evolve.ts';
import { initialUserState, type UserState } from './state.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function newProfile(data: { userId: string; email: string; firstName: string; lastName: string; role: GlobalRole }) {
  const email = data.email.trim().toLowerCase();
  const firstName = data.firstName.trim();
  const lastName = data.lastName.trim();
  if (!EMAIL.test(email)) throw new DomainError('VALIDATION', 'email: Enter a valid e-mail address');
  if (!GLOBAL_ROLES.includes(data.role)) throw new DomainError('VALIDATION', `role: Unknown role ${data.role}`);
  return { userId: data.userId, email, firstName, lastName, role: data.role, emails: true, stockEmails: true };
}

function requireExisting(state: UserState): string {
  if (state.status === 'none' || state.status === 'deactivated' || !state.userId) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
  return state.userId;
}

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      if (state.status !== 'none') throw new DomainError('CONFLICT', 'This user is already registered.');
      return [{ type: 'UserRegistered', data: newProfile(command.data) }];
    case 'InviteUser':
      if (state.status !== 'none') throw new DomainError('CONFLICT', 'This user is already registered.');
      return [{ type: 'UserInvited', data: { ...newProfile(command.data), invitedBy: command.data.invitedBy } }];
    case 'ActivateUser': {
      const userId = requireExisting(state);
      return state.status === 'invited' ? [{ type: 'UserActivated', data: { userId } }] : [];
    }
    case 'ChangeUserRole': {
      const userId = requireExisting(state);
      if (!GLOBAL_ROLES.includes(command.data.role)) throw new DomainError('VALIDATION', `role: Unknown role ${command.data.role}`);
      if (command.data.role === state.role) return [];
      return [{ type: 'UserRoleChanged', data: { userId, role: command.data.role, previousRole: state.role! } }];
    }
    case 'SetEmailPreferences': {
      const userId = requireExisting(state);
      const emails = command.data.emails ?? state.emails;
      const stockEmails = command.data.stockEmails ?? state.stockEmails;
      if (emails === state.emails && stockEmails === state.stockEmails) return [];
      return [{ type: 'UserEmailPreferencesChanged', data: { userId, emails, stockEmails } }];
    }
    case 'DeactivateUser': {
      const userId = requireExisting(state);
      return [{ type: 'UserDeactivated', data: { userId } }];
    }
    default:
      return decideFactors(command, state, requireExisting(state));
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  decide,
  evolve,
};
