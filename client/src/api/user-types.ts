/** Users as the user-management API returns them (spec 02 §3 "User"): the shapes come from contract/. */
import type { GlobalRole } from '../shared/session/session-types.ts';

export type { UserPage, UserRow } from '@contract/users.ts';
export { USER_PAGE_SIZE } from '@contract/limits.ts';

export interface InviteRequest {
  first_name: string;
  last_name: string;
  email: string;
  role: GlobalRole;
}

export const GLOBAL_ROLES: readonly { value: GlobalRole; label: string }[] = [
  { value: 'guest', label: 'Guest' },
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
  { value: 'superadmin', label: 'Superadmin' },
  { value: 'auditor', label: 'Auditor' },
];

export function roleLabel(role: string | null | undefined): string {
  const value = role?.toLowerCase();
  return GLOBAL_ROLES.find((r) => r.value === value)?.label ?? role ?? '—';
}

/** Name for tables: first and last name, else the e-mail address (shared with other screens). */
export { personName } from '../shared/format.ts';
