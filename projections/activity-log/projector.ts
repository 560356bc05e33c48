/**
 * `activity_log`: one row per stock movement with the deltas it caused and the event's position and
 * hash, so a log line, a CSV row and a point-in-time figure can each be traced to the ledger, and
 * the running figures of its stock item after it (see STOCK_BALANCES).
 */
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import { isStockItemEvent, type StockItemEvent } from '../../ledger/stock-item/events.ts';
import { placeLabel, type Place } from '../../contract/place.ts';
import { stockDeltas } from '../../ledger/stock-item/stock-numbers.ts';
import type { Projector, RowOp } from '../projector.ts';
import { toHex } from '../../ledger/event-store/hash-chain.ts';

export const LOG_TYPES = {
  MaterialReceived: 'Receive',
  MaterialReturned: 'Return',
  MaterialAssigned: 'Assign',
  MaterialUnassigned: 'Unassign',
  MaterialMarkedLost: 'Lost',
  MaterialMarkedFound: 'Found',
  MaterialRelocated: 'Relocate',
  // A move between a warehouse and a project: the warehouse assigns and takes back, the project
  // receives from and returns to the warehouse; both rows name the other side.
  MaterialAssignedToProject: 'Assign',
  MaterialUnassignedFromProject: 'Unassign',
  MaterialReceivedFromWarehouse: 'Receive',
  MaterialReturnedToWarehouse: 'Return',
  // A transfer between projects: both projects' logs name it and the other project.
  MaterialSentOnTransfer: 'Transfer',
  MaterialIncomingOnTransfer: 'Transfer',
  MaterialDeliveredOnTransfer: 'Transfer',
  MaterialReceivedOnTransfer: 'Transfer',
  MaterialReturnedFromTransfer: 'Transfer',
  MaterialIncomingCancelled: 'Transfer',
  // A compensating event: its row names the row it corrects (corrects_position), whose screens
  // then show it struck through with a link here.
  StockMovementCorrected: 'Correction',
  // A stock count's adjustment, dated when its line was counted.
  StockCounted: 'Count',
} as const;

export const ACTIVITY_LOG_COLUMNS = [
  'position',
  'stream_id',
  'occurred_at',
  'recorded_at',
  'location_kind',
  'location_id',
  'material_id',
  'part_number',
  'part_name',
  'log_type',
  'quantity',
  'actor_id',
  'actor_name',
  'associated_user_id',
  'associated_name',
  'source',
  'bin_info',
  'note',
  'd_logistics',
  'd_on_hand',
  'd_field',
  'd_lost',
  'hash',
  'b_logistics',
  'b_on_hand',
  'b_field',
  'b_lost',
  'batch_id',
  'reverses_batch_id',
  'location_a',
  'location_b',
  'd_in_transit',
  'd_incoming',
  'b_in_transit',
  'b_incoming',
  'corrects_position',
] as const;

/**
 * Each row carries the stock item's figures after it, in the order things happened (occurred_at,
 * then position): stock as of an instant is then one index seek per part, on the latest row at or
 * before it. A movement recorded late with an earlier occurred_at (a back-dated correction) sorts
 * into its place: it takes the balance of the row before it, and every later row of its stock item
 * gets its delta, so the figures stay those of the instant and never of recording order.
 */
export const STOCK_BALANCES = {
  series: ['location_kind', 'location_id', 'material_id'],
  order: ['occurred_at', 'position'],
  balances: {
    b_logistics: 'd_logistics',
    b_on_hand: 'd_on_hand',
    b_field: 'd_field',
    b_lost: 'd_lost',
    b_in_transit: 'd_in_transit',
    b_incoming: 'd_incoming',
  },
} as const;

const inWarehouse = (warehouseLabel: string, place: Place) => `${warehouseLabel} — ${placeLabel(place)}`;
const label = (place: Place | undefined) => (place ? placeLabel(place) : null);

/** Where a movement took its units from (a) and put them (b), by the names of the time; null for the outside world. */
export function movementSides(e: StockItemEvent): { a: string | null; b: string | null } {
  switch (e.type) {
    case 'MaterialReceived':
      return { a: null, b: label(e.data.place) };
    case 'MaterialReturned':
    case 'MaterialMarkedLost':
      return { a: label(e.data.place), b: null };
    case 'MaterialMarkedFound':
      return { a: null, b: label(e.data.place) };
    case 'StockCounted':
      return e.data.deltas.onHand < 0 ? { a: label(e.data.place), b: null } : { a: null, b: label(e.data.place) };
    case 'MaterialRelocated':
      return { a: placeLabel(e.data.from), b: placeLabel(e.data.to) };
    case 'MaterialAssignedToProject':
      return { a: placeLabel(e.data.place), b: e.data.projectLabel };
    case 'MaterialUnassignedFromProject':
      return { a: e.data.projectLabel, b: placeLabel(e.data.place) };
    case 'MaterialReceivedFromWarehouse':
      return { a: inWarehouse(e.data.warehouseLabel, e.data.place), b: null };
    case 'MaterialReturnedToWarehouse':
      return { a: null, b: inWarehouse(e.data.warehouseLabel, e.data.place) };
    // Units leave the sender for the road and reach the receiver from it.
    case 'MaterialSentOnTransfer':
      return { a: null, b: `In transit to ${e.data.projectLabel}` };
    case 'MaterialIncomingOnTransfer':
      return { a: `In transit from ${e.data.projectLabel}`, b: null };
    case 'MaterialDeliveredOnTransfer':
      return { a: `In transit to ${e.data.projectLabel}`, b: e.data.projectLabel };
    case 'MaterialReceivedOnTransfer':
      return { a: `In transit from ${e.data.projectLabel}`, b: null };
    case 'MaterialReturnedFromTransfer':
      return { a: `In transit to ${e.data.projectLabel}`, b: null };
    case 'MaterialIncomingCancelled':
      return { a: null, b: `Denied by ${e.data.projectLabel}` };
    default:
      return { a: null, b: null };
  }
}

const TRANSFER_STEPS: Partial<Record<StockItemEvent['type'], string>> = {
  MaterialSentOnTransfer: 'sent',
  MaterialIncomingOnTransfer: 'incoming',
  MaterialDeliveredOnTransfer: 'delivered',
  MaterialReceivedOnTransfer: 'received',
  MaterialReturnedFromTransfer: 'item denied, back on hand',
  MaterialIncomingCancelled: 'item denied',
};

/** "Transfer 3f2a9c1e: sent": the transfer a log line belongs to, by the start of its id. */
export const transferNote = (type: StockItemEvent['type'], transferId: string) => `Transfer ${transferId.slice(0, 8)}: ${TRANSFER_STEPS[type] ?? 'moved'}`;

/** "Count Spring stocktake: counted 18, expected 20": which session and what it measured. */
export const countNote = (c: { sessionName: string; counted: number; expected: number }) =>
  `Count ${c.sessionName}: counted ${c.counted}, expected ${c.expected}`;

export const activityLogProjector: Projector = {
  name: 'activity_log',
  version: 6,
  tables: [{ name: 'activity_log', key: ['position'], columns: ACTIVITY_LOG_COLUMNS, running: STOCK_BALANCES }],
  handles: Object.keys(LOG_TYPES),
  project(event: RecordedEvent): RowOp[] {
    const e = event;
    if (!isStockItemEvent(e) || e.type === 'StockWarningsSet') return [];
    const d = stockDeltas(e);
    const sides = movementSides(e);
    const data = e.data as typeof e.data & {
      userId?: string | null;
      userName?: string | null;
      binInfo?: string | null;
      note?: string | null;
      transferId?: string;
    };
    const correction = e.type === 'StockMovementCorrected' ? e.data : null;
    const count = e.type === 'StockCounted' ? e.data : null;
    return [
      {
        kind: 'insert',
        table: 'activity_log',
        row: {
          position: event.globalPosition,
          stream_id: event.streamId,
          occurred_at: event.occurredAt,
          recorded_at: event.recordedAt,
          location_kind: e.data.location.kind,
          location_id: e.data.location.id,
          material_id: e.data.materialId,
          part_number: e.data.partNumber,
          part_name: e.data.partName,
          log_type: LOG_TYPES[e.type],
          quantity: e.data.quantity,
          actor_id: event.metadata.actorId,
          actor_name: event.metadata.actorName,
          associated_user_id: data.userId ?? null,
          associated_name: data.userName ?? null,
          source: event.metadata.source ?? null,
          bin_info: data.binInfo ?? null,
          note: correction ? correction.reason : count ? countNote(count) : data.transferId ? transferNote(e.type, data.transferId) : (data.note ?? null),
          d_logistics: d.logistics,
          d_on_hand: d.onHand,
          d_field: d.field,
          d_lost: d.lost,
          hash: toHex(event.hash),
          batch_id: event.metadata.batchId ?? null,
          reverses_batch_id: event.metadata.reversesBatchId ?? null,
          location_a: sides.a,
          location_b: sides.b,
          d_in_transit: d.inTransit,
          d_incoming: d.incoming,
          corrects_position: correction ? correction.corrects.position : null,
        },
      },
    ];
  },
};
