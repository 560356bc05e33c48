/**
 * `asset_transactions`: one row per asset movement, by ledger position, with both sides of a move
 * (a bulk move's row comes from its arrival, which names where the units came from) and the
 * event's hash, for the asset logs, their CSV export and as-of reads. Inserts only.
 */
import { ASSET_EVENT_TYPES, isAssetEvent, type Owner } from '../../ledger/asset/events.ts';
import type { Projector, Row, RowOp } from '../projector.ts';
import { toHex } from '../../ledger/event-store/hash-chain.ts';

type Side = { type: 'warehouse' | 'project' | 'user'; id: string } | null;

export const assetTransactionsProjector: Projector = {
  name: 'asset-transactions',
  version: 1,
  tables: [
    {
      name: 'asset_transactions',
      key: ['position'],
      columns: [
        'position',
        'occurred_at',
        'action_type',
        'catalog_id',
        'instance_id',
        'asset_number',
        'asset_name',
        'serial_number',
        'quantity',
        'settles',
        'from_type',
        'from_id',
        'to_type',
        'to_id',
        'actor_id',
        'actor_name',
        'notes',
        'hash',
      ],
    },
  ],
  handles: ASSET_EVENT_TYPES,
  project(event): RowOp[] {
    const e = event;
    if (!isAssetEvent(e)) return [];
    const row = (action: string, from: Side, to: Side, quantity: number, instanceId: string | null): RowOp[] => {
      const { asset, notes } = e.data;
      const r: Row = {
        position: event.globalPosition,
        occurred_at: event.occurredAt,
        action_type: action,
        catalog_id: asset.catalogId,
        instance_id: instanceId,
        asset_number: asset.assetNumber,
        asset_name: asset.assetName,
        serial_number: asset.serialNumber,
        quantity,
        settles: e.type === 'BulkAssetArrived' ? e.data.settles : 0,
        from_type: from?.type ?? null,
        from_id: from?.id ?? null,
        to_type: to?.type ?? null,
        to_id: to?.id ?? null,
        actor_id: event.metadata.actorId ?? null,
        actor_name: event.metadata.actorName,
        notes,
        hash: toHex(event.hash),
      };
      return [{ kind: 'insert', table: 'asset_transactions', row: r }];
    };
    const user = (id: string): Side => ({ type: 'user', id });
    const side = (o: Owner): Side => o;
    switch (e.type) {
      case 'AssetInstanceReceived':
        return row('Receive', null, side(e.data.to), 1, e.data.instanceId);
      case 'AssetInstanceMoved':
        return row(e.data.action, side(e.data.from), side(e.data.to), 1, e.data.instanceId);
      case 'AssetInstanceMarkedInUse':
        return row('Assign', side(e.data.owner), user(e.data.userId), 1, e.data.instanceId);
      case 'AssetInstanceMarkedAvailable':
        return row('Unassign', user(e.data.userId), side(e.data.owner), 1, e.data.instanceId);
      case 'AssetInstanceMarkedLost':
        return row('Lost', side(e.data.owner), null, 1, e.data.instanceId);
      case 'AssetInstanceMarkedFound':
        return row('Found', null, side(e.data.owner), 1, e.data.instanceId);
      case 'BulkAssetReceived':
        return row('Receive', null, side(e.data.owner), e.data.quantity, null);
      case 'BulkAssetSent':
        return [];
      case 'BulkAssetArrived':
        return row(e.data.action, side(e.data.from), side(e.data.owner), e.data.quantity, null);
      case 'BulkAssetMarkedLost':
        return row('Lost', side(e.data.owner), null, e.data.quantity, null);
      case 'BulkAssetMarkedFound':
        return row('Found', null, side(e.data.owner), e.data.quantity, null);
      default: {
        const unknown: never = e;
        return unknown;
      }
    }
  },
};
