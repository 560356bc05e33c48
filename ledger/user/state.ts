/**
 * A user account. Loaded by folding its stream: a handful of events (invited, activated, role, preferences, second factors, sign-ins).
 */
import type { GlobalRole } from './events.ts';

export interface UserState {
  userId: string | null;
  status: 'none' | 'invited' | 'active' | 'deactivated';
  email: string | null;
  role: GlobalRole | null;
  emails: boolean;
  stockEmails: boolean;
  /** Passkeys by id, with their names. */
  passkeys: Record<string, string>;
  authenticatorApp: boolean;
  /** Recovery codes not yet used. */
  recoveryCodes: number;
}

export const secondFactorCount = (state: Pick<UserState, 'passkeys' | 'authenticatorApp'>): number =>
  Object.keys(state.passkeys).length + (state.authenticatorApp ? 1 : 0);

export const initialUserState = (): UserState => ({
  userId: null,
  status: 'none',
  email: null,
  role: null,
  emails: true,
  stockEmails: true,
  passkeys: {},
  authenticatorApp: false,
  recoveryCodes: 0,
});
