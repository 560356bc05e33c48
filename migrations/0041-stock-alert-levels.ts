import { sql, type Kysely } from 'kysely';

/**
 * What the notification consumer remembers per project part, written in the transaction that
 * moves its checkpoint: the on hand after the last stock event it handled (at `stream_version`)
 * and the alert level that stock stood at, so a stock alert goes out once when on hand crosses
 * below a threshold, not again for every movement while it stays below.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table stock_alert_levels (
      project_id text not null,
      material_id text not null,
      stream_version integer not null,
      on_hand integer not null,
      level text not null check (level in ('ok', 'low', 'critical')),
      primary key (project_id, material_id)
    )`.execute(db);
}
