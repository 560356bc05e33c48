/** Reads of stock: the inventory of a location now or at an instant, one item, its holders, its history. */
import { sql } from 'kysely';
import type { Db } from '../../ledger/database.ts';
import type { StockLocation } from '../../ledger/stock-item/events.ts';
import { DEFAULT_CRITICAL_THRESHOLD, DEFAULT_LOW_THRESHOLD } from '../../ledger/stock-item/stock-numbers.ts';
import { monthOf } from '../../projections/stock-months/projector.ts';
import { stockFiguresAsOf } from '../../projections/activity-log/stock-as-of.ts';

export interface InventoryRow {
  ProjectID: string | null;
  warehouse_id: string | null;
  material_id: string;
  PartNumber: string;
  PartName: string;
  StandardName: string;
  part_number: string;
  part_name: string;
  part_nickname: string;
  MatVendorQty: number;
  QtyOnHand: number;
  FieldAssigned: number;
  QtyLost: number;
  LowStockWarning: number;
  CriticalStockWarning: number;
}

export interface StockFigures {
  material_id: string;
  part_number: string;
  part_name: string;
  part_nickname: string;
  logistics_qty: number;
  on_hand: number;
  field_assigned: number;
  lost_outstanding: number;
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
    // A part's own threshold wins, then the project's, then the defaults (15 and 0).
    LowStockWarning: Number(r.low_threshold ?? r.low_stock_default ?? DEFAULT_LOW_THRESHOLD),
    CriticalStockWarning: Number(r.critical_threshold ?? r.critical_stock_default ?? DEFAULT_CRITICAL_THRESHOLD),
  };
}

export async function inventory(db: Db, location: StockLocation, options: { partNumber?: string } = {}): Promise<InventoryRow[]> {
  const { rows } = await sql<StockFigures>`
    select s.material_id, m.part_number, m.part_name, m.part_nickname,
           s.logistics_qty, s.on_hand, s.field_assigned, s.lost_outstanding, s.low_threshold, s.critical_threshold,
           p.low_stock_default, p.critical_stock_default
      from material_stock s
      join materials m on m.material_id = s.material_id
      left join projects p on s.location_kind = 'project' and p.id = s.location_id
     where s.location_kind = ${location.kind} and s.location_id = ${location.id}
       ${options.partNumber !== undefined ? sql`and m.part_number = ${options.partNumber}` : sql``}
     order by m.part_number`.execute(db);
  return rows.map((r) => toRow(location, r));
}

/**
 * Stock as it stood at an instant (by when things happened): each part's running figures on its
 * latest activity row at or before the instant.
 */
export async function inventoryAsOf(db: Db, location: StockLocation, asOf: Date): Promise<InventoryRow[]> {
  return (await stockFiguresAsOf(db, location, asOf)).map((r) => toRow(location, r));
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

export type Figure = 'on_hand' | 'field_assigned' | 'lost' | 'logistics';
const deltaColumn = { on_hand: 'd_on_hand', field_assigned: 'd_field', lost: 'd_lost', logistics: 'd_logistics' } as const;

/** The movements behind one figure of one item, oldest first, with the running balance after each. */
export async function explainFigure(db: Db, location: StockLocation, materialId: string, figure: Figure) {
  const column = deltaColumn[figure];
  const { rows } = await sql<{ position: number; occurred_at: Date; log_type: string; quantity: number; actor_name: string; associated_name: string | null; delta: number; balance: number }>`
    select position, occurred_at, log_type, quantity, actor_name, associated_name, ${sql.ref(column)} as delta,
           sum(${sql.ref(column)}) over (order by occurred_at, position)::int as balance
      from activity_log
     where location_kind = ${location.kind} and location_id = ${location.id} and material_id = ${materialId} and ${sql.ref(column)} <> 0
     order by occurred_at, position`.execute(db);
  return rows;
}
