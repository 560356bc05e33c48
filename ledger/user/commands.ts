import type { SecondFactorMethod, SignInMethod } from '../../contract/sign-in.ts';
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
  | { type: 'DeactivateUser'; data: Record<string, never> }
  | SecondFactorCommand;

/** `factorRequired`: the site's policy asks this person for a second factor (loaded with the command). */
export type SecondFactorCommand =
  | { type: 'RegisterPasskey'; data: { passkeyId: string; name: string } }
  | { type: 'RenamePasskey'; data: { passkeyId: string; name: string } }
  | { type: 'RemovePasskey'; data: { passkeyId: string; factorRequired: boolean } }
  | { type: 'EnrolAuthenticatorApp'; data: Record<string, never> }
  | { type: 'RemoveAuthenticatorApp'; data: { factorRequired: boolean } }
  | { type: 'GenerateRecoveryCodes'; data: { count: number } }
  | { type: 'ResetSecondFactors'; data: Record<string, never> }
  /** A sign-in that passed every step; with a recovery code, that code is used up in the same decision. */
  | { type: 'RecordSignIn'; data: { method: SignInMethod; secondFactor: SecondFactorMethod | null; provider: string | null } }
  | { type: 'LinkSingleSignOn'; data: { provider: string; email: string } };
