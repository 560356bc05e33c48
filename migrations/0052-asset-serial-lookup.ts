import { sql, type Kysely } from 'kysely';

/**
 * A scanned serial number is looked up across every asset type (a manufacturer's Code 128 does not
 * say which type it is): the unique index on (catalog_id, lower(serial_number)) cannot answer that
 * without a type, so the serial alone gets its own index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index asset_instances_serial_lookup on asset_instances (lower(serial_number)) where serial_number is not null`.execute(db);
}
