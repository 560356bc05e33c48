/** Users as the user-management API returns them (spec 02 §3 "User", server contract). */
import type { GlobalRole } from '../app/session/session-types.ts';

export interface UserRow {
  id: string;
  uuid: string;
  user_id: string;
  email: string;
  user_email: string;
  user_firstname: string;
  user_lastname: string;
  role: GlobalRole;
  user_role: GlobalRole;
  created_at: string;
  emails: boolean;
  stock_emails: boolean;
  status: 'active' | 'invited';
}

export interface UserPage {
  items: UserRow[];
  total: number;
}

export interface InviteRequest {
  first_name: string;
  last_name: string;
  email: string;
  role: GlobalRole;
}

export const USER_PAGE_SIZE = 25;

export const GLOBAL_ROLES: readonly { value: GlobalRole; label: string }[] = [
  { value: 'guest', label: 'Guest' },
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
  { value: 'superadmin', label: 'Superadmin' },
];

export function roleLabel(role: string | null | undefined): string {
  const value = role?.toLowerCase();
  return GLOBAL_ROLES.find((r) => r.value === value)?.label ?? role ?? '—';
}

/** Name for tables: first and last name, else the e-mail address (shared with other screens). */
export { personName } from '../app/format.ts';
