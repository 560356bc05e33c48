import { sql, type Kysely } from 'kysely';

/**
 * The inventory's ETag is read on every inventory request: these let it come from indexes alone,
 * the stream versions of a location's stock rows and the renamed parts of the catalogue.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index material_stock_location_versions on material_stock (location_kind, location_id) include (stream_version)`.execute(db);
  await sql`create index materials_renamed on materials (material_id) include (updated_at) where updated_at <> created_at`.execute(db);
}
