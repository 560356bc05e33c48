/**
 * Reads of `material_stock` and `material_assignments`: the inventory of a location now or at an
 * instant (whole, or a page searched and sorted), one item, its holders, pickers, totals, and the
 * tag that changes exactly when any of those answers would.
 */
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { InventoryRow, InventorySortKey } from '../../contract/materials.ts';
import type { Db } from '../../ledger/database.ts';
import type { StockLocation } from '../../ledger/stock-item/events.ts';
import { DEFAULT_CRITICAL_THRESHOLD, DEFAULT_LOW_THRESHOLD } from '../../ledger/stock-item/stock-numbers.ts';
import { containing, escapeLike } from '../like.ts';
import { stockFiguresAsOfQuery } from '../activity-log/stock-as-of.ts';

export type { InventoryRow };

/** One location's figures of one part, as the inventory queries select them. */
export interface StockFigures {
  material_id: string;
  part_number: string;
  part_name: string;
  part_nickname: string;
  logistics_qty: number;
  on_hand: number;
  field_assigned: number;
  lost_outstanding: number;
  in_transit: number;
  incoming: number;
  low_threshold: number | null;
  critical_threshold: number | null;
  low_stock_default: number | null;
  critical_stock_default: number | null;
}

export function toRow(location: StockLocation, r: StockFigures): InventoryRow {
  return {
    ProjectID: location.kind === 'project' ? location.id : null,
    warehouse_id: location.kind === 'warehouse' ? location.id : null,
    material_id: r.material_id,
    PartNumber: r.part_number,
    PartName: r.part_name,
    StandardName: r.part_nickname,
    part_number: r.part_number,
    part_name: r.part_name,
    part_nickname: r.part_nickname,
    MatVendorQty: Number(r.logistics_qty),
    QtyOnHand: Number(r.on_hand),
    FieldAssigned: Number(r.field_assigned),
    QtyLost: Number(r.lost_outstanding),
    QtyInTransit: Number(r.in_transit),
    QtyIncoming: Number(r.incoming),
    // A part's own threshold wins, then the project's, then the defaults (15 and 0).
    LowStockWarning: Number(r.low_threshold ?? r.low_stock_default ?? DEFAULT_LOW_THRESHOLD),
    CriticalStockWarning: Number(r.critical_threshold ?? r.critical_stock_default ?? DEFAULT_CRITICAL_THRESHOLD),
  };
}

function currentFigures(location: StockLocation): RawBuilder<StockFigures> {
  return sql<StockFigures>`
    select s.material_id, m.part_number, m.part_name, m.part_nickname,
           s.logistics_qty, s.on_hand, s.field_assigned, s.lost_outstanding, s.in_transit, s.incoming, s.low_threshold, s.critical_threshold,
           p.low_stock_default, p.critical_stock_default
      from material_stock s
      join materials m on m.material_id = s.material_id
      left join projects p on s.location_kind = 'project' and p.id = s.location_id
     where s.location_kind = ${location.kind} and s.location_id = ${location.id}`;
}

/**
 * Stock as it stood at an instant (by when things happened): each part's running figures on its
 * latest movement at or before it; with `knownOn`, only what had been recorded by then.
 */
const figuresAsOf = (location: StockLocation, asOf: Date, knownOn: Date | null): RawBuilder<StockFigures> => stockFiguresAsOfQuery(location, asOf, knownOn);

const SORT_COLUMNS: Record<InventorySortKey, string> = {
  PartNumber: 'part_number',
  PartName: 'part_name',
  StandardName: 'part_nickname',
  MatVendorQty: 'logistics_qty',
  QtyOnHand: 'on_hand',
  FieldAssigned: 'field_assigned',
  QtyLost: 'lost_outstanding',
};

export interface InventoryOptions {
  /** Only this part (its number, compared without case). */
  partNumber?: string;
  /** Parts whose number, name or nickname contains this text. */
  q?: string;
  sort?: { key: InventorySortKey; descending: boolean };
  /** A page: at most `limit` rows after skipping `offset`; absent means every row. */
  limit?: number;
  offset?: number;
  /** Stock as it stood then; absent means now. */
  asOf?: Date | null;
  /** Only what the ledger had recorded by then (recorded_at); absent means everything. */
  knownOn?: Date | null;
}

/** A location's inventory, searched, sorted (by part number unless told) and paged; `total` counts every match. */
export async function inventoryPage(db: Db, location: StockLocation, options: InventoryOptions = {}): Promise<{ items: InventoryRow[]; total: number }> {
  const asOf = options.asOf ?? options.knownOn ?? null;
  const figures = asOf ? figuresAsOf(location, asOf, options.knownOn ?? null) : currentFigures(location);
  const text = options.q?.trim() ?? '';
  const like = containing(text);
  const column = sql.ref(SORT_COLUMNS[options.sort?.key ?? 'PartNumber']);
  const direction = options.sort?.descending ? sql`desc` : sql`asc`;
  const offset = options.offset ?? 0;
  const { rows } = await sql<StockFigures & { total: number }>`
    select f.*, count(*) over ()::int as total
      from (${figures}) f
     where true
       ${options.partNumber !== undefined ? sql`and lower(f.part_number) = lower(${options.partNumber})` : sql``}
       ${text ? sql`and (f.part_number ilike ${like} or f.part_name ilike ${like} or f.part_nickname ilike ${like})` : sql``}
     order by ${column} ${direction}, f.part_number
     ${options.limit !== undefined ? sql`limit ${options.limit}` : sql``}
     offset ${offset}`.execute(db);
  // A page past the end has no row to carry the count: count the matches on their own then.
  const total = rows[0]?.total ?? (offset > 0 ? (await inventoryPage(db, location, { ...options, limit: 1, offset: 0 })).total : 0);
  return { items: rows.map((r) => toRow(location, r)), total: Number(total) };
}

/** Every part of a location's stock now, by part number (or the one part asked for). */
export async function inventory(db: Db, location: StockLocation, options: { partNumber?: string } = {}): Promise<InventoryRow[]> {
  return (await inventoryPage(db, location, options)).items;
}

/** Every part of a location's stock as it stood at an instant. */
export async function inventoryAsOf(db: Db, location: StockLocation, asOf: Date): Promise<InventoryRow[]> {
  return (await inventoryPage(db, location, { asOf })).items;
}

/** One part of a location's stock now, or undefined. */
export async function stockItem(db: Db, location: StockLocation, partNumber: string): Promise<InventoryRow | undefined> {
  return (await inventory(db, location, { partNumber: partNumber.trim() }))[0];
}

/**
 * A tag of everything a location's inventory answer depends on, in one small indexed read: the
 * sum of its stock rows' stream versions grows with every movement and threshold change there; the
 * edit times of renamed parts held there change with a rename of one of them (and of no other
 * part); the project's own thresholds are taken as they are. Equal tags mean equal answers.
 */
export async function inventoryTag(db: Db, location: StockLocation): Promise<string> {
  const { rows } = await sql<{ stock: string; renamed: string; project: string | null }>`
    select (select count(*) || ':' || coalesce(sum(stream_version), 0)
              from material_stock where location_kind = ${location.kind} and location_id = ${location.id}) as stock,
           (select coalesce(sum(extract(epoch from m.updated_at)), 0)::text
              from materials m
             where m.updated_at <> m.created_at
               and exists (select 1 from material_stock s
                            where s.location_kind = ${location.kind} and s.location_id = ${location.id} and s.material_id = m.material_id)) as renamed,
           (select coalesce(low_stock_default::text, '-') || ':' || coalesce(critical_stock_default::text, '-')
              from projects where ${location.kind} = 'project' and id = ${location.id}::uuid) as project`.execute(db);
  const row = rows[0]!;
  return createHash('sha1')
    .update(`${row.stock}|${row.renamed}|${row.project ?? ''}`)
    .digest('base64url')
    .slice(0, 20);
}

export async function holders(db: Db, location: StockLocation, materialId: string) {
  return db
    .selectFrom('material_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['u.id', 'u.email', 'u.user_firstname', 'u.user_lastname', 'a.qty'])
    .where('a.location_kind', '=', location.kind)
    .where('a.location_id', '=', location.id)
    .where('a.material_id', '=', materialId)
    .where('a.qty', '>', 0)
    .orderBy(sql`lower(u.user_lastname)`)
    .orderBy(sql`lower(u.user_firstname)`)
    .execute();
}

/** A part as pickers show it: "number — name (nickname)". */
export const partDisplay = (m: { part_number: string; part_name: string; part_nickname: string }) =>
  `${m.part_number} — ${m.part_name}${m.part_nickname && m.part_nickname !== m.part_name ? ` (${m.part_nickname})` : ''}`;

/** Parts of a location's stock matching a text, numbers starting with it first; `total` counts every match. */
export async function searchStock(db: Db, location: StockLocation, q: string, limit: number) {
  const text = q.trim();
  const rows = await db
    .selectFrom('material_stock as s')
    .innerJoin('materials as m', 'm.material_id', 's.material_id')
    .select(['m.material_id', 'm.part_number', 'm.part_name', 'm.part_nickname', sql<number>`count(*) over ()::int`.as('total')])
    .where('s.location_kind', '=', location.kind)
    .where('s.location_id', '=', location.id)
    .$if(text.length > 0, (qb) =>
      qb.where((eb) => {
        const like = containing(text);
        return eb.or([eb('m.part_number', 'ilike', like), eb('m.part_name', 'ilike', like), eb('m.part_nickname', 'ilike', like)]);
      }),
    )
    .orderBy(sql`m.part_number ilike ${`${escapeLike(text)}%`}`, 'desc')
    .orderBy('m.part_number')
    .limit(limit)
    .execute();
  return {
    items: rows.map(({ total: _total, ...m }) => ({ ...m, display: partDisplay(m) })),
    total: Number(rows[0]?.total ?? 0),
  };
}

/** The totals of a location's stock: parts, units in each figure, and parts at low or critical stock. */
export async function stockTotals(db: Db, location: StockLocation) {
  const rows = await inventory(db, location);
  const critical = (r: InventoryRow) => r.QtyOnHand <= 0 || r.QtyOnHand <= r.CriticalStockWarning;
  return {
    parts: rows.length,
    on_hand: rows.reduce((n, r) => n + r.QtyOnHand, 0),
    field_assigned: rows.reduce((n, r) => n + r.FieldAssigned, 0),
    lost: rows.reduce((n, r) => n + r.QtyLost, 0),
    critical_stock: rows.filter(critical).length,
    low_stock: rows.filter((r) => !critical(r) && r.QtyOnHand < r.LowStockWarning).length,
  };
}
