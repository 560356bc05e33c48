/** Reads of `projects` and `project_members`: visible projects with the caller's role, one project, its members. */
import { sql, type Selectable } from 'kysely';
import type { Project, ProjectRole, ProjectWithRole } from '../../contract/projects.ts';
import type { Db } from '../../ledger/database.ts';
import type { ProjectsTable } from '../../migrations/schema.ts';
import { containing } from '../like.ts';

const projectColumns = [
  'p.id',
  'p.num_id',
  'p.project_name',
  'p.project_customer',
  'p.project_number',
  'p.created_at',
  'p.managing_logistics',
  'p.hide_from_transfer_list',
] as const;

type ProjectColumns = Pick<
  Selectable<ProjectsTable>,
  'id' | 'num_id' | 'project_name' | 'project_customer' | 'project_number' | 'created_at' | 'managing_logistics' | 'hide_from_transfer_list'
>;

export function toProject(row: ProjectColumns): Project {
  return {
    id: row.id,
    num_id: row.num_id,
    project_name: row.project_name,
    project_customer: row.project_customer,
    project_number: row.project_number,
    created_at: row.created_at.toISOString(),
    managing_logistics: row.managing_logistics,
    hide_from_transfer_list: row.hide_from_transfer_list,
  };
}

/**
 * Projects a user can see: every active one for a superadmin (who acts as admin where not a
 * member), else those they belong to; with their project role; searched from 2 characters.
 */
export async function visibleProjects(
  db: Db,
  user: { id: string; role: string },
  options: { q?: string; role?: ProjectRole; all?: boolean } = {},
): Promise<ProjectWithRole[]> {
  const superadmin = user.role.toLowerCase() === 'superadmin';
  // An auditor reads every project's logs, so every project is listed for them (with no role in it).
  const all = (superadmin || user.role.toLowerCase() === 'auditor' || options.all === true) && !options.role;
  const q = options.q?.trim() ?? '';
  const rows = await db
    .selectFrom('projects as p')
    .leftJoin('project_members as m', (join) => join.onRef('m.project_id', '=', 'p.id').on('m.user_id', '=', user.id))
    .select([...projectColumns, 'm.project_role'])
    .where('p.archived_at', 'is', null)
    .$if(!all, (qb) => qb.where('m.user_id', 'is not', null))
    .$if(Boolean(options.role), (qb) => qb.where('m.project_role', '=', options.role!))
    .$if(q.length >= 2, (qb) =>
      qb.where((eb) =>
        eb.or([eb('p.project_name', 'ilike', containing(q)), eb('p.project_number', 'ilike', containing(q)), eb('p.project_customer', 'ilike', containing(q))]),
      ),
    )
    .orderBy('p.project_number')
    .orderBy('p.num_id')
    .execute();
  return rows.map((p) => ({ ...toProject(p), project_role: p.project_role ?? (superadmin ? 'admin' : null) }));
}

/** An active project, or undefined. */
export async function findProject(db: Db, projectId: string): Promise<Project | undefined> {
  const row = await db.selectFrom('projects as p').select(projectColumns).where('p.id', '=', projectId).where('p.archived_at', 'is', null).executeTakeFirst();
  return row ? toProject(row) : undefined;
}

/** Active members of a project with their roles, by last then first name. */
export async function projectMembers(db: Db, projectId: string) {
  return db
    .selectFrom('project_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.user_firstname', 'u.user_lastname', 'u.email', 'm.project_role'])
    .where('m.project_id', '=', projectId)
    .where('u.deactivated_at', 'is', null)
    .orderBy(sql`lower(u.user_lastname)`)
    .orderBy(sql`lower(u.user_firstname)`)
    .execute();
}

/** Whether the user holds one of these roles in at least one active project. */
export async function holdsProjectRole(db: Db, userId: string, roles: readonly ProjectRole[]): Promise<boolean> {
  const row = await db
    .selectFrom('project_members as m')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .select('m.project_id')
    .where('m.user_id', '=', userId)
    .where('m.project_role', 'in', [...roles])
    .where('p.archived_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether two users are members of one active project together. */
export async function shareAProject(db: Db, userId: string, otherId: string): Promise<boolean> {
  const row = await db
    .selectFrom('project_members as a')
    .innerJoin('project_members as b', 'b.project_id', 'a.project_id')
    .innerJoin('projects as p', 'p.id', 'a.project_id')
    .select('a.project_id')
    .where('a.user_id', '=', userId)
    .where('b.user_id', '=', otherId)
    .where('p.archived_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
