/**
 * `transfers` (one row per transfer: its projects, requester, delivery, tracking number and status)
 * and `transfer_items` (its pick list: quantity asked, sent, received, item status), folded from the
 * `transfer:` streams. The stock each item moved is in the stock tables, from the stock events.
 */
import { isTransferEvent, TRANSFER_EVENT_TYPES, type PickItem } from '../../ledger/transfer/events.ts';
import type { Projector, RowOp } from '../projector.ts';

const partKey = (partNumber: string) => partNumber.trim().toLowerCase();

const itemRow = (transferId: string, p: PickItem, ord: number) => ({
  transfer_id: transferId,
  part_key: partKey(p.partNumber),
  ord,
  material_id: p.materialId,
  part_number: p.partNumber,
  part_name: p.partName,
  qty: p.qty,
  sent: 0,
  received: 0,
  status: 'pending',
});

export const transfersProjector: Projector = {
  name: 'transfers',
  version: 1,
  tables: [
    {
      name: 'transfers',
      key: ['id'],
      columns: [
        'id',
        'type',
        'from_id',
        'from_name',
        'to_id',
        'to_name',
        'requested_by',
        'requested_by_id',
        'delivery_method',
        'shipping_address',
        'tracking_number',
        'status',
        'created_at',
        'updated_at',
      ],
    },
    {
      name: 'transfer_items',
      key: ['transfer_id', 'part_key'],
      columns: ['transfer_id', 'part_key', 'ord', 'material_id', 'part_number', 'part_name', 'qty', 'sent', 'received', 'status'],
    },
  ],
  handles: TRANSFER_EVENT_TYPES,
  project(event): RowOp[] {
    const e = event;
    if (!isTransferEvent(e)) return [];
    const id = e.data.transferId;
    const touch = (set: Record<string, string | null> = {}): RowOp => ({
      kind: 'update',
      table: 'transfers',
      key: { id },
      set: { ...set, updated_at: event.occurredAt },
    });
    const item = (partNumber: string) => ({ transfer_id: id, part_key: partKey(partNumber) });
    switch (e.type) {
      case 'TransferRequested': {
        const d = e.data;
        return [
          {
            kind: 'insert',
            table: 'transfers',
            row: {
              id,
              type: d.type,
              from_id: d.fromId,
              from_name: d.fromName,
              to_id: d.toId,
              to_name: d.toName,
              requested_by: d.requestedBy,
              requested_by_id: d.requestedById,
              delivery_method: d.deliveryMethod,
              shipping_address: d.shippingAddress ? JSON.stringify(d.shippingAddress) : null,
              tracking_number: null,
              status: 'Requested',
              created_at: event.occurredAt,
              updated_at: event.occurredAt,
            },
          },
          ...d.pickList.map((p, i): RowOp => ({ kind: 'insert', table: 'transfer_items', row: itemRow(id, p, i) })),
        ];
      }
      case 'TransferPicklistChanged':
        return [
          touch(),
          ...e.data.removed.map((partNumber): RowOp => ({ kind: 'delete', table: 'transfer_items', key: item(partNumber) })),
          ...e.data.pickList.map((p, i): RowOp => {
            const { transfer_id, part_key, ...rest } = itemRow(id, p, i);
            return {
              kind: 'upsert',
              table: 'transfer_items',
              key: { transfer_id, part_key },
              set: { ord: rest.ord, qty: rest.qty, part_number: rest.part_number, part_name: rest.part_name },
              insertOnly: rest,
            };
          }),
        ];
      case 'TransferAccepted':
        return [touch({ status: 'Accepted' })];
      case 'TransferDenied':
        return [touch({ status: 'Denied' })];
      case 'TransferFulfilled':
        return [touch({ status: 'Fulfilled' })];
      case 'TransferShipped':
        return [touch({ status: 'Shipped', tracking_number: e.data.trackingNumber })];
      case 'TransferReady':
        return [touch({ status: 'Ready' })];
      case 'TransferReceived':
        return [touch({ status: 'Received' })];
      case 'TransferCompleted':
        return [touch({ status: 'Complete' })];
      case 'TransferItemFulfilled':
        return [
          touch(),
          { kind: 'update', table: 'transfer_items', key: item(e.data.partNumber), set: { status: e.data.status }, add: { sent: e.data.quantity } },
        ];
      case 'TransferItemDenied':
        return [touch(), { kind: 'update', table: 'transfer_items', key: item(e.data.partNumber), set: { status: 'denied' }, add: { sent: -e.data.returned } }];
      case 'TransferItemReceived':
        return [
          touch(),
          {
            kind: 'update',
            table: 'transfer_items',
            key: item(e.data.partNumber),
            set: e.data.complete ? { status: 'received' } : {},
            add: { received: e.data.quantity },
          },
        ];
      default: {
        const unknown: never = e;
        return unknown;
      }
    }
  },
};
