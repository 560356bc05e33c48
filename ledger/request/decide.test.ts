import { describe, expect, it } from 'vitest';
import { foldEvents } from '../decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { FulfilLine, RequestActor, RequestCommand } from './commands.ts';
import { requestDecider } from './decide.ts';
import type { RequestEvent, RequestStatus } from './events.ts';
import { ids, type Line, lineFulfilledEvent, submittedEvent } from './request-fixtures.ts';
import { lineRefused, REQUEST_MESSAGES as M, transitionRefused } from '../../contract/messages/requests.ts';

const spec = deciderSpec(requestDecider);
const MANAGER: RequestActor = { manager: true, requester: false };
const REQUESTER: RequestActor = { manager: false, requester: true };
const STRANGER: RequestActor = { manager: false, requester: false };

const cable: Line = { lineId: 'l-1', materialId: 'm-a', partNumber: 'CAB-1', partName: 'Cable', qty: 5, notes: 'long ones' };
const bolt: Line = { lineId: 'l-2', materialId: 'm-b', partNumber: 'BLT-1', partName: 'Bolt', qty: 2, notes: null };
const plenty = { 'm-a': 100, 'm-b': 100, 'm-c': 100 };

const submitted = submittedEvent([cable, bolt]);
const lineFulfilled = (line: Line, quantity: number, remainderLineId: string | null = null): RequestEvent =>
  lineFulfilledEvent(line, quantity, { remainderLine: remainderLineId ? { ...line, lineId: remainderLineId, qty: line.qty - quantity } : null });
const held = (lineIds: string[], reason: string | null = null): RequestEvent => ({
  type: 'RequestHeld',
  data: { ...ids, status: 'on-hold', reason, waitingDelivery: reason === 'waiting_delivery', lineIds },
});
const denied: RequestEvent = { type: 'RequestDenied', data: { ...ids, status: 'denied', reason: 'No budget', lineIds: ['l-1', 'l-2'] } };
const fulfilled: RequestEvent = { type: 'RequestFulfilled', data: { ...ids, status: 'fulfilled' } };

/** A history that ends in each request state. */
const HISTORIES: Record<RequestStatus, RequestEvent[]> = {
  requested: [submitted],
  partial: [submitted, lineFulfilled(bolt, 2)],
  'on-hold': [submitted, held(['l-1', 'l-2'], 'waiting_delivery')],
  fulfilled: [submitted, lineFulfilled(cable, 5), lineFulfilled(bolt, 2), fulfilled],
  denied: [submitted, denied],
};

const fulfilAll = (available: Record<string, number> = plenty, frozen = false): RequestCommand => ({
  type: 'FulfilRequest',
  data: { lines: [], remainder: 'open', available, instances: {}, frozen, actor: MANAGER },
});
const part = (
  line: Partial<FulfilLine> & { partNumber: string; quantity: number },
  remainder: 'open' | 'waiting_delivery' = 'open',
  available = plenty,
): RequestCommand => ({
  type: 'FulfilRequest',
  data: { lines: [{ lineId: null, replacement: null, remainderLineId: 'l-new', ...line }], remainder, available, instances: {}, frozen: false, actor: MANAGER },
});

/** Every action a person can take, and the states the table allows it in. */
const ACTIONS: Array<{ name: string; word: string; command: RequestCommand; allowed: RequestStatus[] }> = [
  { name: 'Hold', word: 'hold', command: { type: 'HoldRequest', data: { reason: null, actor: MANAGER } }, allowed: ['requested', 'partial'] },
  { name: 'Re-Open', word: 're-open', command: { type: 'ReopenRequest', data: { actor: MANAGER } }, allowed: ['on-hold'] },
  {
    name: 'Deny',
    word: 'deny',
    command: { type: 'DenyRequest', data: { reason: 'Out of budget', actor: MANAGER } },
    allowed: ['requested', 'partial', 'on-hold'],
  },
  { name: 'Fulfil All', word: 'fulfil', command: fulfilAll(), allowed: ['requested', 'partial', 'on-hold'] },
  { name: 'Fulfil Partial', word: 'fulfil part of', command: part({ lineId: 'l-1', partNumber: 'CAB-1', quantity: 2 }), allowed: ['requested', 'partial'] },
  {
    name: 'Change lines',
    word: 'change the lines of',
    command: { type: 'ChangeLines', data: { changes: [{ lineId: 'l-1', notes: 'x' }], reason: null, actor: MANAGER } },
    allowed: ['requested', 'partial', 'on-hold'],
  },
];

describe('the request state table', () => {
  for (const action of ACTIONS) {
    for (const [state, history] of Object.entries(HISTORIES) as Array<[RequestStatus, RequestEvent[]]>) {
      const allowed = action.allowed.includes(state);
      it(`${action.name} from ${state} is ${allowed ? 'allowed' : 'refused naming the state'}`, () => {
        if (allowed) {
          const events = requestDecider.decide(action.command, foldEvents(requestDecider, history));
          expect(events.length).toBeGreaterThan(0);
        } else {
          spec.given(history).when(action.command).thenThrows(transitionRefused(state, action.word), 'DOMAIN_RULE');
        }
      });
    }
  }

  it('finalise is allowed only once no line is still requested, from any open state', () => {
    const finalise: RequestCommand = { type: 'FinaliseRequest', data: { actor: MANAGER } };
    spec.given([submitted]).when(finalise).thenThrows(M.notAllSettled, 'DOMAIN_RULE');
    spec
      .given(HISTORIES['on-hold'])
      .when(finalise)
      .then([{ type: 'RequestFinalised', data: { ...ids, status: 'denied' } }]);
    spec
      .given([...HISTORIES.partial, held(['l-1'])])
      .when(finalise)
      .then([{ type: 'RequestFinalised', data: { ...ids, status: 'fulfilled' } }]);
    spec.given(HISTORIES.fulfilled).when(finalise).thenThrows(transitionRefused('fulfilled', 'finalise'), 'DOMAIN_RULE');
    spec.given(HISTORIES.denied).when(finalise).thenThrows(transitionRefused('denied', 'finalise'), 'DOMAIN_RULE');
  });

  it('only a manager holds, re-opens, denies, fulfils or finalises', () => {
    const as = (actor: RequestActor): RequestCommand[] => [
      { type: 'HoldRequest', data: { reason: null, actor } },
      { type: 'DenyRequest', data: { reason: 'no', actor } },
      { type: 'FulfilRequest', data: { lines: [], remainder: 'open', available: plenty, instances: {}, frozen: false, actor } },
      { type: 'FinaliseRequest', data: { actor } },
    ];
    for (const command of as(REQUESTER)) spec.given([submitted]).when(command).thenThrows(M.managerOnly, 'FORBIDDEN');
    spec
      .given(HISTORIES['on-hold'])
      .when({ type: 'ReopenRequest', data: { actor: REQUESTER } })
      .thenThrows(M.managerOnly, 'FORBIDDEN');
  });
});

describe('submit', () => {
  const command = (lines: Array<Line & { known: boolean }>, type: 'Material' | 'Asset' = 'Material'): RequestCommand => ({
    type: 'SubmitRequest',
    data: { ...ids, num: 1, type, requesterId: 'u-1', requesterName: 'Uma User', requesterEmail: 'uma@x', lines, notes: null, imagePath: null },
  });
  it('records the request as requested with every line requested', () => {
    spec
      .given([])
      .when(
        command([
          { ...cable, known: true },
          { ...bolt, known: true },
        ]),
      )
      .then([submitted]);
    const state = foldEvents(requestDecider, [submitted]);
    expect(state.lines.map((l) => l.status)).toEqual(['requested', 'requested']);
  });
  it('refuses a part the project does not have, an empty list and a second submit', () => {
    spec
      .given([])
      .when(command([{ ...cable, known: false }]))
      .thenThrows(M.partNotFound, 'VALIDATION');
    spec
      .given([])
      .when(command([{ ...cable, known: false }], 'Asset'))
      .thenThrows(M.assetNotFound, 'VALIDATION');
    spec.given([]).when(command([])).thenThrows(M.emptyPicklist, 'VALIDATION');
    spec
      .given([submitted])
      .when(command([{ ...cable, known: true }]))
      .thenThrows(M.alreadyExists, 'CONFLICT');
  });
});

describe('hold, re-open and deny', () => {
  it('hold puts the requested lines on hold, with waiting_delivery marked', () => {
    spec
      .given([submitted])
      .when({ type: 'HoldRequest', data: { reason: ' waiting_delivery ', actor: MANAGER } })
      .then([held(['l-1', 'l-2'], 'waiting_delivery')]);
    spec
      .given(HISTORIES.partial)
      .when({ type: 'HoldRequest', data: { reason: '', actor: MANAGER } })
      .then([held(['l-1'])]);
  });
  it('re-open brings the held lines back to requested', () => {
    spec
      .given(HISTORIES['on-hold'])
      .when({ type: 'ReopenRequest', data: { actor: MANAGER } })
      .then([{ type: 'RequestReopened', data: { ...ids, status: 'requested', cause: 'manager', lineIds: ['l-1', 'l-2'] } }]);
  });
  it('deny needs a reason and denies every open line', () => {
    spec
      .given([submitted])
      .when({ type: 'DenyRequest', data: { reason: '  ', actor: MANAGER } })
      .thenThrows(M.reasonRequired, 'VALIDATION');
    spec
      .given([submitted])
      .when({ type: 'DenyRequest', data: { reason: null, actor: MANAGER } })
      .thenThrows(M.reasonRequired, 'VALIDATION');
    spec
      .given(HISTORIES.partial)
      .when({ type: 'DenyRequest', data: { reason: 'No budget', actor: MANAGER } })
      .then([{ type: 'RequestDenied', data: { ...ids, status: 'denied', reason: 'No budget', lineIds: ['l-1'] } }]);
  });
});

describe('re-open on receive', () => {
  const receive = (available: Record<string, number>): RequestCommand => ({ type: 'ReopenOnReceive', data: { available } });
  it('re-opens a request waiting on delivery once on hand covers every held line', () => {
    spec
      .given(HISTORIES['on-hold'])
      .when(receive({ 'm-a': 5, 'm-b': 2 }))
      .then([{ type: 'RequestReopened', data: { ...ids, status: 'requested', cause: 'receive', lineIds: ['l-1', 'l-2'] } }]);
  });
  it('leaves it on hold while any held line is not covered, and ignores other holds and states', () => {
    spec
      .given(HISTORIES['on-hold'])
      .when(receive({ 'm-a': 4, 'm-b': 2 }))
      .then([]);
    spec
      .given([submitted, held(['l-1', 'l-2'], 'checking budget')])
      .when(receive(plenty))
      .then([]);
    spec.given([submitted]).when(receive(plenty)).then([]);
  });
});

describe('fulfil', () => {
  it('Fulfil All fulfils every open line in full and closes the request', () => {
    spec
      .given([submitted])
      .when(fulfilAll())
      .then([lineFulfilled(cable, 5), lineFulfilled(bolt, 2), fulfilled]);
    spec
      .given(HISTORIES['on-hold'])
      .when(fulfilAll())
      .then([lineFulfilled(cable, 5), lineFulfilled(bolt, 2), fulfilled]);
  });
  it('refuses with Insufficient Quantity when on hand does not cover it, counting every line of the part', () => {
    spec
      .given([submitted])
      .when(fulfilAll({ 'm-a': 4, 'm-b': 2 }))
      .thenThrows(M.insufficient, 'DOMAIN_RULE');
    spec
      .given([submitted])
      .when(part({ lineId: 'l-1', partNumber: 'CAB-1', quantity: 3 }, 'open', { 'm-a': 2, 'm-b': 0, 'm-c': 0 }))
      .thenThrows(M.insufficient);
  });
  it('refuses while transactions are frozen', () => {
    spec.given([submitted]).when(fulfilAll(plenty, true)).thenThrows(M.frozen, 'FROZEN');
  });
  it('a partial fulfil splits the line into the fulfilled quantity and a requested remainder', () => {
    spec
      .given([submitted])
      .when(part({ partNumber: 'cab-1', quantity: 2 }))
      .then([lineFulfilled(cable, 2, 'l-new')]);
    const state = foldEvents(requestDecider, [submitted, lineFulfilled(cable, 2, 'l-new')]);
    expect(state.status).toBe('partial');
    expect(state.lines.map((l) => [l.lineId, l.partNumber, l.qty, l.status, l.splitFrom])).toEqual([
      ['l-1', 'CAB-1', 2, 'fulfilled', null],
      ['l-new', 'CAB-1', 3, 'requested', 'l-1'],
      ['l-2', 'BLT-1', 2, 'requested', null],
    ]);
    expect(state.lines[1]!.notes).toBe('long ones');
  });
  it('a partial fulfil may hold the rest waiting on delivery', () => {
    spec
      .given([submitted])
      .when(part({ lineId: 'l-1', partNumber: 'CAB-1', quantity: 2 }, 'waiting_delivery'))
      .then([lineFulfilled(cable, 2, 'l-new'), held(['l-new', 'l-2'], 'waiting_delivery')]);
  });
  it('fulfilling the last open line closes the request', () => {
    spec
      .given(HISTORIES.partial)
      .when(part({ lineId: 'l-1', partNumber: 'CAB-1', quantity: 5 }))
      .then([lineFulfilled(cable, 5), fulfilled]);
  });
  it('the quantity is above 0 and not above the line', () => {
    for (const quantity of [0, 6, 1.5]) {
      spec
        .given([submitted])
        .when(part({ lineId: 'l-1', partNumber: 'CAB-1', quantity }))
        .thenThrows(M.invalidQuantity, 'VALIDATION');
    }
  });
  it('a replacement part must exist in the project, and is recorded against the part asked for', () => {
    const replacement = { materialId: null, partNumber: 'NOPE', partName: '', known: false };
    spec
      .given([submitted])
      .when(part({ lineId: 'l-1', partNumber: 'CAB-1', quantity: 5, replacement }))
      .thenThrows(M.partNotFound, 'VALIDATION');
    const known = { materialId: 'm-c', partNumber: 'CAB-2', partName: 'Cable, heavy', known: true };
    const [event] = requestDecider.decide(
      part({ lineId: 'l-1', partNumber: 'CAB-1', quantity: 5, replacement: known }),
      foldEvents(requestDecider, [submitted]),
    );
    expect(event).toMatchObject({ type: 'RequestLineFulfilled', data: { materialId: 'm-c', partNumber: 'CAB-2', requestedPartNumber: 'CAB-1', quantity: 5 } });
  });
  it('refuses a line that is not requested, and one not on the request', () => {
    spec
      .given(HISTORIES.partial)
      .when(part({ lineId: 'l-2', partNumber: 'BLT-1', quantity: 1 }))
      .thenThrows(lineRefused('BLT-1', 'fulfilled', 'fulfil'));
    spec
      .given([submitted])
      .when(part({ lineId: 'l-9', partNumber: 'X', quantity: 1 }))
      .thenThrows(M.lineNotFound, 'NOT_FOUND');
    spec
      .given([submitted])
      .when(part({ partNumber: 'X', quantity: 1 }))
      .thenThrows(M.lineNotFound, 'NOT_FOUND');
  });
  it("an asset line gives as many of the project's free instances as its quantity, never one twice", () => {
    const generator = { lineId: 'l-1', materialId: null, partNumber: 'GEN-01', partName: 'Generator', qty: 2, notes: null };
    const asset: RequestEvent = {
      ...submitted,
      data: { ...submitted.data, type: 'Asset', lines: [generator, { ...generator, lineId: 'l-2', qty: 1 }] },
    } as RequestEvent;
    const command = (instances: Record<string, string[]>): RequestCommand => ({
      type: 'FulfilRequest',
      data: { lines: [], remainder: 'open', available: {}, instances, frozen: false, actor: MANAGER },
    });
    const events = requestDecider.decide(command({ 'gen-01': ['i-1', 'i-2', 'i-3'] }), foldEvents(requestDecider, [asset]));
    expect(events.map((e) => (e.type === 'RequestLineFulfilled' ? e.data.instanceIds : e.type))).toEqual([['i-1', 'i-2'], ['i-3'], 'RequestFulfilled']);
    spec
      .given([asset])
      .when(command({ 'gen-01': ['i-1', 'i-2'] }))
      .thenThrows(M.insufficient, 'DOMAIN_RULE');
    const replacement = { materialId: null, partNumber: 'GEN-99', partName: '', known: false };
    spec
      .given([asset])
      .when({
        type: 'FulfilRequest',
        data: {
          lines: [{ lineId: 'l-1', partNumber: 'GEN-01', quantity: 1, replacement, remainderLineId: 'x' }],
          remainder: 'open',
          available: {},
          instances: {},
          frozen: false,
          actor: MANAGER,
        },
      })
      .thenThrows(M.assetNotFound, 'VALIDATION');
  });
});

describe('line changes', () => {
  const change = (
    changes: Array<{ lineId: string; qty?: number; notes?: string | null; status?: 'requested' | 'on-hold' | 'denied' }>,
    actor = MANAGER,
  ): RequestCommand => ({
    type: 'ChangeLines',
    data: { changes, reason: null, actor },
  });
  it('the requester changes quantities and notes while the request is requested, not statuses', () => {
    spec
      .given([submitted])
      .when(change([{ lineId: 'l-1', qty: 7 }], REQUESTER))
      .then([{ type: 'RequestLinesChanged', data: { ...ids, status: 'requested', changes: [{ lineId: 'l-1', qty: 7 }], reason: null } }]);
    spec
      .given([submitted])
      .when(change([{ lineId: 'l-1', status: 'denied' }], REQUESTER))
      .thenThrows(M.managerOnly, 'FORBIDDEN');
    spec
      .given(HISTORIES.partial)
      .when(change([{ lineId: 'l-1', qty: 7 }], REQUESTER))
      .thenThrows(transitionRefused('partial', 'change the lines of'));
    spec
      .given([submitted])
      .when(change([{ lineId: 'l-1', qty: 7 }], STRANGER))
      .thenThrows(M.requesterOnly, 'FORBIDDEN');
  });
  it('a manager denies or holds single lines, never a fulfilled one', () => {
    const state = foldEvents(requestDecider, [
      submitted,
      ...requestDecider.decide(change([{ lineId: 'l-1', status: 'denied' }]), foldEvents(requestDecider, [submitted])),
    ]);
    expect(state.lines.map((l) => l.status)).toEqual(['denied', 'requested']);
    spec
      .given(HISTORIES.partial)
      .when(change([{ lineId: 'l-2', status: 'denied' }]))
      .thenThrows(lineRefused('BLT-1', 'fulfilled', 'change'));
    spec
      .given([submitted])
      .when(change([{ lineId: 'l-9', notes: 'x' }]))
      .thenThrows(M.lineNotFound, 'NOT_FOUND');
  });
});
