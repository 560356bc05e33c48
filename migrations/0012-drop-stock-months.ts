import { sql, type Kysely } from 'kysely';

/** Stock as of an instant now comes from the running figures on each activity row (0011); the monthly totals are no longer read. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists material_stock_months`.execute(db);
  await sql`delete from projection_checkpoints where name = 'stock_months'`.execute(db);
}
