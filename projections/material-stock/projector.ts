/**
 * `material_stock` (one row per material per location: logistics, on hand, field, lost, thresholds,
 * and the stream head the next command checks its version against) and `material_assignments`
 * (who holds how many). The numbers come from `stockDeltas`, the same fold `evolve` uses.
 */
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import { isStockItemEvent, STOCK_ITEM_EVENT_TYPES } from '../../ledger/stock-item/events.ts';
import { stockDeltas } from '../../ledger/stock-item/stock-numbers.ts';
import type { Projector, RowOp } from '../projector.ts';
import { toHex } from '../../ledger/event-store/hash-chain.ts';

export const materialStockProjector: Projector = {
  name: 'material_stock',
  version: 2,
  tables: [
    {
      name: 'material_stock',
      key: ['location_kind', 'location_id', 'material_id'],
      columns: [
        'location_kind',
        'location_id',
        'material_id',
        'logistics_qty',
        'on_hand',
        'field_assigned',
        'lost_outstanding',
        'in_transit',
        'incoming',
        'low_threshold',
        'critical_threshold',
        'stream_version',
        'last_hash',
        'updated_at',
      ],
    },
    {
      name: 'material_assignments',
      key: ['location_kind', 'location_id', 'material_id', 'user_id'],
      columns: ['location_kind', 'location_id', 'material_id', 'user_id', 'qty'],
    },
  ],
  handles: STOCK_ITEM_EVENT_TYPES,
  project(event: RecordedEvent): RowOp[] {
    const e = event;
    if (!isStockItemEvent(e)) return [];
    const key = { location_kind: e.data.location.kind, location_id: e.data.location.id, material_id: e.data.materialId };
    const d = stockDeltas(e);
    const ops: RowOp[] = [
      {
        kind: 'upsert',
        table: 'material_stock',
        key,
        add: {
          logistics_qty: d.logistics,
          on_hand: d.onHand,
          field_assigned: d.field,
          lost_outstanding: d.lost,
          in_transit: d.inTransit,
          incoming: d.incoming,
        },
        set: {
          stream_version: event.streamVersion,
          last_hash: toHex(event.hash),
          updated_at: event.occurredAt,
          ...(e.type === 'StockWarningsSet' ? { low_threshold: e.data.lowThreshold, critical_threshold: e.data.criticalThreshold } : {}),
        },
      },
    ];
    if (d.user) ops.push({ kind: 'upsert', table: 'material_assignments', key: { ...key, user_id: d.user.userId }, add: { qty: d.user.delta } });
    return ops;
  },
};
