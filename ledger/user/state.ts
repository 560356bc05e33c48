/**
 * A user account. Loaded by folding its stream: a handful of events (invited, activated, role, preferences).
 */
import type { GlobalRole } from './events.ts';

export interface UserState {
  userId: string | null;
  status: 'none' | 'invited' | 'active' | 'deactivated';
  email: string | null;
  role: GlobalRole | null;
  emails: boolean;
  stockEmails: boolean;
}

export const initialUserState = (): UserState => ({ userId: null, status: 'none', email: null, role: null, emails: true, stockEmails: true });
