import { sql, type Kysely } from 'kysely';

/**
 * Each activity row carries its stock item's figures after it, in the order things happened, so
 * stock as of an instant is one index seek per part (on activity_log_item_time, read backwards)
 * instead of a sum over history. Existing rows are filled from their deltas here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['b_logistics', 'b_on_hand', 'b_field', 'b_lost']) {
    await sql`alter table activity_log add column ${sql.id(column)} integer`.execute(db);
  }
  await sql`
    update activity_log a
       set b_logistics = r.b_logistics, b_on_hand = r.b_on_hand, b_field = r.b_field, b_lost = r.b_lost
      from (select position,
                   sum(d_logistics) over w as b_logistics, sum(d_on_hand) over w as b_on_hand,
                   sum(d_field) over w as b_field, sum(d_lost) over w as b_lost
              from activity_log
            window w as (partition by location_kind, location_id, material_id order by occurred_at, position)) r
     where a.position = r.position`.execute(db);
  for (const column of ['b_logistics', 'b_on_hand', 'b_field', 'b_lost']) {
    await sql`alter table activity_log alter column ${sql.id(column)} set not null`.execute(db);
  }
}
