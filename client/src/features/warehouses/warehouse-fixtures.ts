/** Warehouses, stock rows and people as the tests of this feature hand them to the fake server. */
import type { Warehouse, WarehouseStockRow } from '../../api/warehouse-types.ts';
import type { Me } from '../../shared/session/session-types.ts';

export const northYard: Warehouse = {
  id: 'w-1',
  num_id: 1,
  name: 'North Yard',
  label: '#1 · North Yard',
  yard_info: { location: 'Dock Road 4', capacity_summary: '12 racks', capacitySummary: '12 racks' },
  active: true,
  created_at: '2026-11-01T08:00:00Z',
  deactivated_at: null,
  parts: 1,
  qty_on_hand: 30,
};

const place = (rack: string, shelf: string | null, qty: number) => ({
  place_key: `${rack.toLowerCase()}|${(shelf ?? '').toLowerCase()}||`,
  label: shelf ? `Rack ${rack} · Shelf ${shelf}` : `Rack ${rack}`,
  rack,
  shelf,
  bin: null,
  zone: null,
  notes: null,
  qty,
});

export const boltRow: WarehouseStockRow = {
  warehouse_id: 'w-1',
  material_id: 'm-1',
  material: { part_number: 'BOLT-M8', part_name: 'Hex bolt M8', part_nickname: 'Bolt' },
  qty_on_hand: 30,
  qty_assigned: 0,
  qty_lost: 0,
  warning_stock_limit: 15,
  critical_stock_limit: 0,
  locations: [place('A', '2', 20), place('B', null, 10)],
  projects: [],
};

export const person = (role: Me['role']): Me => ({
  id: 'u-1',
  email: 'ada@example.com',
  user_email: 'ada@example.com',
  user_firstname: 'Ada',
  user_lastname: 'Lovelace',
  role,
  emails: true,
  stock_emails: true,
});

export const catalog = {
  items: [{ material_id: 'm-1', part_number: 'BOLT-M8', part_name: 'Hex bolt M8', part_nickname: 'Bolt', display: 'BOLT-M8 · Hex bolt M8' }],
};

export const projects = {
  items: [{ id: 'p-1', project_name: 'Riverside Depot', project_customer: 'City Water', project_number: '3001', hide_from_transfer_list: false }],
};

export const moveAnswer = { item: boltRow, project_item: null };
