/** Warehouses, stock rows and people as the tests of this feature hand them to the fake server. */
import type { WarehouseStockRow } from '../../api/warehouse-types.ts';
import type { Me } from '../../shared/session/session-types.ts';
import { northYardWith, person as anyone } from '../../test/people.ts';

export const northYard = northYardWith({ id: 'w-1', parts: 1, qty_on_hand: 30 });

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

export const person = (role: Me['role']): Me => ({ ...anyone(role), id: 'u-1' });

export const catalog = {
  items: [{ material_id: 'm-1', part_number: 'BOLT-M8', part_name: 'Hex bolt M8', part_nickname: 'Bolt', display: 'BOLT-M8 · Hex bolt M8' }],
};

export const projects = {
  items: [{ id: 'p-1', project_name: 'Riverside Depot', project_customer: 'City Water', project_number: '3001', hide_from_transfer_list: false }],
};

export const moveAnswer = { item: boltRow, project_item: null };
