import { sql, type Kysely } from 'kysely';

/**
 * The inventory's ETag is read on every inventory request: this index lists the renamed parts of
 * the catalogue (few, and rarely changing), so the tag never joins a location's stock rows to the
 * whole catalogue. Stock rows get no index of their own for it: one on stream_version would stop
 * every stock update from being a HOT update on the command path.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index materials_renamed on materials (material_id) include (updated_at) where updated_at <> created_at`.execute(db);
}
