/**
 * What a batch of scans reads beside its streams, for every line at once: the live types its asset
 * numbers name (share-locked, as a single receive locks its type) and which scanned serials those
 * types already hold. A box of 500 serials is two queries, not a thousand.
 */
import { sql } from 'kysely';
import type { CatalogLookup } from '../../ledger/asset/commands.ts';
import type { CategoryKind } from '../../ledger/asset-category/events.ts';
import type { Db } from '../../ledger/database.ts';
import type { Trx } from '../../ledger/event-store/event-store.ts';

/** The live types by asset number in lower case. */
export async function catalogsByNumber(trx: Trx, assetNumbers: readonly string[]): Promise<Map<string, CatalogLookup>> {
  const wanted = [...new Set(assetNumbers.map((n) => n.trim().toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const { rows } = await sql<{ id: string; asset_number: string; asset_name: string; category: string; kind: CategoryKind; serial_required: boolean }>`
    select c.id, c.asset_number, c.asset_name, g.category, g.kind, c.serial_required
      from asset_catalog c join asset_categories g on g.id = c.category_id
     where lower(c.asset_number) = any(${wanted}::text[]) and c.deleted_at is null
       for share of c`.execute(trx);
  return new Map(
    rows.map((r) => [
      r.asset_number.toLowerCase(),
      {
        catalogId: r.id,
        assetNumber: r.asset_number,
        assetName: r.asset_name,
        categoryName: r.category,
        kind: r.kind,
        serialRequired: Boolean(r.serial_required),
      },
    ]),
  );
}

export const serialKey = (catalogId: string, serial: string) => `${catalogId}\n${serial.trim().toLowerCase()}`;

/** Of the (type, serial) pairs asked, those an instance holds already, as `serialKey`s. */
export async function serialsTaken(trx: Trx, pairs: ReadonlyArray<{ catalogId: string; serial: string }>): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const catalogIds = pairs.map((p) => p.catalogId);
  const serials = pairs.map((p) => p.serial.trim().toLowerCase());
  // The pairs side by side, so the unique index (catalog_id, lower(serial_number)) answers each.
  const { rows } = await sql<{ catalog_id: string; serial: string }>`
    select i.catalog_id, lower(i.serial_number) as serial
      from unnest(${catalogIds}::uuid[], ${serials}::text[]) as w(catalog_id, serial)
      join asset_instances i on i.catalog_id = w.catalog_id and lower(i.serial_number) = w.serial
     where i.serial_number is not null`.execute(trx);
  return new Set(rows.map((r) => serialKey(r.catalog_id, r.serial)));
}

/** The instances a batch of scanned codes names: by id, and by serial number (any type). */
export async function instancesFor(
  db: Db,
  ids: readonly string[],
  serials: readonly string[],
): Promise<Array<{ id: string; serial: string | null; project_id: string | null }>> {
  if (ids.length === 0 && serials.length === 0) return [];
  const lower = serials.map((s) => s.trim().toLowerCase());
  const { rows } = await sql<{ id: string; serial: string | null; project_id: string | null }>`
    select id, lower(serial_number) as serial, case when owner_type = 'project' then owner_id end as project_id
      from asset_instances
     where id = any(${[...ids]}::uuid[]) or lower(serial_number) = any(${lower}::text[])`.execute(db);
  return rows;
}
