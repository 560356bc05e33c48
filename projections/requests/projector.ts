/**
 * `requests` (one row per request: project, requester, type, status, hold or deny reason, dates) and
 * `request_lines` (its picklist: each line's part, quantity and status, the remainders of splits),
 * folded from the `request:` streams. Every event carries the request's status after it, so each
 * row is written from its own event alone. The stock a fulfilled line assigned is in the stock
 * tables, from the stock events of the same command.
 */
import { isRequestEvent, REQUEST_EVENT_TYPES } from '../../ledger/request/events.ts';
import type { Projector, RowOp } from '../projector.ts';

/** Remainder lines sort after the submitted ones, in the order the splits were made. */
const SPLIT_SEQ_BASE = 1_000;

export const requestsProjector: Projector = {
  name: 'requests',
  version: 1,
  tables: [
    {
      name: 'requests',
      key: ['id'],
      columns: [
        'id',
        'num',
        'project_id',
        'requester_id',
        'requester_name',
        'requester_email',
        'type',
        'status',
        'reason',
        'waiting_delivery',
        'notes',
        'image_path',
        'request_date',
        'updated_at',
      ],
    },
    {
      name: 'request_lines',
      key: ['request_id', 'line_id'],
      columns: ['request_id', 'line_id', 'seq', 'material_id', 'part_number', 'part_name', 'qty', 'status', 'notes', 'requested_part_number', 'split_from'],
    },
  ],
  handles: REQUEST_EVENT_TYPES,
  project(event): RowOp[] {
    const e = event;
    if (!isRequestEvent(e)) return [];
    const id = e.data.requestId;
    const touch = (set: Record<string, string | boolean | null> = {}): RowOp => ({
      kind: 'update',
      table: 'requests',
      key: { id },
      set: { status: e.data.status, ...set, updated_at: event.occurredAt },
    });
    const lines = (lineIds: readonly string[], status: string): RowOp[] =>
      lineIds.map((lineId) => ({ kind: 'update', table: 'request_lines', key: { request_id: id, line_id: lineId }, set: { status } }));
    switch (e.type) {
      case 'RequestSubmitted': {
        const d = e.data;
        return [
          {
            kind: 'insert',
            table: 'requests',
            row: {
              id,
              num: d.num,
              project_id: d.projectId,
              requester_id: d.requesterId,
              requester_name: d.requesterName,
              requester_email: d.requesterEmail,
              type: d.type,
              status: d.status,
              reason: null,
              waiting_delivery: false,
              notes: d.notes,
              image_path: d.imagePath,
              request_date: event.occurredAt,
              updated_at: event.occurredAt,
            },
          },
          ...d.lines.map(
            (l, i): RowOp => ({
              kind: 'insert',
              table: 'request_lines',
              row: {
                request_id: id,
                line_id: l.lineId,
                seq: i,
                material_id: l.materialId,
                part_number: l.partNumber,
                part_name: l.partName,
                qty: l.qty,
                status: 'requested',
                notes: l.notes,
                requested_part_number: null,
                split_from: null,
              },
            }),
          ),
        ];
      }
      case 'RequestHeld':
        return [touch({ reason: e.data.reason, waiting_delivery: e.data.waitingDelivery }), ...lines(e.data.lineIds, 'on-hold')];
      case 'RequestReopened':
        return [touch({ reason: null, waiting_delivery: false }), ...lines(e.data.lineIds, 'requested')];
      case 'RequestDenied':
        return [touch({ reason: e.data.reason, waiting_delivery: false }), ...lines(e.data.lineIds, 'denied')];
      case 'RequestLineFulfilled': {
        const d = e.data;
        const ops: RowOp[] = [
          touch(),
          {
            kind: 'update',
            table: 'request_lines',
            key: { request_id: id, line_id: d.lineId },
            set: {
              qty: d.quantity,
              status: 'fulfilled',
              material_id: d.materialId,
              part_number: d.partNumber,
              part_name: d.partName,
              requested_part_number: d.requestedPartNumber,
            },
          },
        ];
        if (d.remainderLine) {
          const r = d.remainderLine;
          ops.push({
            kind: 'insert',
            table: 'request_lines',
            row: {
              request_id: id,
              line_id: r.lineId,
              seq: SPLIT_SEQ_BASE + event.streamVersion,
              material_id: r.materialId,
              part_number: r.partNumber,
              part_name: r.partName,
              qty: r.qty,
              status: 'requested',
              notes: r.notes,
              requested_part_number: null,
              split_from: d.lineId,
            },
          });
        }
        return ops;
      }
      case 'RequestLinesChanged':
        return [
          touch(),
          ...e.data.changes.map((c): RowOp => {
            const set: Record<string, string | number | null> = {};
            if (c.qty !== undefined) set.qty = c.qty;
            if (c.notes !== undefined) set.notes = c.notes;
            if (c.status !== undefined) set.status = c.status;
            return { kind: 'update', table: 'request_lines', key: { request_id: id, line_id: c.lineId }, set };
          }),
        ];
      case 'RequestFulfilled':
      case 'RequestFinalised':
        return [touch({ waiting_delivery: false })];
      default: {
        const unknown: never = e;
        return unknown;
      }
    }
  },
};
