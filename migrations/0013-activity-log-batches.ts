import { sql, type Kysely } from 'kysely';

/**
 * A bulk file is applied as one batch and can be reversed as one: each log row keeps the batch it
 * came from and, on a reversal, the batch it undoes. Indexed for finding a batch's rows and whether
 * it was reversed; most rows have neither, so the indexes are partial.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table activity_log add column batch_id uuid, add column reverses_batch_id uuid`.execute(db);
  await sql`create index activity_log_batch on activity_log (batch_id, position) where batch_id is not null`.execute(db);
  await sql`create index activity_log_reverses_batch on activity_log (reverses_batch_id) where reverses_batch_id is not null`.execute(db);
}
