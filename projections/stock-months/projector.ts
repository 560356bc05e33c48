/** `material_stock_months`: each month's deltas per material and location, for fast point-in-time stock. */
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import { stockDeltas } from '../../ledger/stock-item/stock-numbers.ts';
import { LOG_TYPES } from '../activity-log/projector.ts';
import type { Projector, RowOp } from '../projector.ts';
import { isStockItemEvent } from '../../ledger/stock-item/events.ts';

/** The first day of the event's month, in UTC, as a date. */
export const monthOf = (at: Date) => `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}-01`;

export const stockMonthsProjector: Projector = {
  name: 'stock_months',
  version: 1,
  tables: [
    {
      name: 'material_stock_months',
      key: ['location_kind', 'location_id', 'month', 'material_id'],
      columns: ['location_kind', 'location_id', 'month', 'material_id', 'd_logistics', 'd_on_hand', 'd_field', 'd_lost'],
    },
  ],
  handles: Object.keys(LOG_TYPES),
  project(event: RecordedEvent): RowOp[] {
    const e = event;
    if (!isStockItemEvent(e) || e.type === 'StockWarningsSet') return [];
    const d = stockDeltas(e);
    return [
      {
        kind: 'upsert',
        table: 'material_stock_months',
        key: { location_kind: e.data.location.kind, location_id: e.data.location.id, month: monthOf(event.occurredAt), material_id: e.data.materialId },
        add: { d_logistics: d.logistics, d_on_hand: d.onHand, d_field: d.field, d_lost: d.lost },
      },
    ];
  },
};
