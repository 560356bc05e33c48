/** Events the request deciders' tests share: a submitted request and a fulfilled line, of request r-1 in project p-1 unless told otherwise. */
import type { RequestEvent } from './events.ts';

export type Line = { lineId: string; materialId: string | null; partNumber: string; partName: string; qty: number; notes: string | null };
type Submitted = Extract<RequestEvent, { type: 'RequestSubmitted' }>['data'];
type LineFulfilled = Extract<RequestEvent, { type: 'RequestLineFulfilled' }>['data'];

export const ids = { requestId: 'r-1', projectId: 'p-1' };

export const submittedEvent = (lines: Line[], over: Partial<Submitted> = {}): RequestEvent => ({
  type: 'RequestSubmitted',
  data: {
    ...ids,
    status: 'requested',
    num: 1,
    type: 'Material',
    requesterId: 'u-1',
    requesterName: 'Uma User',
    requesterEmail: 'uma@x',
    lines,
    notes: null,
    imagePath: null,
    ...over,
  },
});

export const lineFulfilledEvent = (line: Line, quantity: number, over: Partial<LineFulfilled> = {}): RequestEvent => ({
  type: 'RequestLineFulfilled',
  data: {
    ...ids,
    status: 'partial',
    lineId: line.lineId,
    quantity,
    materialId: line.materialId,
    partNumber: line.partNumber,
    partName: line.partName,
    requestedPartNumber: null,
    remainderLine: null,
    assignedTo: 'u-1',
    ...over,
  },
});
