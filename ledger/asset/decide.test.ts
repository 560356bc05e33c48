import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { AssetInstanceCommand, CatalogLookup } from './commands.ts';
import { assetInstanceDecider } from './decide.ts';
import type { AssetInstanceEvent, Owner } from './events.ts';
import { ASSET_MESSAGES as M } from '../../contract/messages/assets.ts';

const spec = deciderSpec(assetInstanceDecider);
const instanceId = '3a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const catalogId = '5d7e4f0a-9a0b-4c55-8d21-7f1e2b3c4d05';
const W: Owner = { type: 'warehouse', id: '7c0d1f5e-3c55-4a43-9b1e-2f0a2f3a9d11' };
const W2: Owner = { type: 'warehouse', id: '8c0d1f5e-3c55-4a43-9b1e-2f0a2f3a9d12' };
const P: Owner = { type: 'project', id: '1e2d3c4b-5a69-4788-9aab-bccddeeff001' };
const P2: Owner = { type: 'project', id: '2e2d3c4b-5a69-4788-9aab-bccddeeff002' };
const user = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const catalog: CatalogLookup = { catalogId, assetNumber: 'GEN-1', assetName: 'Generator', categoryName: 'Power', kind: 'serialized', serialRequired: true };
const asset = { catalogId, assetNumber: 'GEN-1', assetName: 'Generator', serialNumber: 'SN-1' };
const open = { frozen: false };
const active = { active: true };

type Receive = Extract<AssetInstanceCommand, { type: 'ReceiveNewInstance' }>['data'];
const receive = (over: Partial<Receive> = {}): AssetInstanceCommand => ({
  type: 'ReceiveNewInstance',
  data: {
    ...open,
    instanceId,
    catalog,
    serialNumber: ' SN-1 ',
    serialTaken: false,
    assetName: null,
    condition: null,
    notes: null,
    to: W,
    destination: active,
    parentWarehouseId: null,
    parent: null,
    metadata: {},
    ...over,
  },
});
const received: AssetInstanceEvent = {
  type: 'AssetInstanceReceived',
  data: {
    instanceId,
    asset,
    to: W,
    condition: 'good',
    notes: null,
    parentWarehouseId: W.id,
    originWarehouseId: W.id,
    metadata: { asset_name: 'Generator', asset_category: 'Power', serial_required: true },
  },
};
const assigned: AssetInstanceEvent = { type: 'AssetInstanceMoved', data: { instanceId, asset, from: W, to: P, action: 'Assign', notes: null } };
const inUse: AssetInstanceEvent = { type: 'AssetInstanceMarkedInUse', data: { instanceId, asset, owner: P, userId: user, notes: null } };
const move = (from: Owner | { type: 'project'; id: null } | null, to: Owner, over: object = {}): AssetInstanceCommand => ({
  type: 'MoveInstance',
  data: { ...open, from, to, destination: active, notes: null, ...over },
});
const setInUse = (inUseFlag: boolean, userId: string | null, over: object = {}): AssetInstanceCommand => ({
  type: 'SetInstanceInUse',
  data: { ...open, inUse: inUseFlag, userId, userIsMember: true, notes: null, ...over },
});

describe('receiving a new instance', () => {
  it('records it in the warehouse, condition good, parent and origin that warehouse, serial trimmed', () => {
    spec.given([]).when(receive()).then([received]);
  });
  it('refuses a missing serial when the type requires one', () => {
    spec
      .given([])
      .when(receive({ serialNumber: '  ' }))
      .thenThrows('Serial number is required for this asset type', 'VALIDATION');
  });
  it('accepts no serial when the type does not require one', () => {
    spec
      .given([])
      .when(receive({ serialNumber: null, catalog: { ...catalog, serialRequired: false } }))
      .then([
        {
          ...received,
          data: { ...received.data, asset: { ...asset, serialNumber: null }, metadata: { ...received.data.metadata, serial_required: false } },
        } as AssetInstanceEvent,
      ]);
  });
  it('refuses a serial the asset number already has', () => {
    spec
      .given([])
      .when(receive({ serialTaken: true }))
      .thenThrows(M.serialTaken, 'CONFLICT');
  });
  it('into a project needs a parent warehouse', () => {
    spec
      .given([])
      .when(receive({ to: P }))
      .thenThrows(M.parentWarehouseRequired, 'VALIDATION');
    spec
      .given([])
      .when(receive({ to: P, parentWarehouseId: W.id, parent: null }))
      .thenThrows(M.warehouseNotFound, 'NOT_FOUND');
    spec
      .given([])
      .when(receive({ to: P, parentWarehouseId: W.id, parent: active, condition: 'fair', notes: ' spare ', assetName: 'Gen A', metadata: { color: 'red' } }))
      .then([
        {
          type: 'AssetInstanceReceived',
          data: {
            instanceId,
            asset: { ...asset, assetName: 'Gen A' },
            to: P,
            condition: 'fair',
            notes: 'spare',
            parentWarehouseId: W.id,
            originWarehouseId: W.id,
            metadata: { color: 'red', asset_name: 'Gen A', asset_category: 'Power', serial_required: true },
          },
        },
      ]);
  });
  it('refuses an unknown type, a bulk type, an unknown or inactive destination, while frozen, and twice', () => {
    spec
      .given([])
      .when(receive({ catalog: null }))
      .thenThrows(M.catalogNotFound, 'NOT_FOUND');
    spec
      .given([])
      .when(receive({ catalog: { ...catalog, kind: 'bulk', serialRequired: false } }))
      .thenThrows(M.bulkNeedsQuantity, 'VALIDATION');
    spec
      .given([])
      .when(receive({ destination: null }))
      .thenThrows(M.warehouseNotFound, 'NOT_FOUND');
    spec
      .given([])
      .when(receive({ destination: { active: false } }))
      .thenThrows(M.warehouseInactive, 'DOMAIN_RULE');
    spec
      .given([])
      .when(receive({ frozen: true }))
      .thenThrows('Transactions are frozen', 'FROZEN');
    spec.given([received]).when(receive()).thenThrows(M.instanceExists, 'CONFLICT');
  });
});

describe('moving an instance', () => {
  it('assigns from a warehouse to a project, returns to a warehouse, transfers between warehouses', () => {
    spec.given([received]).when(move(W, P)).then([assigned]);
    spec
      .given([received, assigned])
      .when(move(P, W2))
      .then([{ type: 'AssetInstanceMoved', data: { instanceId, asset, from: P, to: W2, action: 'Return', notes: null } }]);
    spec
      .given([received])
      .when(move(null, W2))
      .then([{ type: 'AssetInstanceMoved', data: { instanceId, asset, from: W, to: W2, action: 'Transfer', notes: null } }]);
  });
  it('refuses an instance not in the named warehouse or project with the spec messages', () => {
    spec.given([received, assigned]).when(move(W, P2)).thenThrows('Asset not found in this warehouse', 'NOT_FOUND');
    spec.given([received]).when(move(P, W2)).thenThrows('Asset not found in this project', 'NOT_FOUND');
    spec
      .given([received])
      .when(move({ type: 'project', id: null }, W2))
      .thenThrows('Asset not found in this project', 'NOT_FOUND');
    spec.given([]).when(move(W, P)).thenThrows('Asset not found in this warehouse', 'NOT_FOUND');
    spec.given([]).when(move(null, P)).thenThrows(M.instanceNotFound, 'NOT_FOUND');
  });
  it('refuses a second move of the same instance decided on the new owner (the losing side of a race)', () => {
    spec.given([received, assigned]).when(move(W, P2)).thenThrows(M.notInWarehouse, 'NOT_FOUND');
  });
  it('refuses moving it where it is, in use, lost, to an unknown destination, or while frozen', () => {
    spec.given([received]).when(move(W, W)).thenThrows(M.alreadyThere, 'DOMAIN_RULE');
    spec.given([received, assigned, inUse]).when(move(P, W)).thenThrows(M.inUseCannotMove, 'DOMAIN_RULE');
    spec
      .given([received, { type: 'AssetInstanceMarkedLost', data: { instanceId, asset, owner: W, userId: null, notes: null } }])
      .when(move(W, P))
      .thenThrows(M.lostCannotMove, 'DOMAIN_RULE');
    spec
      .given([received])
      .when(move(W, P, { destination: null }))
      .thenThrows(M.projectNotFound, 'NOT_FOUND');
    spec
      .given([received])
      .when(move(W, P, { frozen: true }))
      .thenThrows(M.frozen, 'FROZEN');
  });
});

describe('in use and available', () => {
  it('marks a project instance in use for a member, then available again', () => {
    spec.given([received, assigned]).when(setInUse(true, user)).then([inUse]);
    spec
      .given([received, assigned, inUse])
      .when(setInUse(false, null, { notes: 'back' }))
      .then([{ type: 'AssetInstanceMarkedAvailable', data: { instanceId, asset, owner: P, userId: user, notes: 'back' } }]);
  });
  it('needs an instance and a user (Missing instance or user), or an instance (Missing instance)', () => {
    spec.given([received, assigned]).when(setInUse(true, null)).thenThrows('Missing instance or user', 'VALIDATION');
    spec.given([]).when(setInUse(true, user)).thenThrows('Missing instance or user', 'NOT_FOUND');
    spec.given([]).when(setInUse(false, null)).thenThrows('Missing instance', 'NOT_FOUND');
  });
  it('unassigns only an In-Use instance', () => {
    spec.given([received, assigned]).when(setInUse(false, null)).thenThrows('Only In-Use instances can be unassigned', 'DOMAIN_RULE');
  });
  it('refuses in use outside a project, twice, for a non-member, and while frozen', () => {
    spec.given([received]).when(setInUse(true, user)).thenThrows(M.inUseOnlyInProject, 'DOMAIN_RULE');
    spec.given([received, assigned, inUse]).when(setInUse(true, user)).thenThrows(M.alreadyInUse, 'CONFLICT');
    spec
      .given([received, assigned])
      .when(setInUse(true, user, { userIsMember: false }))
      .thenThrows(M.notAMember, 'DOMAIN_RULE');
    spec
      .given([received, assigned])
      .when(setInUse(true, user, { frozen: true }))
      .thenThrows(M.frozen, 'FROZEN');
  });
});

describe('lost and found', () => {
  const lost: AssetInstanceEvent = { type: 'AssetInstanceMarkedLost', data: { instanceId, asset, owner: P, userId: user, notes: 'left on site' } };
  it('marks an in-use instance lost (no longer in use), then found where it was', () => {
    spec
      .given([received, assigned, inUse])
      .when({ type: 'MarkInstanceLost', data: { at: P, notes: ' left on site ' } })
      .then([lost]);
    spec
      .given([received, assigned, inUse, lost])
      .when({ type: 'MarkInstanceFound', data: { at: P, notes: null } })
      .then([{ type: 'AssetInstanceMarkedFound', data: { instanceId, asset, owner: P, notes: null } }]);
  });
  it('refuses lost twice, found when not lost, and either where the instance is not', () => {
    spec
      .given([received, assigned, inUse, lost])
      .when({ type: 'MarkInstanceLost', data: { at: P, notes: null } })
      .thenThrows(M.alreadyLost, 'DOMAIN_RULE');
    spec
      .given([received])
      .when({ type: 'MarkInstanceFound', data: { at: W, notes: null } })
      .thenThrows(M.notLost, 'DOMAIN_RULE');
    spec
      .given([received])
      .when({ type: 'MarkInstanceLost', data: { at: P, notes: null } })
      .thenThrows(M.notInProject, 'NOT_FOUND');
  });
});
