import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNT_MESSAGES } from '../../contract/counts.ts';
import { TRANSACTIONS_FROZEN } from '../../contract/messages.ts';
import { normalizePlace, type Place } from '../../contract/place.ts';
import { DomainError } from '../errors.ts';
import type { CountedInstantFigures, CountSessionCommand, PostAssetLine, PostPartLine } from './commands.ts';
import { decidePost } from './decide.ts';
import type { CountLine } from './events.ts';
import { type CountLineState, type CountSessionState, initialCountSessionState, type LineCount } from './state.ts';

type PostCount = Extract<CountSessionCommand, { type: 'PostCount' }>;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const SESSION = id(900);
const project = { kind: 'project' as const, id: id(800) };
const warehouse = { kind: 'warehouse' as const, id: id(801) };
const at = (hhmm: string) => new Date(`2026-11-02T${hhmm}:00Z`);
const alice = { userId: id(1), userName: 'Alice' };
const bob = { userId: id(2), userName: 'Bob' };
const rackA = normalizePlace({ rack: 'A', bin: '3' });
const rackB = normalizePlace({ rack: 'B' });

const partLine = (n: number, partNumber: string, place: Place | null = null, materialId = id(200 + n)): CountLine => ({
  lineId: id(100 + n),
  seq: n,
  kind: 'part',
  materialId,
  partNumber,
  partName: `Part ${partNumber}`,
  place,
  instanceId: null,
  assetNumber: null,
  serialNumber: null,
});
const assetLine = (n: number, serial: string): CountLine => ({
  lineId: id(100 + n),
  seq: n,
  kind: 'asset',
  materialId: null,
  partNumber: null,
  partName: null,
  place: null,
  instanceId: id(300 + n),
  assetNumber: 'AST-7',
  serialNumber: serial,
});

const count = (counted: number, time = '10:00', who = alice): LineCount => ({ counterId: who.userId, counterName: who.userName, counted, countedAt: at(time) });
const lineState = (line: CountLine, counts: LineCount[], over: Partial<CountLineState> = {}): CountLineState => ({
  line,
  planned: true,
  round: 1,
  counts,
  recountRequested: false,
  ...over,
});

function session(lines: CountLineState[], over: Partial<CountSessionState> = {}): CountSessionState {
  return {
    ...initialCountSessionState(),
    exists: true,
    sessionId: SESSION,
    name: 'November stocktake',
    location: project,
    openedAt: at('09:00'),
    counters: { [alice.userId]: 'Alice', [bob.userId]: 'Bob' },
    lineCount: lines.length,
    lines: Object.fromEntries(lines.map((l) => [l.line.lineId, l])),
    ...over,
  };
}

/** Nothing moved since the count: the figures now are those at the instant. */
const still = (expected: number, lost = 0): CountedInstantFigures => ({
  expected,
  lostAtInstant: lost,
  lowestOnHandAfter: null,
  lowestLostAfter: null,
  onHandNow: expected,
  lostNow: lost,
});

const partFigures = (line: CountLine, figures: CountedInstantFigures, location: PostPartLine['location'] = project): PostPartLine => ({
  kind: 'part',
  lineId: line.lineId,
  seq: line.seq,
  location,
  materialId: line.materialId ?? '',
  partNumber: line.partNumber ?? '',
  partName: line.partName ?? '',
  place: line.place,
  figures,
});

const post = (parts: PostPartLine[], assets: PostAssetLine[] = [], frozen = false): PostCount => ({
  type: 'PostCount',
  data: { sessionName: 'November stocktake', frozen, parts, assets },
});

function refusal(f: () => unknown): DomainError {
  try {
    f();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

const L1 = partLine(1, 'PN-100');
const L2 = partLine(2, 'PN-200');

describe('posting part lines', () => {
  it('measures a line against stock at its counted instant: 20 on hand counted 18 at 10:00, 5 received at 10:05 → −2 into lost', () => {
    const state = session([lineState(L1, [count(18)]), lineState(L2, [])]);
    const figures: CountedInstantFigures = { expected: 20, lostAtInstant: 0, lowestOnHandAfter: 25, lowestLostAfter: 0, onHandNow: 25, lostNow: 0 };
    const decision = decidePost(post([partFigures(L1, figures)]), state);
    expect(decision.stock).toEqual([
      {
        type: 'StockCounted',
        occurredAt: at('10:00'),
        data: {
          location: project,
          materialId: L1.materialId,
          partNumber: 'PN-100',
          partName: 'Part PN-100',
          sessionId: SESSION,
          sessionName: 'November stocktake',
          lineId: L1.lineId,
          quantity: 2,
          counted: 18,
          expected: 20,
          counterId: alice.userId,
          counterName: 'Alice',
          deltas: { onHand: -2, lost: 2, logistics: 0 },
        },
      },
    ]);
    expect(decision.assets).toEqual([]);
    expect(decision.count).toEqual([
      {
        type: 'CountSessionPosted',
        data: {
          sessionId: SESSION,
          location: project,
          linesCounted: 1,
          linesWithVariance: 1,
          linesNotCounted: 1,
          adjustments: 1,
          assetsLost: 0,
          assetsFound: 0,
          results: [{ lineId: L1.lineId, expected: 20, difference: -2, assetResult: null }],
        },
      },
    ]);
  });

  it('a surplus takes back lost first and raises logistics with the rest; a line without difference moves nothing', () => {
    const state = session([lineState(L1, [count(15)]), lineState(L2, [count(7, '10:30', bob)])]);
    const decision = decidePost(post([partFigures(L1, still(10, 2)), partFigures(L2, still(7))]), state);
    expect(decision.stock.map((e) => [e.data.lineId, e.data.quantity, e.data.deltas])).toEqual([[L1.lineId, 5, { onHand: 5, lost: -2, logistics: 3 }]]);
    expect(decision.count[0]?.data).toMatchObject({
      linesCounted: 2,
      linesWithVariance: 1,
      adjustments: 1,
      results: [
        { lineId: L1.lineId, expected: 10, difference: 5, assetResult: null },
        { lineId: L2.lineId, expected: 7, difference: 0, assetResult: null },
      ],
    });
  });

  it('a warehouse line carries its place; two places of one part share its lost, each taking back only what is left', () => {
    const A = partLine(1, 'PN-100', rackA, id(250));
    const B = partLine(2, 'PN-100', rackB, id(250));
    const state = session([lineState(A, [count(5)]), lineState(B, [count(5)])], { location: warehouse });
    const decision = decidePost(post([partFigures(A, still(2, 4), warehouse), partFigures(B, still(2, 4), warehouse)]), state);
    expect(decision.stock.map((e) => [e.data.place, e.data.deltas])).toEqual([
      [rackA, { onHand: 3, lost: -3, logistics: 0 }],
      [rackB, { onHand: 3, lost: -1, logistics: 2 }],
    ]);
    // A project's line names no place.
    const projectDecision = decidePost(post([partFigures(L1, still(3))]), session([lineState(L1, [count(1)])]));
    expect(projectDecision.stock[0]?.data).not.toHaveProperty('place');
  });

  it('refuses, naming the line, a difference that would take on hand below zero since it was counted', () => {
    const state = session([lineState(L1, [count(18)])]);
    // 19 assigned out at 10:05: 1 on hand left, and the −2 would take it to −1.
    const figures: CountedInstantFigures = { expected: 20, lostAtInstant: 0, lowestOnHandAfter: 1, lowestLostAfter: 0, onHandNow: 1, lostNow: 0 };
    expect(refusal(() => decidePost(post([partFigures(L1, figures)]), state))).toMatchObject({
      code: 'DOMAIN_RULE',
      message: COUNT_MESSAGES.belowZero('Line 1 (PN-100)', 'Qty On Hand', -1),
    });
  });

  it('refuses a surplus whose lost was found since, and checks lines of one stream together', () => {
    const state = session([lineState(L1, [count(13)])]);
    const figures: CountedInstantFigures = { expected: 10, lostAtInstant: 5, lowestLostAfter: 1, lowestOnHandAfter: null, onHandNow: 14, lostNow: 1 };
    expect(refusal(() => decidePost(post([partFigures(L1, figures)]), state)).message).toBe(COUNT_MESSAGES.belowZero('Line 1 (PN-100)', 'Qty Lost', -2));
    // Two places, 4 lost at the instant, 2 found since: each surplus alone fits, the two together do not.
    const A = partLine(1, 'PN-100', rackA, id(250));
    const B = partLine(2, 'PN-100', rackB, id(250));
    const shared: CountedInstantFigures = { expected: 0, lostAtInstant: 4, lowestLostAfter: 2, lowestOnHandAfter: null, onHandNow: 0, lostNow: 2 };
    const two = session([lineState(A, [count(2)]), lineState(B, [count(2)])], { location: warehouse });
    expect(refusal(() => decidePost(post([partFigures(A, shared, warehouse), partFigures(B, shared, warehouse)]), two)).message).toBe(
      COUNT_MESSAGES.belowZero('Line 2 (PN-100 at Rack B)', 'Qty Lost', -2),
    );
  });

  it('refuses a surplus that would take the part past the most it can hold', () => {
    const state = session([lineState(L1, [count(10)])]);
    const figures = { ...still(0), onHandNow: 2_147_483_640 };
    expect(refusal(() => decidePost(post([partFigures(L1, figures)]), state)).message).toMatch(/the most a part can hold/);
  });
});

describe('what posting refuses', () => {
  it('refuses a closed, frozen or empty count', () => {
    const counted = [lineState(L1, [count(1)])];
    expect(refusal(() => decidePost(post([]), initialCountSessionState()))).toMatchObject({ code: 'NOT_FOUND', message: COUNT_MESSAGES.notFound });
    expect(refusal(() => decidePost(post([]), session(counted, { status: 'posted' })))).toMatchObject({ message: COUNT_MESSAGES.posted });
    expect(refusal(() => decidePost(post([]), session(counted, { status: 'cancelled' })))).toMatchObject({ message: COUNT_MESSAGES.cancelled });
    expect(refusal(() => decidePost(post([partFigures(L1, still(1))], [], true), session(counted)))).toMatchObject({
      code: 'FROZEN',
      message: TRANSACTIONS_FROZEN,
    });
    expect(refusal(() => decidePost(post([]), session([lineState(L1, []), lineState(L2, [])])))).toMatchObject({
      code: 'DOMAIN_RULE',
      message: COUNT_MESSAGES.nothingCounted,
    });
  });

  it('refuses a line waiting for a recount, naming it', () => {
    const state = session([lineState(L1, [count(1)]), lineState(L2, [count(2)], { recountRequested: true })]);
    expect(refusal(() => decidePost(post([]), state))).toMatchObject({ code: 'DOMAIN_RULE', message: COUNT_MESSAGES.recountPending('Line 2 (PN-200)') });
  });

  it('on a double count refuses a line with one count or two that differ, and posts two that agree', () => {
    const double = { doubleCount: true };
    const one = session([lineState(L1, [count(4)])], double);
    expect(refusal(() => decidePost(post([]), one)).message).toBe(COUNT_MESSAGES.secondCountMissing('Line 1 (PN-100)'));
    const differ = session([lineState(L1, [count(4), count(5, '10:05', bob)])], double);
    expect(refusal(() => decidePost(post([]), differ)).message).toBe(COUNT_MESSAGES.countsDisagree('Line 1 (PN-100)', 4, 5));
    const agree = session([lineState(L1, [count(4), count(4, '10:05', bob)])], double);
    const decision = decidePost(post([partFigures(L1, still(6))]), agree);
    // The round's last count is the line's: its instant and its counter.
    expect(decision.stock[0]).toMatchObject({ occurredAt: at('10:05'), data: { counterName: 'Bob', counted: 4, deltas: { onHand: -2, lost: 2 } } });
  });
});

describe('posting asset lines', () => {
  const asset = (line: CountLine, over: Partial<PostAssetLine>): PostAssetLine => ({
    kind: 'asset',
    lineId: line.lineId,
    seq: line.seq,
    instanceId: line.instanceId ?? '',
    asset: { catalogId: id(400), assetNumber: 'AST-7', assetName: 'Drill', serialNumber: line.serialNumber },
    owner: { type: 'project', id: project.id },
    heldAtStart: true,
    heldNow: true,
    lost: false,
    inUseBy: null,
    ...over,
  });

  it('marks a missing asset lost and a lost one seen found; one seen but not held here is unexpected; one that left is not missing', () => {
    const [A1, A2, A3, A4, A5] = [assetLine(1, 'SN-1'), assetLine(2, 'SN-2'), assetLine(3, 'SN-3'), assetLine(4, 'SN-4'), assetLine(5, 'SN-5')];
    const state = session([
      lineState(A1, []),
      lineState(A2, [count(1)]),
      lineState(A3, [count(1)], { planned: false }),
      lineState(A4, []),
      lineState(A5, [count(0)]),
    ]);
    const decision = decidePost(
      post(
        [],
        [
          asset(A1, { inUseBy: bob.userId }),
          asset(A2, { lost: true }),
          asset(A3, { heldAtStart: false, heldNow: false, owner: { type: 'project', id: id(777) } }),
          asset(A4, { heldNow: false }),
          asset(A5, { lost: true }),
        ],
      ),
      state,
    );
    expect(decision.assets).toEqual([
      {
        type: 'AssetInstanceMarkedLost',
        data: {
          instanceId: A1.instanceId,
          asset: expect.objectContaining({ serialNumber: 'SN-1' }),
          owner: { type: 'project', id: project.id },
          userId: bob.userId,
          notes: 'Count November stocktake: not found',
        },
      },
      {
        type: 'AssetInstanceMarkedFound',
        data: {
          instanceId: A2.instanceId,
          asset: expect.objectContaining({ serialNumber: 'SN-2' }),
          owner: { type: 'project', id: project.id },
          notes: 'Count November stocktake: found',
        },
      },
    ]);
    expect(decision.stock).toEqual([]);
    expect(decision.count[0]?.data).toMatchObject({
      linesCounted: 3,
      linesWithVariance: 3,
      linesNotCounted: 2,
      adjustments: 0,
      assetsLost: 1,
      assetsFound: 1,
      results: [
        { lineId: A1.lineId, assetResult: 'missing', expected: null, difference: null },
        { lineId: A2.lineId, assetResult: 'found', expected: null, difference: null },
        { lineId: A3.lineId, assetResult: 'unexpected', expected: null, difference: null },
        { lineId: A5.lineId, assetResult: 'missing', expected: null, difference: null },
      ],
    });
  });
});

describe('posting, whatever moved', () => {
  /** A part line's figures with random movements after its instant that never leave it short. */
  const lineArb = fc.record({
    expected: fc.integer({ min: 0, max: 500 }),
    lost: fc.integer({ min: 0, max: 50 }),
    movedSince: fc.option(fc.integer({ min: 0, max: 500 }), { nil: null }),
    minute: fc.integer({ min: 0, max: 59 }),
  });
  const build = (
    specs: Array<{ expected: number; lost: number; movedSince: number | null; minute: number }>,
    counted: (i: number, expected: number) => number,
  ) => {
    const lines = specs.map((_, i) => partLine(i + 1, `PN-${i + 1}`));
    const time = (minute: number) => `10:${String(minute).padStart(2, '0')}`;
    const state = session(lines.map((line, i) => lineState(line, [count(counted(i, specs[i]?.expected ?? 0), time(specs[i]?.minute ?? 0))])));
    const parts = lines.map((line, i) => {
      const s = specs[i] ?? { expected: 0, lost: 0, movedSince: null, minute: 0 };
      // Whatever moved since, on hand never dipped below the difference's reach.
      const after = s.movedSince === null ? null : s.movedSince + s.expected;
      return partFigures(line, {
        expected: s.expected,
        lostAtInstant: s.lost,
        lowestOnHandAfter: after,
        lowestLostAfter: s.lost,
        onHandNow: after ?? s.expected,
        lostNow: s.lost,
      });
    });
    return { state, parts };
  };

  it('counted as the books held at the instant: no adjustment', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { minLength: 1, maxLength: 30 }), (specs) => {
        const { state, parts } = build(specs, (_, expected) => expected);
        const decision = decidePost(post(parts), state);
        expect(decision.stock).toEqual([]);
        expect(decision.count[0]?.data).toMatchObject({ adjustments: 0, linesWithVariance: 0, linesCounted: specs.length });
      }),
    );
  });

  it('one line off by d: exactly one adjustment, on hand moved by d, into lost or back out of it', () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 30 }),
        fc.nat(),
        fc.integer({ min: -500, max: 500 }).filter((d) => d !== 0),
        (specs, pick, wanted) => {
          const off = pick % specs.length;
          const expectedOff = specs[off]?.expected ?? 0;
          const d = Math.max(wanted, -expectedOff) || 1;
          const { state, parts } = build(specs, (i, expected) => (i === off ? expected + d : expected));
          const decision = decidePost(post(parts), state);
          expect(decision.stock).toHaveLength(1);
          const deltas = decision.stock[0]?.data.deltas;
          expect(decision.stock[0]?.data).toMatchObject({ lineId: parts[off]?.lineId, quantity: Math.abs(d) });
          expect(deltas?.onHand).toBe(d);
          if (d < 0) expect(deltas).toEqual({ onHand: d, lost: -d, logistics: 0 });
          else expect((deltas?.logistics ?? 0) - (deltas?.lost ?? 0)).toBe(d);
        },
      ),
    );
  });
});
