import { sql, type Kysely } from 'kysely';

/**
 * The deltas of each material per location per calendar month (UTC). Stock as of an instant is the
 * sum of the whole months before it plus the activity log within its month: a few rows per part
 * instead of every movement since the project began.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table material_stock_months (
      location_kind text not null,
      location_id uuid not null,
      material_id uuid not null,
      month date not null,
      d_logistics integer not null,
      d_on_hand integer not null,
      d_field integer not null,
      d_lost integer not null,
      primary key (location_kind, location_id, month, material_id)
    )`.execute(db);
}
