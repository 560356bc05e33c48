/**
 * `asset_instances` (one row per serialized instance: where it is, whether in use and by whom,
 * lost) and `asset_stock` (bulk units per owner and type: on hand, assigned out, lost), each row
 * folded from its own stream. Bulk numbers come from the same `bulkDeltas` the aggregate folds.
 */
import { ASSET_EVENT_TYPES, isAssetEvent } from '../../ledger/asset/events.ts';
import { bulkDeltas } from '../../ledger/asset-bulk/evolve.ts';
import type { Projector, RowOp } from '../projector.ts';

export const assetsProjector: Projector = {
  name: 'assets',
  version: 1,
  tables: [
    {
      name: 'asset_instances',
      key: ['id'],
      columns: [
        'id',
        'catalog_id',
        'serial_number',
        'owner_type',
        'owner_id',
        'parent_warehouse_id',
        'origin_warehouse_id',
        'condition',
        'notes',
        'in_use',
        'assigned_user_id',
        'lost',
        'metadata',
        'created_at',
        'updated_at',
      ],
    },
    { name: 'asset_stock', key: ['owner_type', 'owner_id', 'catalog_id'], columns: ['owner_type', 'owner_id', 'catalog_id', 'on_hand', 'assigned', 'lost'] },
  ],
  handles: ASSET_EVENT_TYPES,
  project(event): RowOp[] {
    const e = event;
    if (!isAssetEvent(e)) return [];
    const at = event.occurredAt;
    const instance = (id: string, set: Record<string, string | boolean | null>): RowOp => ({
      kind: 'update',
      table: 'asset_instances',
      key: { id },
      set: { ...set, updated_at: at },
    });
    switch (e.type) {
      case 'AssetInstanceReceived': {
        const d = e.data;
        return [
          {
            kind: 'insert',
            table: 'asset_instances',
            row: {
              id: d.instanceId,
              catalog_id: d.asset.catalogId,
              serial_number: d.asset.serialNumber,
              owner_type: d.to.type,
              owner_id: d.to.id,
              parent_warehouse_id: d.parentWarehouseId,
              origin_warehouse_id: d.originWarehouseId,
              condition: d.condition,
              notes: d.notes,
              in_use: false,
              assigned_user_id: null,
              lost: false,
              metadata: JSON.stringify(d.metadata),
              created_at: at,
              updated_at: at,
            },
          },
        ];
      }
      case 'AssetInstanceMoved':
        return [instance(e.data.instanceId, { owner_type: e.data.to.type, owner_id: e.data.to.id, ...(e.data.notes ? { notes: e.data.notes } : {}) })];
      case 'AssetInstanceMarkedInUse':
        return [instance(e.data.instanceId, { in_use: true, assigned_user_id: e.data.userId })];
      case 'AssetInstanceMarkedAvailable':
        return [instance(e.data.instanceId, { in_use: false, assigned_user_id: null })];
      case 'AssetInstanceMarkedLost':
        return [instance(e.data.instanceId, { lost: true, in_use: false, assigned_user_id: null })];
      case 'AssetInstanceMarkedFound':
        return [instance(e.data.instanceId, { lost: false })];
      case 'BulkAssetReceived':
      case 'BulkAssetSent':
      case 'BulkAssetArrived':
      case 'BulkAssetMarkedLost':
      case 'BulkAssetMarkedFound': {
        const d = bulkDeltas(e);
        const { owner, asset } = e.data;
        return [
          {
            kind: 'upsert',
            table: 'asset_stock',
            key: { owner_type: owner.type, owner_id: owner.id, catalog_id: asset.catalogId },
            add: { on_hand: d.onHand, lost: d.lost, assigned: d.assigned?.delta ?? 0 },
          },
        ];
      }
      default: {
        const unknown: never = e;
        return unknown;
      }
    }
  },
};
