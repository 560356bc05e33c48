/**
 * Who may read people's names and e-mail addresses and the shared material catalogue, by the least
 * each role needs (spec 01 §6, written out in the permission matrix):
 * - the user directory (list, look-up by e-mail) is for those who can put people into projects: a
 *   superadmin, or a global admin who is a project admin somewhere;
 * - one user's names and e-mail: themselves, those who may use the directory, and anyone who shares a
 *   project with them (who sees them in that project's member list anyway);
 * - the catalogue of every project's part numbers: superadmins and global admins (the Material Catalog),
 *   and project admins and managers (who receive parts and pick existing numbers).
 */
import { DomainError } from '../../ledger/errors.ts';
import type { Db } from '../../ledger/database.ts';
import type { AuthenticatedUser } from '../auth/session-store.ts';
import { roleOf } from '../plugins/auth.ts';
import { holdsProjectRole, shareAProject } from '../../projections/projects/queries.ts';

export const DIRECTORY_REFUSED = 'Only a superadmin or a project administrator can look people up.';
export const USER_REFUSED = 'You can only see people you share a project with.';
export const CATALOGUE_REFUSED = 'Only admins and project managers can read the material catalogue.';

async function mayUseDirectory(db: Db, user: AuthenticatedUser): Promise<boolean> {
  const role = roleOf(user);
  return role === 'superadmin' || (role === 'admin' && (await holdsProjectRole(db, user.id, ['admin'])));
}

export async function assertMayUseDirectory(db: Db, user: AuthenticatedUser): Promise<void> {
  if (!(await mayUseDirectory(db, user))) throw new DomainError('FORBIDDEN', DIRECTORY_REFUSED);
}

export async function assertMayReadUser(db: Db, user: AuthenticatedUser, targetId: string): Promise<void> {
  if (user.id === targetId || (await mayUseDirectory(db, user)) || (await shareAProject(db, user.id, targetId))) return;
  throw new DomainError('FORBIDDEN', USER_REFUSED);
}

export async function assertMayReadCatalogue(db: Db, user: AuthenticatedUser): Promise<void> {
  const role = roleOf(user);
  if (role === 'superadmin' || role === 'admin' || (await holdsProjectRole(db, user.id, ['admin', 'manager']))) return;
  throw new DomainError('FORBIDDEN', CATALOGUE_REFUSED);
}
