import type { GlobalRole } from './events.ts';

interface NewUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: GlobalRole;
}

export type UserCommand =
  | { type: 'RegisterUser'; data: NewUser }
  | { type: 'InviteUser'; data: NewUser & { invitedBy: string | null } }
  | { type: 'ActivateUser'; data: Record<string, never> }
  | { type: 'ChangeUserRole'; data: { role: GlobalRole } }
  | { type: 'SetEmailPreferences'; data: { emails?: boolean; stockEmails?: boolean } }
  | { type: 'DeactivateUser'; data: Record<string, never> };
