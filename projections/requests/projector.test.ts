/** The requests fold, event by event: which rows of `requests` and `request_lines` each event writes, and with what. */
import { describe, expect, it } from 'vitest';
import type { RequestEvent, RequestLineData } from '../../ledger/request/events.ts';
import { AT, project, recorded } from '../../test/helpers/projector-events.ts';
import { requestsProjector } from './projector.ts';

const base = { requestId: 'r-1', projectId: 'p-1' };
const anchors: RequestLineData = { lineId: 'l-1', materialId: 'm-anchor', partNumber: 'ANC-8', partName: 'Anchor', qty: 10, notes: 'for the east wall' };
const tape: RequestLineData = { lineId: 'l-2', materialId: 'm-tape', partNumber: 'TAPE', partName: 'Tape', qty: 2, notes: null };

const rows = (event: RequestEvent, version = 3) => project(requestsProjector, recorded('request:r-1', event, { version }));
const header = (set: Record<string, unknown>) => ({ kind: 'update', table: 'requests', key: { id: 'r-1' }, set: { ...set, updated_at: AT } });
const line = (lineId: string, set: Record<string, unknown>) => ({ kind: 'update', table: 'request_lines', key: { request_id: 'r-1', line_id: lineId }, set });

describe('requests projector', () => {
  it('inserts a submitted request and its lines in order, each requested', () => {
    const ops = rows({
      type: 'RequestSubmitted',
      data: {
        ...base,
        status: 'requested',
        num: 17,
        type: 'Material',
        requesterId: 'u-cy',
        requesterName: 'Cy Crew',
        requesterEmail: 'cy@example.com',
        lines: [anchors, tape],
        notes: 'by Friday',
        imagePath: 'uploads/r-1.jpg',
      },
    });
    expect(ops).toEqual([
      {
        kind: 'insert',
        table: 'requests',
        row: {
          id: 'r-1',
          num: 17,
          project_id: 'p-1',
          requester_id: 'u-cy',
          requester_name: 'Cy Crew',
          requester_email: 'cy@example.com',
          type: 'Material',
          status: 'requested',
          reason: null,
          waiting_delivery: false,
          notes: 'by Friday',
          image_path: 'uploads/r-1.jpg',
          request_date: AT,
          updated_at: AT,
        },
      },
      {
        kind: 'insert',
        table: 'request_lines',
        row: {
          request_id: 'r-1',
          line_id: 'l-1',
          seq: 0,
          material_id: 'm-anchor',
          part_number: 'ANC-8',
          part_name: 'Anchor',
          qty: 10,
          status: 'requested',
          notes: 'for the east wall',
          requested_part_number: null,
          split_from: null,
        },
      },
      {
        kind: 'insert',
        table: 'request_lines',
        row: {
          request_id: 'r-1',
          line_id: 'l-2',
          seq: 1,
          material_id: 'm-tape',
          part_number: 'TAPE',
          part_name: 'Tape',
          qty: 2,
          status: 'requested',
          notes: null,
          requested_part_number: null,
          split_from: null,
        },
      },
    ]);
  });

  it('a hold keeps its reason and whether it waits on a delivery, and puts the named lines on hold', () => {
    expect(
      rows({ type: 'RequestHeld', data: { ...base, status: 'on-hold', reason: 'Waiting on delivery', waitingDelivery: true, lineIds: ['l-1', 'l-2'] } }),
    ).toEqual([
      header({ status: 'on-hold', reason: 'Waiting on delivery', waiting_delivery: true }),
      line('l-1', { status: 'on-hold' }),
      line('l-2', { status: 'on-hold' }),
    ]);
  });

  it('a re-open clears the reason and the wait and makes the held lines requested again', () => {
    expect(rows({ type: 'RequestReopened', data: { ...base, status: 'requested', cause: 'receive', lineIds: ['l-2'] } })).toEqual([
      header({ status: 'requested', reason: null, waiting_delivery: false }),
      line('l-2', { status: 'requested' }),
    ]);
  });

  it('a denial keeps its reason, ends any wait, and denies the lines not yet fulfilled', () => {
    expect(rows({ type: 'RequestDenied', data: { ...base, status: 'denied', reason: 'Out of budget', lineIds: ['l-1'] } })).toEqual([
      header({ status: 'denied', reason: 'Out of budget', waiting_delivery: false }),
      line('l-1', { status: 'denied' }),
    ]);
  });

  it('a line fulfilled whole takes the part given, and keeps the part asked for when it was a replacement', () => {
    const ops = rows({
      type: 'RequestLineFulfilled',
      data: {
        ...base,
        status: 'partial',
        lineId: 'l-1',
        quantity: 10,
        materialId: 'm-anchor-10',
        partNumber: 'ANC-10',
        partName: 'Anchor, long',
        requestedPartNumber: 'ANC-8',
        remainderLine: null,
        assignedTo: 'u-cy',
      },
    });
    expect(ops).toEqual([
      header({ status: 'partial' }),
      line('l-1', {
        qty: 10,
        status: 'fulfilled',
        material_id: 'm-anchor-10',
        part_number: 'ANC-10',
        part_name: 'Anchor, long',
        requested_part_number: 'ANC-8',
      }),
    ]);
  });

  it('a line fulfilled in part keeps the fulfilled quantity and adds the remainder after the submitted lines, by stream version', () => {
    const ops = rows(
      {
        type: 'RequestLineFulfilled',
        data: {
          ...base,
          status: 'partial',
          lineId: 'l-1',
          quantity: 6,
          materialId: 'm-anchor',
          partNumber: 'ANC-8',
          partName: 'Anchor',
          requestedPartNumber: null,
          remainderLine: { ...anchors, lineId: 'l-1b', qty: 4 },
          assignedTo: 'u-cy',
        },
      },
      7,
    );
    expect(ops).toHaveLength(3);
    expect(ops[1]).toEqual(
      line('l-1', { qty: 6, status: 'fulfilled', material_id: 'm-anchor', part_number: 'ANC-8', part_name: 'Anchor', requested_part_number: null }),
    );
    expect(ops[2]).toEqual({
      kind: 'insert',
      table: 'request_lines',
      row: {
        request_id: 'r-1',
        line_id: 'l-1b',
        seq: 1_007,
        material_id: 'm-anchor',
        part_number: 'ANC-8',
        part_name: 'Anchor',
        qty: 4,
        status: 'requested',
        notes: 'for the east wall',
        requested_part_number: null,
        split_from: 'l-1',
      },
    });
  });

  it('a lines change sets only what each change names, a cleared note included', () => {
    const ops = rows({
      type: 'RequestLinesChanged',
      data: {
        ...base,
        status: 'requested',
        reason: null,
        changes: [{ lineId: 'l-1', qty: 8 }, { lineId: 'l-2', notes: null }, { lineId: 'l-3', status: 'denied' }, { lineId: 'l-4' }],
      },
    });
    expect(ops).toEqual([
      header({ status: 'requested' }),
      line('l-1', { qty: 8 }),
      line('l-2', { notes: null }),
      line('l-3', { status: 'denied' }),
      line('l-4', {}),
    ]);
  });

  it.each([
    ['RequestFulfilled', 'fulfilled'],
    ['RequestFinalised', 'denied'],
  ] as const)('%s sets the status the event carries (%s) and ends any wait', (type, status) => {
    expect(rows({ type, data: { ...base, status } })).toEqual([header({ status, waiting_delivery: false })]);
  });

  it('writes nothing for an event of another stream', () => {
    expect(project(requestsProjector, recorded('transfer:t-1', { type: 'TransferAccepted', data: { requestId: 'r-1' } }))).toEqual([]);
  });
});
