/**
 * Warehouses and their stock as the API returns them (spec 02 §3 "Warehouse", "Warehouse stock
 * row"), with the per-location breakdown of each row.
 */

export interface YardInfo {
  location: string;
  capacity_summary: string;
}

export interface Warehouse {
  id: string;
  name: string;
  num_id: number;
  yard_info: YardInfo;
  active: boolean;
}

export interface StockLocation {
  rack: string;
  shelf: string;
  bin: string;
  zone: string;
  notes: string;
  qty: number;
}

export interface WarehouseStockRow {
  warehouse_id: string;
  material_id: string;
  material: { part_number: string; part_name: string; part_nickname: string };
  qty_on_hand: number;
  qty_assigned: number;
  warning_stock_limit: number;
  critical_stock_limit: number;
  locations: StockLocation[];
}

/** Where one part is held: every project and every warehouse with some of it. */
export interface PartHoldings {
  part_number: string;
  projects: { project_id: string; project_number: string; project_name: string; qty_on_hand: number }[];
  warehouses: { warehouse_id: string; num_id: number; name: string; qty_on_hand: number }[];
}

/** "#3 · North Yard": how every screen names a warehouse (spec 02 §2.4). */
export function warehouseLabel(warehouse: Pick<Warehouse, 'num_id' | 'name'>): string {
  return `#${warehouse.num_id} · ${warehouse.name}`;
}
