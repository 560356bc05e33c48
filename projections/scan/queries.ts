/**
 * The lookups a scanned code needs, each one indexed query: what a bare id names (a transfer, a
 * request, a label), a request by its number in a project, the instances carrying a serial number,
 * the asset type an asset number names, a part number's stock where the caller may look, and what a
 * warehouse location holds. They read several areas' tables, as a scan may name any of them; who may
 * see each answer is the server's to judge (server/scan/).
 */
import { sql } from 'kysely';
import type { Db } from '../../ledger/database.ts';

export interface ScannedTransfer {
  id: string;
  status: string;
  from_id: string;
  from_name: string;
  to_id: string;
  to_name: string;
}

export async function scannedTransfer(db: Db, id: string): Promise<ScannedTransfer | undefined> {
  return db.selectFrom('transfers').select(['id', 'status', 'from_id', 'from_name', 'to_id', 'to_name']).where('id', '=', id).executeTakeFirst();
}

export interface ScannedRequest {
  id: string;
  num: number;
  project_id: string;
  requester_id: string;
  status: string;
}

/** A request by its id, or by its number within a project (requests_project_num_key). */
export async function scannedRequest(db: Db, by: { id: string } | { projectId: string; num: number }): Promise<ScannedRequest | undefined> {
  const row = await db
    .selectFrom('requests')
    .select(['id', 'num', 'project_id', 'requester_id', 'status'])
    .$if('id' in by, (qb) => qb.where('id', '=', (by as { id: string }).id))
    .$if('num' in by, (qb) => {
      const { projectId, num } = by as { projectId: string; num: number };
      return qb.where('project_id', '=', projectId).where('num', '=', num);
    })
    .executeTakeFirst();
  return row ? { ...row, num: Number(row.num) } : undefined;
}

export interface ScannedLabel {
  id: string;
  project_id: string;
  label_lines: string[];
  system: string | null;
  cluster_pod: string | null;
}

export async function scannedLabel(db: Db, id: string): Promise<ScannedLabel | undefined> {
  return db.selectFrom('labels').select(['id', 'project_id', 'label_lines', 'system', 'cluster_pod']).where('id', '=', id).executeTakeFirst();
}

/** Whether an id is an asset instance's (the instance itself is read by findInstance). */
export async function isInstanceId(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('asset_instances').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** The live asset type an asset number names, without case (asset_catalog_number_live). */
export async function assetTypeByNumber(db: Db, assetNumber: string) {
  return db
    .selectFrom('asset_catalog')
    .select(['id', 'asset_number', 'asset_name', 'serial_required'])
    .where(sql<boolean>`lower(asset_number) = lower(${assetNumber})`)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The ids of the instances whose serial number is this one, without case, across every asset type. */
export async function instanceIdsBySerial(db: Db, serial: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('asset_instances')
    .select('id')
    .where(sql<boolean>`lower(serial_number) = lower(${serial})`)
    // Said outright so the partial index's predicate is plainly met.
    .where('serial_number', 'is not', null)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

export interface PartStock {
  material_id: string;
  part_number: string;
  part_name: string;
  location_kind: 'project' | 'warehouse';
  location_id: string;
  location_label: string;
  on_hand: number;
  field_assigned: number;
  lost_outstanding: number;
}

export interface PartScope {
  /** The page's own project and warehouse, already cleared for the caller: the part is shown there even with no stock yet. */
  projects: string[];
  warehouses: string[];
  /** With no page to look in: every project the user is a member of, and (admins) every warehouse, where the part is held. */
  elsewhere: { userId: string; warehouses: boolean } | null;
}

/** A part number's stock at each place of the scope, by the part's number without case (materials_part_number_lower). */
export async function partStock(db: Db, partNumber: string, scope: PartScope): Promise<PartStock[]> {
  const kinds = [...scope.projects.map(() => 'project'), ...scope.warehouses.map(() => 'warehouse')];
  const ids = [...scope.projects, ...scope.warehouses];
  const elsewhere = scope.elsewhere;
  // Raw SQL: the places are the page's own (held or not) united with those holding the part, joined laterally per part.
  const { rows } = await sql<PartStock>`
    select m.material_id, m.part_number, m.part_name, l.kind as location_kind, l.id as location_id,
           case when l.kind = 'warehouse' then '#' || w.num_id || ' · ' || w.name else p.project_number || ' · ' || p.project_name end as location_label,
           coalesce(s.on_hand, 0)::int as on_hand, coalesce(s.field_assigned, 0)::int as field_assigned,
           coalesce(s.lost_outstanding, 0)::int as lost_outstanding
      from materials m
      join lateral (
        select t.kind, t.id from unnest(${kinds}::text[], ${ids}::uuid[]) as t (kind, id)
        ${
          elsewhere
            ? sql`union
        select h.location_kind, h.location_id from material_stock h
         where h.material_id = m.material_id and h.on_hand + h.field_assigned + h.lost_outstanding > 0
           and ((h.location_kind = 'project' and exists (select 1 from project_members pm join projects ap on ap.id = pm.project_id
                                                          where pm.project_id = h.location_id and pm.user_id = ${elsewhere.userId} and ap.archived_at is null))
                ${elsewhere.warehouses ? sql`or h.location_kind = 'warehouse'` : sql``})`
            : sql``
        }
      ) l on true
      left join material_stock s on s.location_kind = l.kind and s.location_id = l.id and s.material_id = m.material_id
      left join warehouses w on l.kind = 'warehouse' and w.id = l.id
      left join projects p on l.kind = 'project' and p.id = l.id
     where lower(m.part_number) = lower(${partNumber})
       and (w.id is not null or p.id is not null)
     order by l.kind, 6`.execute(db);
  return rows.map((r) => ({ ...r, on_hand: Number(r.on_hand), field_assigned: Number(r.field_assigned), lost_outstanding: Number(r.lost_outstanding) }));
}

export interface PlaceHolding {
  material_id: string;
  part_number: string;
  part_name: string;
  qty: number;
  rack: string | null;
  shelf: string | null;
  bin: string | null;
  zone: string | null;
  notes: string | null;
}

/** A warehouse by its number, active or not (warehouses_num_id_key). */
export async function warehouseByNumber(db: Db, numId: number) {
  return db.selectFrom('warehouses').select(['id', 'num_id', 'name']).where('num_id', '=', numId).executeTakeFirst();
}

/** What one place of a warehouse holds, by part number (the primary key's warehouse, then the place's key). */
export async function placeHoldings(db: Db, warehouseId: string, placeKey: string): Promise<PlaceHolding[]> {
  const rows = await db
    .selectFrom('warehouse_stock_places as sp')
    .innerJoin('materials as m', 'm.material_id', 'sp.material_id')
    .select(['sp.material_id', 'm.part_number', 'm.part_name', 'sp.qty', 'sp.rack', 'sp.shelf', 'sp.bin', 'sp.zone', 'sp.notes'])
    .where('sp.warehouse_id', '=', warehouseId)
    .where('sp.place_key', '=', placeKey)
    .where('sp.qty', '>', 0)
    .orderBy('m.part_number')
    .execute();
  return rows.map((r) => ({ ...r, qty: Number(r.qty) }));
}
