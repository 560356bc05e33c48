import { sql, type Kysely } from 'kysely';

/**
 * Corrections: a compensating event's activity row names the row it corrects. An entry is corrected
 * once, which the unique partial index also holds against two corrections racing; the screens find
 * a row's correction through it. Rows recorded well after they happened (a back-dated correction)
 * get a partial index by recording time, so "as known on" a day can take out what was learned
 * later without reading the whole history; ordinary rows (recorded as they happen) stay out of it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table activity_log drop constraint activity_log_log_type_check`.execute(db);
  await sql`alter table activity_log add constraint activity_log_log_type_check
              check (log_type in ('Receive', 'Return', 'Assign', 'Unassign', 'Lost', 'Found', 'Relocate', 'Transfer', 'Correction'))`.execute(db);
  await sql`alter table activity_log add column corrects_position bigint`.execute(db);
  await sql`create unique index activity_log_corrects on activity_log (corrects_position) where corrects_position is not null`.execute(db);
  await sql`create index activity_log_recorded_late on activity_log (location_kind, location_id, recorded_at)
              where recorded_at - occurred_at > interval '1 second'`.execute(db);
}
