/**
 * What asset decisions read beside their streams: the freeze, the type and its category, whether a
 * serial is taken, whether a warehouse or project exists (and a warehouse is active), whether a user
 * is a member of a project, and what uses a category or type before it is deleted. The rows a
 * deletion counts are locked first, so no receive slips in between the count and the event.
 */
import { sql } from 'kysely';
import type { CatalogLookup, OwnerLookup } from '../../ledger/asset/commands.ts';
import type { Owner } from '../../ledger/asset/events.ts';
import type { CategoryKind } from '../../ledger/asset-category/events.ts';
import type { Trx } from '../../ledger/event-store/event-store.ts';

export async function isFrozen(trx: Trx): Promise<boolean> {
  const { rows } = await sql<{ frozen: boolean }>`select coalesce((select freeze_transactions from site_settings where id = 1), false) as frozen`.execute(trx);
  return Boolean(rows[0]?.frozen);
}

export async function ownerLookup(trx: Trx, owner: { type: Owner['type']; id: string } | null): Promise<OwnerLookup> {
  if (!owner) return null;
  if (owner.type === 'warehouse') {
    const { rows } = await sql<{ active: boolean }>`select deactivated_at is null as active from warehouses where id = ${owner.id}`.execute(trx);
    return rows[0] ? { active: Boolean(rows[0].active) } : null;
  }
  const { rows } = await sql<{ id: string }>`select id from projects where id = ${owner.id} and archived_at is null`.execute(trx);
  return rows[0] ? { active: true } : null;
}

/** The live type with its category, the row share-locked so a deletion waits for this command. */
export async function catalogLookup(trx: Trx, catalogId: string): Promise<CatalogLookup | null> {
  const { rows } = await sql<{ id: string; asset_number: string; asset_name: string; category: string; kind: CategoryKind; serial_required: boolean }>`
    select c.id, c.asset_number, c.asset_name, g.category, g.kind, c.serial_required
      from asset_catalog c join asset_categories g on g.id = c.category_id
     where c.id = ${catalogId} and c.deleted_at is null
       for share of c`.execute(trx);
  const r = rows[0];
  return r
    ? {
        catalogId: r.id,
        assetNumber: r.asset_number,
        assetName: r.asset_name,
        categoryName: r.category,
        kind: r.kind,
        serialRequired: Boolean(r.serial_required),
      }
    : null;
}

export async function serialTaken(trx: Trx, catalogId: string, serial: string | null, exceptInstance?: string): Promise<boolean> {
  const trimmed = (serial ?? '').trim();
  if (!trimmed) return false;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from asset_instances
     where catalog_id = ${catalogId} and lower(serial_number) = lower(${trimmed}) ${exceptInstance ? sql`and id <> ${exceptInstance}` : sql``}`.execute(trx);
  return Number(rows[0]?.n ?? 0) > 0;
}

/** The live projects an active user belongs to. */
export async function projectsOfUser(trx: Trx, userId: string): Promise<string[]> {
  const { rows } = await sql<{ project_id: string }>`
    select m.project_id from project_members m join users u on u.id = m.user_id join projects p on p.id = m.project_id
     where m.user_id = ${userId} and u.deactivated_at is null and p.archived_at is null`.execute(trx);
  return rows.map((r) => r.project_id);
}

export async function categoryKind(trx: Trx, categoryId: string): Promise<{ kind: CategoryKind } | null> {
  const { rows } = await sql<{ kind: CategoryKind }>`select kind from asset_categories where id = ${categoryId} and deleted_at is null for share`.execute(trx);
  return rows[0] ? { kind: rows[0].kind } : null;
}

export async function categoryNameTaken(trx: Trx, name: string, exceptId: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from asset_categories where lower(category) = lower(${name.trim()}) and deleted_at is null and id <> ${exceptId}`.execute(trx);
  return Number(rows[0]?.n ?? 0) > 0;
}

/** Asset numbers of the live types in a category, the category's row locked first. */
export async function categoryUsedBy(trx: Trx, categoryId: string): Promise<string[]> {
  await sql`select id from asset_categories where id = ${categoryId} for update`.execute(trx);
  const { rows } = await sql<{ asset_number: string }>`
    select asset_number from asset_catalog where category_id = ${categoryId} and deleted_at is null order by lower(asset_number)`.execute(trx);
  return rows.map((r) => r.asset_number);
}

export async function assetNumberTaken(trx: Trx, assetNumber: string, exceptId: string): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from asset_catalog where lower(asset_number) = lower(${assetNumber.trim()}) and deleted_at is null and id <> ${exceptId}`.execute(
    trx,
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

/** Instances of a type and its bulk units held anywhere (on hand and lost; assigned units are on a project's hand). */
export async function catalogUse(trx: Trx, catalogId: string, lock: boolean): Promise<{ instances: number; units: number }> {
  if (lock) await sql`select id from asset_catalog where id = ${catalogId} for update`.execute(trx);
  const { rows } = await sql<{ instances: number; units: number }>`
    select (select count(*) from asset_instances where catalog_id = ${catalogId})::int as instances,
           (select coalesce(sum(on_hand + lost), 0) from asset_stock where catalog_id = ${catalogId})::int as units`.execute(trx);
  return { instances: Number(rows[0]?.instances ?? 0), units: Number(rows[0]?.units ?? 0) };
}
