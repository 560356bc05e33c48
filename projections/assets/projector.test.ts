/** The assets fold, event by event: an instance's row in `asset_instances`, and the deltas bulk events add to `asset_stock`. */
import { describe, expect, it } from 'vitest';
import type { AssetEvent, Owner } from '../../ledger/asset/events.ts';
import { AT, project, recorded } from '../../test/helpers/projector-events.ts';
import { assetsProjector } from './projector.ts';

const W: Owner = { type: 'warehouse', id: 'w-main' };
const W2: Owner = { type: 'warehouse', id: 'w-north' };
const P: Owner = { type: 'project', id: 'p-tower' };
const drill = { catalogId: 'c-drill', assetNumber: 'DR-1', assetName: 'Drill', serialNumber: 'SN-77' };
const cone = { catalogId: 'c-cone', assetNumber: 'CONE', assetName: 'Traffic cone', serialNumber: null };
const instanceId = 'i-1';

const rows = (event: AssetEvent) => project(assetsProjector, recorded(event.type.startsWith('Bulk') ? 'asset-stock:x' : `asset:${instanceId}`, event));
const instance = (set: Record<string, unknown>) => ({ kind: 'update', table: 'asset_instances', key: { id: instanceId }, set: { ...set, updated_at: AT } });
const stock = (owner: Owner, add: { on_hand: number; lost: number; assigned: number }) => ({
  kind: 'upsert',
  table: 'asset_stock',
  key: { owner_type: owner.type, owner_id: owner.id, catalog_id: 'c-cone' },
  add,
});

describe('assets projector: instances', () => {
  it('inserts a received instance where it arrived, available and not lost, with its metadata as JSON', () => {
    const metadata = { asset_name: 'Drill', asset_category: 'Power tools', serial_required: true, voltage: 18 };
    const ops = rows({
      type: 'AssetInstanceReceived',
      data: { instanceId, asset: drill, to: P, condition: 'good', notes: 'boxed', parentWarehouseId: 'w-main', originWarehouseId: 'w-main', metadata },
    });
    expect(ops).toEqual([
      {
        kind: 'insert',
        table: 'asset_instances',
        row: {
          id: instanceId,
          catalog_id: 'c-drill',
          serial_number: 'SN-77',
          owner_type: 'project',
          owner_id: 'p-tower',
          parent_warehouse_id: 'w-main',
          origin_warehouse_id: 'w-main',
          condition: 'good',
          notes: 'boxed',
          in_use: false,
          assigned_user_id: null,
          lost: false,
          metadata: JSON.stringify(metadata),
          created_at: AT,
          updated_at: AT,
        },
      },
    ]);
  });

  it('a move changes the owner, and the notes only when the move has some', () => {
    expect(rows({ type: 'AssetInstanceMoved', data: { instanceId, asset: drill, from: W, to: P, action: 'Assign', notes: 'for level 3' } })).toEqual([
      instance({ owner_type: 'project', owner_id: 'p-tower', notes: 'for level 3' }),
    ]);
    expect(rows({ type: 'AssetInstanceMoved', data: { instanceId, asset: drill, from: P, to: W, action: 'Return', notes: null } })).toEqual([
      instance({ owner_type: 'warehouse', owner_id: 'w-main' }),
    ]);
  });

  it('in use names the user; available again clears it', () => {
    expect(rows({ type: 'AssetInstanceMarkedInUse', data: { instanceId, asset: drill, owner: P, userId: 'u-cy', notes: null } })).toEqual([
      instance({ in_use: true, assigned_user_id: 'u-cy' }),
    ]);
    expect(rows({ type: 'AssetInstanceMarkedAvailable', data: { instanceId, asset: drill, owner: P, userId: 'u-cy', notes: null } })).toEqual([
      instance({ in_use: false, assigned_user_id: null }),
    ]);
  });

  it('lost takes it out of use; found keeps it where it was', () => {
    expect(rows({ type: 'AssetInstanceMarkedLost', data: { instanceId, asset: drill, owner: P, userId: 'u-cy', notes: null } })).toEqual([
      instance({ lost: true, in_use: false, assigned_user_id: null }),
    ]);
    expect(rows({ type: 'AssetInstanceMarkedFound', data: { instanceId, asset: drill, owner: P, notes: 'in the van' } })).toEqual([instance({ lost: false })]);
  });
});

describe('assets projector: bulk units', () => {
  it('a receipt adds to on hand at its owner, creating the row if need be', () => {
    expect(rows({ type: 'BulkAssetReceived', data: { owner: W, asset: cone, quantity: 20, notes: null } })).toEqual([
      stock(W, { on_hand: 20, lost: 0, assigned: 0 }),
    ]);
  });

  it('units a warehouse sends to a project leave its on hand and count as assigned to that project', () => {
    expect(rows({ type: 'BulkAssetSent', data: { owner: W, to: P, asset: cone, quantity: 5, action: 'Assign', notes: null } })).toEqual([
      stock(W, { on_hand: -5, lost: 0, assigned: 5 }),
    ]);
  });

  it('units sent anywhere else only leave on hand', () => {
    expect(rows({ type: 'BulkAssetSent', data: { owner: W, to: W2, asset: cone, quantity: 3, action: 'Transfer', notes: null } })).toEqual([
      stock(W, { on_hand: -3, lost: 0, assigned: 0 }),
    ]);
    expect(rows({ type: 'BulkAssetSent', data: { owner: P, to: W, asset: cone, quantity: 2, action: 'Return', notes: null } })).toEqual([
      stock(P, { on_hand: -2, lost: 0, assigned: 0 }),
    ]);
  });

  it('an arrival adds to on hand, and what it settles comes off what the receiving warehouse had assigned', () => {
    expect(rows({ type: 'BulkAssetArrived', data: { owner: W, from: P, asset: cone, quantity: 4, action: 'Return', settles: 3, notes: null } })).toEqual([
      stock(W, { on_hand: 4, lost: 0, assigned: -3 }),
    ]);
    expect(rows({ type: 'BulkAssetArrived', data: { owner: P, from: W, asset: cone, quantity: 5, action: 'Assign', settles: 0, notes: null } })).toEqual([
      stock(P, { on_hand: 5, lost: 0, assigned: 0 }),
    ]);
  });

  it('lost moves units from on hand to lost, found moves them back', () => {
    expect(rows({ type: 'BulkAssetMarkedLost', data: { owner: P, asset: cone, quantity: 2, notes: null } })).toEqual([
      stock(P, { on_hand: -2, lost: 2, assigned: 0 }),
    ]);
    expect(rows({ type: 'BulkAssetMarkedFound', data: { owner: P, asset: cone, quantity: 1, notes: null } })).toEqual([
      stock(P, { on_hand: 1, lost: -1, assigned: 0 }),
    ]);
  });

  it('writes nothing for an event of another stream', () => {
    expect(project(assetsProjector, recorded('asset-catalog:c-cone', { type: 'AssetCatalogItemDeleted', data: { catalogId: 'c-cone' } }))).toEqual([]);
  });
});
