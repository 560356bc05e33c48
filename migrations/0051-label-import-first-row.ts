import { sql, type Kysely } from 'kysely';

/**
 * A label import job keeps the person's word on a preformatted file's first row: true leaves it
 * out as column names, false imports it as a label, null lets the file's look decide. The job reads
 * its file again when it runs (and when it resumes), so the choice must travel with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table label_import_jobs add column first_row_header boolean`.execute(db);
}
