import { describe, expect, it } from 'vitest';
import { COUNT_LIMITS, COUNT_MESSAGES } from '../../contract/counts.ts';
import { DomainError } from '../errors.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { CountSessionCommand } from './commands.ts';
import { countSessionDecider, decide } from './decide.ts';
import type { CountEvent, CountLine } from './events.ts';
import { evolve } from './evolve.ts';
import { type CountSessionState, initialCountSessionState } from './state.ts';

type SessionCommand = Exclude<CountSessionCommand, { type: 'PostCount' }>;
const spec = deciderSpec(countSessionDecider);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SESSION = id(900);
const location = { kind: 'project' as const, id: id(800) };
const OPENED_AT = new Date('2026-11-02T09:00:00Z');
const at = (hhmm: string) => new Date(`2026-11-02T${hhmm}:00Z`);

const alice = { userId: id(1), userName: 'Alice' };
const bob = { userId: id(2), userName: 'Bob' };
const carol = { userId: id(3), userName: 'Carol' };
const member = <P extends { userId: string; userName: string }>(p: P) => ({ ...p, member: true });

const partLine = (n: number, partNumber: string): CountLine => ({
  lineId: id(100 + n),
  seq: n,
  kind: 'part',
  materialId: id(200 + n),
  partNumber,
  partName: `Part ${partNumber}`,
  place: null,
  instanceId: null,
  assetNumber: null,
  serialNumber: null,
});
const L1 = partLine(1, 'PN-100');
const L2 = partLine(2, 'PN-200');

const openData = (over: Partial<Extract<SessionCommand, { type: 'OpenCount' }>['data']> = {}) => ({
  sessionId: SESSION,
  name: 'November stocktake',
  location,
  locationLabel: 'Project X',
  scopeLabel: 'All parts',
  dueDate: null,
  blind: true,
  doubleCount: false,
  includeAssets: false,
  counters: [member(alice), member(bob), member(carol)],
  lines: [L1, L2],
  ...over,
});

const opened = (doubleCount = false): CountEvent & { occurredAt: Date } => ({
  type: 'CountSessionOpened',
  occurredAt: OPENED_AT,
  data: { ...openData({ doubleCount }), counters: [alice, bob, carol] },
});

const stateOf = (events: Array<CountEvent & { occurredAt?: Date }>): CountSessionState => events.reduce(evolve, initialCountSessionState());

const countCmd = (line: CountLine, who: typeof alice, counted: number, time = '10:00', planned = true): SessionCommand => ({
  type: 'CountLine',
  data: { line, planned, counted, countedAt: at(time), now: at('12:00'), counter: who },
});

/** What the decision was, folded in, so the next command sees it. */
function run(events: Array<CountEvent & { occurredAt?: Date }>, ...commands: SessionCommand[]): { state: CountSessionState; last: CountEvent[] } {
  let state = stateOf(events);
  let last: CountEvent[] = [];
  for (const command of commands) {
    last = decide(command, state);
    state = last.reduce(evolve, state);
  }
  return { state, last };
}

function refusal(f: () => unknown): DomainError {
  try {
    f();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

const counted = (events: CountEvent[]) => {
  const event = events[0];
  if (event?.type !== 'CountLineCounted') throw new Error(`expected CountLineCounted, got ${event?.type}`);
  return event.data;
};

describe('opening a count', () => {
  it('opens with its plan as given, the name trimmed and the counters without their membership', () => {
    spec
      .given([])
      .when({ type: 'OpenCount', data: openData({ name: '  November stocktake ' }) })
      .then([{ type: 'CountSessionOpened', data: { ...openData(), counters: [alice, bob, carol] } }]);
  });

  it('refuses a second open, a blank name, no lines, too many lines, no counters and a counter who is not a member', () => {
    spec.given([opened()]).when({ type: 'OpenCount', data: openData() }).thenThrows('A count with this id already exists.', 'CONFLICT');
    spec
      .given([])
      .when({ type: 'OpenCount', data: openData({ name: '   ' }) })
      .thenThrows(COUNT_MESSAGES.nameRequired, 'VALIDATION');
    spec
      .given([])
      .when({ type: 'OpenCount', data: openData({ lines: [] }) })
      .thenThrows(COUNT_MESSAGES.noLines, 'DOMAIN_RULE');
    const many = Array.from({ length: COUNT_LIMITS.lines + 1 }, (_, i) => partLine(i + 1, `PN-${i}`));
    spec
      .given([])
      .when({ type: 'OpenCount', data: openData({ lines: many }) })
      .thenThrows(COUNT_MESSAGES.tooManyLines, 'DOMAIN_RULE');
    spec
      .given([])
      .when({ type: 'OpenCount', data: openData({ counters: [] }) })
      .thenThrows(COUNT_MESSAGES.countersRequired, 'VALIDATION');
    spec
      .given([])
      .when({ type: 'OpenCount', data: openData({ counters: [member(alice), { ...bob, member: false }] }) })
      .thenThrows(COUNT_MESSAGES.counterNotMember('Bob'), 'DOMAIN_RULE');
  });

  it('folds the plan into lines at round 1 with no counts', () => {
    const state = stateOf([opened()]);
    expect(state).toMatchObject({ exists: true, sessionId: SESSION, status: 'open', openedAt: OPENED_AT, lineCount: 2, counters: { [alice.userId]: 'Alice' } });
    expect(state.lines[L1.lineId]).toEqual({ line: L1, planned: true, round: 1, counts: [], recountRequested: false });
  });
});

describe('counting a line', () => {
  it('records the count in round 1, dated when it was counted', () => {
    spec
      .given([opened()])
      .when(countCmd(L1, alice, 18))
      .then([
        {
          type: 'CountLineCounted',
          data: {
            sessionId: SESSION,
            location,
            line: L1,
            planned: true,
            counted: 18,
            countedAt: '2026-11-02T10:00:00.000Z',
            counterId: alice.userId,
            counterName: 'Alice',
            round: 1,
            roundCounts: [{ counterId: alice.userId, counterName: 'Alice', counted: 18, countedAt: '2026-11-02T10:00:00.000Z' }],
            firstCount: true,
            answersRecount: false,
          },
        },
      ]);
  });

  it('refuses a count nobody may make: no session, posted, cancelled, not a counter, in the future, before the open, an unknown line', () => {
    spec
      .given([])
      .when(countCmd(L1, alice, 1))
      .thenThrows(COUNT_MESSAGES.notFound, 'NOT_FOUND');
    const postedEvent: CountEvent = {
      type: 'CountSessionPosted',
      data: {
        sessionId: SESSION,
        location,
        linesCounted: 0,
        linesWithVariance: 0,
        linesNotCounted: 0,
        adjustments: 0,
        assetsLost: 0,
        assetsFound: 0,
        results: [],
      },
    };
    spec
      .given([opened(), postedEvent])
      .when(countCmd(L1, alice, 1))
      .thenThrows(COUNT_MESSAGES.posted, 'DOMAIN_RULE');
    const cancelled: CountEvent = { type: 'CountSessionCancelled', data: { sessionId: SESSION, location, reason: null } };
    spec
      .given([opened(), cancelled])
      .when(countCmd(L1, alice, 1))
      .thenThrows(COUNT_MESSAGES.cancelled, 'DOMAIN_RULE');
    const outsider = { userId: id(9), userName: 'Dave' };
    spec
      .given([opened()])
      .when(countCmd(L1, outsider, 1))
      .thenThrows(COUNT_MESSAGES.notCounter, 'FORBIDDEN');
    spec
      .given([opened()])
      .when(countCmd(L1, alice, 1, '12:01'))
      .thenThrows(COUNT_MESSAGES.countedInFuture, 'VALIDATION');
    expect(refusal(() => run([opened()], countCmd(L1, alice, 1, '08:59')))).toMatchObject({ message: COUNT_MESSAGES.countedBeforeOpen, code: 'VALIDATION' });
    spec
      .given([opened()])
      .when(countCmd({ ...L1, lineId: id(199) }, alice, 1))
      .thenThrows(COUNT_MESSAGES.lineNotFound, 'NOT_FOUND');
  });

  it('a counter removed from the count can no longer count', () => {
    const changed: CountEvent = { type: 'CountCountersChanged', data: { sessionId: SESSION, location, counters: [bob] } };
    spec
      .given([opened(), changed])
      .when(countCmd(L1, alice, 1))
      .thenThrows(COUNT_MESSAGES.notCounter, 'FORBIDDEN');
  });

  it('without a double count a new count replaces the round’s count, whoever makes it', () => {
    const { last, state } = run([opened()], countCmd(L1, alice, 18), countCmd(L1, bob, 17, '10:30'));
    expect(counted(last)).toMatchObject({
      round: 1,
      counted: 17,
      roundCounts: [{ counterId: bob.userId, counted: 17, countedAt: '2026-11-02T10:30:00.000Z' }],
    });
    expect(state.lines[L1.lineId]?.counts).toEqual([{ counterId: bob.userId, counterName: 'Bob', counted: 17, countedAt: at('10:30') }]);
  });

  it('adds a line the plan did not list with the next number, whatever number it came with', () => {
    const found: CountLine = { ...partLine(7, 'PN-900'), lineId: id(150), seq: 99 };
    const first = run([opened()], countCmd(found, alice, 4, '10:00', false));
    expect(counted(first.last)).toMatchObject({ line: { ...found, seq: 3 }, planned: false, round: 1 });
    expect(first.state.lineCount).toBe(3);
    // Counted again, it is the same line with the same number; another new line takes the next one.
    const again = decide(countCmd(found, bob, 5, '10:10', false), first.state);
    expect(counted(again)).toMatchObject({ line: { ...found, seq: 3 }, planned: false, roundCounts: [{ counted: 5 }] });
    const other = decide(countCmd({ ...found, lineId: id(151) }, bob, 1, '10:10', false), first.state);
    expect(counted(other).line.seq).toBe(4);
  });

  it('after a recount request the next count opens the next round and replaces the old round’s counts', () => {
    const recount: SessionCommand = { type: 'RequestRecount', data: { lineIds: [L1.lineId], note: null } };
    const { state, last } = run([opened(true)], countCmd(L1, alice, 18), countCmd(L1, bob, 20), recount, countCmd(L1, carol, 19, '11:00'));
    expect(counted(last)).toMatchObject({ round: 2, roundCounts: [{ counterId: carol.userId, counted: 19 }] });
    expect(state.lines[L1.lineId]).toMatchObject({ round: 2, recountRequested: false, counts: [{ counterId: carol.userId, counted: 19 }] });
  });

  it('on a double count takes a second count by someone else, and refuses the first counter again and a third person', () => {
    const two = run([opened(true)], countCmd(L1, alice, 18), countCmd(L1, bob, 20, '10:05'));
    expect(counted(two.last).roundCounts.map((c) => [c.counterName, c.counted])).toEqual([
      ['Alice', 18],
      ['Bob', 20],
    ]);
    for (const who of [alice, carol]) {
      expect(refusal(() => decide(countCmd(L1, who, 19, '10:20'), two.state))).toMatchObject({
        message: COUNT_MESSAGES.alreadyDoubleCounted,
        code: 'DOMAIN_RULE',
      });
    }
    // One count in, the same person counting again is no second count: refused, the line still waits.
    const one = run([opened(true)], countCmd(L1, alice, 18));
    expect(refusal(() => decide(countCmd(L1, alice, 17, '10:05'), one.state))).toMatchObject({
      message: COUNT_MESSAGES.sameSecondCounter,
      code: 'DOMAIN_RULE',
    });
  });
});

describe('recounts, counters and cancelling', () => {
  it('asks for a recount of counted lines, once per line, and folds the request', () => {
    const { state, last } = run([opened()], countCmd(L1, alice, 18), countCmd(L2, alice, 3), {
      type: 'RequestRecount',
      data: { lineIds: [L1.lineId, L2.lineId, L1.lineId], note: '  shelf was blocked ' },
    });
    expect(last).toEqual([
      { type: 'CountRecountRequested', data: { sessionId: SESSION, location, lineIds: [L1.lineId, L2.lineId], note: 'shelf was blocked' } },
    ]);
    expect(state.lines[L1.lineId]?.recountRequested).toBe(true);
    expect(state.lines[L1.lineId]?.counts).toHaveLength(1);
  });

  it('refuses a recount of a line not in the count, of a line nobody counted, and of no line', () => {
    const one = run([opened()], countCmd(L1, alice, 18)).state;
    expect(refusal(() => decide({ type: 'RequestRecount', data: { lineIds: [id(199)], note: null } }, one))).toMatchObject({
      message: COUNT_MESSAGES.lineNotFound,
      code: 'NOT_FOUND',
    });
    expect(refusal(() => decide({ type: 'RequestRecount', data: { lineIds: [L1.lineId, L2.lineId], note: null } }, one))).toMatchObject({
      message: COUNT_MESSAGES.recountUncounted('Line 2 (PN-200)'),
      code: 'DOMAIN_RULE',
    });
    expect(refusal(() => decide({ type: 'RequestRecount', data: { lineIds: [], note: null } }, one))).toMatchObject({
      message: COUNT_MESSAGES.recountNothing,
      code: 'VALIDATION',
    });
    spec
      .given([])
      .when({ type: 'RequestRecount', data: { lineIds: [L1.lineId], note: null } })
      .thenThrows(COUNT_MESSAGES.notFound, 'NOT_FOUND');
  });

  it('changes the counters to members only, at least one', () => {
    spec
      .given([opened()])
      .when({ type: 'ChangeCounters', data: { counters: [member(carol)] } })
      .then([{ type: 'CountCountersChanged', data: { sessionId: SESSION, location, counters: [carol] } }]);
    spec
      .given([opened()])
      .when({ type: 'ChangeCounters', data: { counters: [] } })
      .thenThrows(COUNT_MESSAGES.countersRequired, 'VALIDATION');
    spec
      .given([opened()])
      .when({ type: 'ChangeCounters', data: { counters: [{ ...carol, member: false }] } })
      .thenThrows(COUNT_MESSAGES.counterNotMember('Carol'), 'DOMAIN_RULE');
  });

  it('cancels an open count once', () => {
    const cancelled: CountEvent = { type: 'CountSessionCancelled', data: { sessionId: SESSION, location, reason: 'Wrong scope' } };
    spec
      .given([opened()])
      .when({ type: 'CancelCount', data: { reason: ' Wrong scope ' } })
      .then([cancelled]);
    spec
      .given([opened(), cancelled])
      .when({ type: 'CancelCount', data: { reason: null } })
      .thenThrows(COUNT_MESSAGES.cancelled, 'DOMAIN_RULE');
    expect(stateOf([opened(), cancelled]).status).toBe('cancelled');
  });
});
