/** Reads of `warehouses`: the list with each one's stock in brief, one warehouse, the units a warehouse holds. */
import { type Selectable, sql } from 'kysely';
import { type Warehouse, warehouseLabel } from '../../contract/warehouses.ts';
import type { Db } from '../../ledger/database.ts';
import type { WarehousesTable } from '../../migrations/schema.ts';

type WarehouseRow = Selectable<WarehousesTable> & { parts: number; qty_on_hand: number };

function toWarehouse(r: WarehouseRow): Warehouse {
  return {
    id: r.id,
    num_id: r.num_id,
    name: r.name,
    label: warehouseLabel(r),
    yard_info: { location: r.yard_location, capacity_summary: r.capacity_summary, capacitySummary: r.capacity_summary },
    active: r.deactivated_at === null,
    created_at: new Date(r.created_at).toISOString(),
    deactivated_at: r.deactivated_at ? new Date(r.deactivated_at).toISOString() : null,
    parts: Number(r.parts),
    qty_on_hand: Number(r.qty_on_hand),
  };
}

async function selectWarehouses(db: Db, where: { id?: string; includeInactive: boolean }): Promise<Warehouse[]> {
  // Raw SQL: each warehouse's stock in brief is a lateral aggregate over material_stock.
  const { rows } = await sql<WarehouseRow>`
    select w.*, coalesce(s.parts, 0)::int as parts, coalesce(s.on_hand, 0)::int as qty_on_hand
      from warehouses w
      left join lateral (select count(*) filter (where on_hand > 0) as parts, sum(on_hand) as on_hand
                           from material_stock where location_kind = 'warehouse' and location_id = w.id) s on true
     where true
       ${where.id ? sql`and w.id = ${where.id}` : sql``}
       ${where.includeInactive ? sql`` : sql`and w.deactivated_at is null`}
     order by w.num_id`.execute(db);
  return rows.map(toWarehouse);
}

/** Warehouses by number; deactivated ones only when asked. */
export const listWarehouses = (db: Db, options: { includeInactive?: boolean } = {}) =>
  selectWarehouses(db, { includeInactive: options.includeInactive ?? false });

/** One warehouse, active or not, or undefined. */
export async function findWarehouse(db: Db, id: string): Promise<Warehouse | undefined> {
  return (await selectWarehouses(db, { id, includeInactive: true }))[0];
}
