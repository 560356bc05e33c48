/** Reads of the project read tables used by the project, user and site routes. */
import { sql } from 'kysely';
import type { Db } from '../../../ledger/database.ts';
import type { ProjectRole } from '../../../ledger/project/events.ts';

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

/** Projects a user can see: every active one for a superadmin, else those they belong to; with their role. */
export async function visibleProjects(db: Db, user: { id: string; role: string }, options: { q?: string; role?: ProjectRole } = {}) {
  const all = user.role.toLowerCase() === 'superadmin' && !options.role;
  const q = options.q?.trim() ?? '';
  return db
    .selectFrom('projects as p')
    .leftJoin('project_members as m', (join) => join.onRef('m.project_id', '=', 'p.id').on('m.user_id', '=', user.id))
    .select([...projectColumns, 'm.project_role'])
    .where('p.archived_at', 'is', null)
    .$if(!all, (qb) => qb.where('m.user_id', 'is not', null))
    .$if(Boolean(options.role), (qb) => qb.where('m.project_role', '=', options.role!))
    .$if(q.length >= 2, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('p.project_name', 'ilike', `%${escapeLike(q)}%`),
          eb('p.project_number', 'ilike', `%${escapeLike(q)}%`),
          eb('p.project_customer', 'ilike', `%${escapeLike(q)}%`),
        ]),
      ),
    )
    .orderBy('p.project_number')
    .orderBy('p.num_id')
    .execute();
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function findProject(db: Db, projectId: string) {
  return db.selectFrom('projects as p').select(projectColumns).where('p.id', '=', projectId).where('p.archived_at', 'is', null).executeTakeFirst();
}

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
