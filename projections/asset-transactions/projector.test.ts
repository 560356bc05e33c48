/** The asset log's fold, event by event: one row per movement with its action, both sides, actor and hash; none for a bulk send. */
import { describe, expect, it } from 'vitest';
import type { AssetEvent, Owner } from '../../ledger/asset/events.ts';
import { ACTOR, AT, HASH_HEX, project, recorded } from '../../test/helpers/projector-events.ts';
import { assetTransactionsProjector } from './projector.ts';

const W: Owner = { type: 'warehouse', id: 'w-main' };
const P: Owner = { type: 'project', id: 'p-tower' };
const drill = { catalogId: 'c-drill', assetNumber: 'DR-1', assetName: 'Drill', serialNumber: 'SN-77' };
const cone = { catalogId: 'c-cone', assetNumber: 'CONE', assetName: 'Traffic cone', serialNumber: null };
const instanceId = 'i-1';

const rows = (event: AssetEvent, metadata = ACTOR) => project(assetTransactionsProjector, recorded('asset:any', event, { position: 901, metadata }));

/** The row every event writes, with the parts that differ given. */
function logged(
  row: { action_type: string; from: Owner | { type: 'user'; id: string } | null; to: Owner | { type: 'user'; id: string } | null } & Record<string, unknown>,
) {
  const { from, to, ...rest } = row;
  return [
    {
      kind: 'insert',
      table: 'asset_transactions',
      row: {
        position: 901,
        occurred_at: AT,
        catalog_id: 'c-drill',
        instance_id: instanceId,
        asset_number: 'DR-1',
        asset_name: 'Drill',
        serial_number: 'SN-77',
        quantity: 1,
        settles: 0,
        from_type: from?.type ?? null,
        from_id: from?.id ?? null,
        to_type: to?.type ?? null,
        to_id: to?.id ?? null,
        actor_id: ACTOR.actorId,
        actor_name: 'Ada Admin',
        notes: null,
        hash: HASH_HEX,
        ...rest,
      },
    },
  ];
}
const bulk = { catalog_id: 'c-cone', instance_id: null, asset_number: 'CONE', asset_name: 'Traffic cone', serial_number: null };
const user = (id: string) => ({ type: 'user' as const, id });

describe('asset-transactions projector: instances', () => {
  it('a receipt is a Receive into its owner, with its notes', () => {
    const event: AssetEvent = {
      type: 'AssetInstanceReceived',
      data: { instanceId, asset: drill, to: W, condition: 'good', notes: 'boxed', parentWarehouseId: 'w-main', originWarehouseId: 'w-main', metadata: {} },
    };
    expect(rows(event)).toEqual(logged({ action_type: 'Receive', from: null, to: W, notes: 'boxed' }));
  });

  it('a move keeps the action it was recorded with, from one owner to the other', () => {
    expect(rows({ type: 'AssetInstanceMoved', data: { instanceId, asset: drill, from: W, to: P, action: 'Assign', notes: null } })).toEqual(
      logged({ action_type: 'Assign', from: W, to: P }),
    );
  });

  it('in use is an Assign from the owner to the user, available an Unassign back', () => {
    expect(rows({ type: 'AssetInstanceMarkedInUse', data: { instanceId, asset: drill, owner: P, userId: 'u-cy', notes: null } })).toEqual(
      logged({ action_type: 'Assign', from: P, to: user('u-cy') }),
    );
    expect(rows({ type: 'AssetInstanceMarkedAvailable', data: { instanceId, asset: drill, owner: P, userId: 'u-cy', notes: null } })).toEqual(
      logged({ action_type: 'Unassign', from: user('u-cy'), to: P }),
    );
  });

  it('lost leaves its owner for nowhere, found comes from nowhere to it', () => {
    expect(rows({ type: 'AssetInstanceMarkedLost', data: { instanceId, asset: drill, owner: P, userId: null, notes: null } })).toEqual(
      logged({ action_type: 'Lost', from: P, to: null }),
    );
    expect(rows({ type: 'AssetInstanceMarkedFound', data: { instanceId, asset: drill, owner: P, notes: null } })).toEqual(
      logged({ action_type: 'Found', from: null, to: P }),
    );
  });

  it('a system event has no actor id and keeps the actor name', () => {
    const [op] = rows({ type: 'AssetInstanceMarkedFound', data: { instanceId, asset: drill, owner: P, notes: null } }, { actorId: null, actorName: 'System' });
    expect(op).toMatchObject({ row: { actor_id: null, actor_name: 'System' } });
  });
});

describe('asset-transactions projector: bulk units', () => {
  it('a receipt is a Receive of its quantity, with no instance', () => {
    expect(rows({ type: 'BulkAssetReceived', data: { owner: W, asset: cone, quantity: 20, notes: null } })).toEqual(
      logged({ ...bulk, action_type: 'Receive', from: null, to: W, quantity: 20 }),
    );
  });

  it('the sending side of a move writes nothing: the arrival is the one row, naming both sides and what it settles', () => {
    expect(rows({ type: 'BulkAssetSent', data: { owner: P, to: W, asset: cone, quantity: 4, action: 'Return', notes: null } })).toEqual([]);
    expect(rows({ type: 'BulkAssetArrived', data: { owner: W, from: P, asset: cone, quantity: 4, action: 'Return', settles: 3, notes: 'back' } })).toEqual(
      logged({ ...bulk, action_type: 'Return', from: P, to: W, quantity: 4, settles: 3, notes: 'back' }),
    );
  });

  it('lost and found carry their quantity', () => {
    expect(rows({ type: 'BulkAssetMarkedLost', data: { owner: P, asset: cone, quantity: 2, notes: null } })).toEqual(
      logged({ ...bulk, action_type: 'Lost', from: P, to: null, quantity: 2 }),
    );
    expect(rows({ type: 'BulkAssetMarkedFound', data: { owner: P, asset: cone, quantity: 1, notes: null } })).toEqual(
      logged({ ...bulk, action_type: 'Found', from: null, to: P, quantity: 1 }),
    );
  });

  it('writes nothing for an event of another stream', () => {
    expect(project(assetTransactionsProjector, recorded('transfer:t-1', { type: 'TransferAccepted', data: {} }))).toEqual([]);
  });
});
