import { describe, it } from 'vitest';
import { multiStreamSpec } from '../testing/multi-stream-spec.ts';
import { requestDecider } from './decide.ts';
import type { RequestEvent } from './events.ts';
import { type Line, submittedEvent } from './request-fixtures.ts';
import { decideReopenOnReceive, type ReopenOnReceive } from './reopen.ts';

const spec = multiStreamSpec(requestDecider, ['older', 'newer'] as const, (command: ReopenOnReceive, states) => decideReopenOnReceive(command, states));

const cable = (qty: number): Line => ({ lineId: 'l-1', materialId: 'm-a', partNumber: 'CAB-1', partName: 'Cable', qty, notes: null });
const bolt = (qty: number): Line => ({ lineId: 'l-2', materialId: 'm-b', partNumber: 'BLT-1', partName: 'Bolt', qty, notes: null });

/** A request of project p-1 on hold with its lines, waiting on delivery unless told otherwise. */
function onHold(requestId: string, lines: Line[], reason = 'waiting_delivery'): RequestEvent[] {
  const ids = { requestId, projectId: 'p-1' };
  return [
    submittedEvent(lines, { requestId }),
    { type: 'RequestHeld', data: { ...ids, status: 'on-hold', reason, waitingDelivery: reason === 'waiting_delivery', lineIds: lines.map((l) => l.lineId) } },
  ];
}
const reopened = (requestId: string, lineIds: string[]): RequestEvent => ({
  type: 'RequestReopened',
  data: { requestId, projectId: 'p-1', status: 'requested', cause: 'receive', lineIds },
});
const receive = (available: Record<string, number>): ReopenOnReceive => ({ type: 'ReopenOnReceive', data: { available } });

describe('re-opening the requests waiting on delivery after a receive', () => {
  it('re-opens every waiting request the on hand covers', () => {
    spec
      .given({ older: onHold('r-1', [cable(5)]), newer: onHold('r-2', [bolt(2)]) })
      .when(receive({ 'm-a': 5, 'm-b': 2 }))
      .then({ older: [reopened('r-1', ['l-1'])], newer: [reopened('r-2', ['l-2'])] });
  });

  it('gives the stock to the oldest request first and does not count it again for the next', () => {
    spec
      .given({ older: onHold('r-1', [cable(5)]), newer: onHold('r-2', [cable(3)]) })
      .when(receive({ 'm-a': 6 }))
      .then({ older: [reopened('r-1', ['l-1'])] });
  });

  it('lets a newer request have the stock an older one could not use', () => {
    spec
      .given({ older: onHold('r-1', [cable(5), bolt(4)]), newer: onHold('r-2', [cable(3)]) })
      .when(receive({ 'm-a': 6, 'm-b': 1 }))
      .then({ newer: [reopened('r-2', ['l-1'])] });
  });

  it('leaves requests on hold for another reason, and re-opens nothing when nothing is covered', () => {
    spec
      .given({ older: onHold('r-1', [cable(1)], 'checking budget'), newer: onHold('r-2', [bolt(2)]) })
      .when(receive({ 'm-a': 10, 'm-b': 1 }))
      .then({});
  });
});
