/**
 * The unread count of the Requests badge (spec 01 §6: a manager's count): requests others submitted
 * in the project since the manager last marked it read. When someone read a list is not a ledger
 * fact, so the marks live in a plain table, one row per person and project.
 */
import { sql } from 'kysely';
import type { Db } from '../../ledger/database.ts';

export async function unreadCount(db: Db, userId: string, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('requests as r')
    .leftJoin('request_reads as m', (join) => join.on('m.user_id', '=', userId).on('m.project_id', '=', projectId))
    .select(sql<number>`count(*)::int`.as('n'))
    .where('r.project_id', '=', projectId)
    .where('r.requester_id', '!=', userId)
    .where((eb) => eb.or([eb('m.read_at', 'is', null), eb('r.request_date', '>', eb.ref('m.read_at'))]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function markRead(db: Db, userId: string, projectId: string, now: Date): Promise<void> {
  await db
    .insertInto('request_reads')
    .values({ user_id: userId, project_id: projectId, read_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'project_id']).doUpdateSet({ read_at: now }))
    .execute();
}
