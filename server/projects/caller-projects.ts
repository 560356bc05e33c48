/** The projects a caller is shown (projections/projects/queries.ts), narrowed to its API token's projects. */
import type { ProjectWithRole } from '../../contract/projects.ts';
import { visibleProjects } from '../../projections/projects/queries.ts';
import type { Db } from '../../ledger/database.ts';
import type { AccessCache } from '../auth/access-cache.ts';
import type { AuthenticatedUser } from '../auth/session-store.ts';
import { tokenProjects } from '../auth/token-limits.ts';

export async function callerProjects(
  db: Db,
  access: AccessCache,
  caller: AuthenticatedUser,
  options: { q?: string; all?: boolean } = {},
): Promise<ProjectWithRole[]> {
  const limits = tokenProjects(caller);
  if (limits === null) return visibleProjects(db, caller, options);
  if (caller.token?.kind === 'personal') return (await visibleProjects(db, caller, options)).filter((p) => limits.includes(p.id));
  // A service token is nobody's member: its project is listed with the role the token has there.
  const listed = (await visibleProjects(db, caller, { q: options.q, all: true })).filter((p) => limits.includes(p.id));
  return Promise.all(listed.map(async (p) => ({ ...p, project_role: (await access.membership(caller.id, p.id)).role })));
}
