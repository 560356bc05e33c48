import { sql, type Kysely } from 'kysely';

/** The log screens filter by type (Assign/Unassign) and time: an index in that order serves both. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index activity_log_location_type_time on activity_log (location_kind, location_id, log_type, occurred_at desc, position desc)`.execute(db);
}
