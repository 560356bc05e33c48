/** Assets, categories, warehouses and people as the tests of this feature hand them to the fake server. */
import { northYardWith, person, U1, W1 } from '../../test/people.ts';
import type { AssetCatalogItem, AssetCategory, AssetInstance, AssetLocation, AssetRow, AssetTransaction } from './asset-types.ts';

export { W1 };
export const P1 = '22222222-2222-4222-8222-222222222222';
export const I1 = '33333333-3333-4333-8333-333333333333';
export { U1 };

export const northYard = northYardWith();

export const project = { id: P1, project_name: 'Riverside Depot', project_customer: 'City Water', project_number: '3001' };

export { person };

export const laptops: AssetCategory = { id: 'c-1', category: 'Laptops', kind: 'serialized', serialized: true, created_at: '2026-11-01T08:00:00Z', items: 1 };
export const cables: AssetCategory = { id: 'c-2', category: 'Cables', kind: 'bulk', serialized: false, created_at: '2026-11-01T08:00:00Z', items: 0 };

export const thinkpad: AssetCatalogItem = {
  id: 'k-1',
  catalog_name: 'IT',
  asset_number: 'LAP-01',
  asset_name: 'ThinkPad T14',
  asset_nickname: 'Laptop',
  category: 'c-1',
  category_name: 'Laptops',
  category_kind: 'serialized',
  serial_required: true,
  created_at: '2026-11-01T08:00:00Z',
  instances: 1,
  units: 0,
};

export function assetRow(figures: Partial<AssetRow> = {}): AssetRow {
  return {
    AssetNumber: 'LAP-01',
    AssetName: 'ThinkPad T14',
    StandardName: 'Laptop',
    Status: 'Available',
    serial_number: 'PF3X9',
    QtyOnHand: 1,
    AssignedQty: 0,
    QtyLost: 0,
    kind: 'serialized',
    catalog_id: 'k-1',
    instance_id: I1,
    category: 'Laptops',
    condition: 'good',
    in_use: false,
    assigned_user_id: null,
    assigned_user_name: null,
    ProjectID: P1,
    warehouse_id: null,
    ...figures,
  };
}

export function instance(figures: Partial<AssetInstance> = {}): AssetInstance {
  return {
    id: I1,
    instance_id: I1,
    catalog_id: 'k-1',
    asset_number: 'LAP-01',
    asset_name: 'ThinkPad T14',
    category_id: 'c-1',
    asset_category: 'Laptops',
    serial_number: 'PF3X9',
    owner_type: 'project',
    owner_id: P1,
    owner_label: '3001 · Riverside Depot',
    warehouse_id: null,
    project_id: P1,
    origin_warehouse_id: W1,
    parent_warehouse_id: W1,
    Status: 'Available',
    condition: 'good',
    notes: null,
    in_use: false,
    assigned_user_id: null,
    assigned_user_name: null,
    lost: false,
    metadata: {},
    created_at: '2026-11-01T08:00:00Z',
    updated_at: '2026-11-01T08:00:00Z',
    ...figures,
  };
}

export const location = (figures: Partial<AssetLocation> = {}): AssetLocation => ({
  instance: instance(),
  warehouse: null,
  project: { id: P1, project_name: 'Riverside Depot', project_number: '3001' },
  assignedUser: null,
  ...figures,
});

export const moveAnswer = { instance: instance(), rows: [] };

export function transaction(figures: Partial<AssetTransaction> = {}): AssetTransaction {
  return {
    id: 1,
    position: 1,
    hash: 'ab12',
    action_type: 'Receive',
    created_at: '2026-11-20T09:00:00Z',
    created_by: 'Ada Lovelace',
    created_by_id: U1,
    quantity: 1,
    asset_number: 'LAP-01',
    asset_name: 'ThinkPad T14',
    serial_number: 'PF3X9',
    instance_id: I1,
    catalog_id: 'k-1',
    from_owner_type: null,
    from_owner_id: null,
    from_owner_label: null,
    to_owner_type: 'project',
    to_owner_id: P1,
    to_owner_label: '3001 · Riverside Depot',
    notes: null,
    ...figures,
  };
}
