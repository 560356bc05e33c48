/**
 * The stock count fold: each event's rows of `count_sessions` and `count_lines`, and, through the
 * store, a session's whole life read back as live rows that rebuild and verify reproduce.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { CountEvent, CountLine } from '../../ledger/stock-count/events.ts';
import { countStreamId } from '../../ledger/stock-count/events.ts';
import { AT, HASH_HEX, project, recorded } from '../../test/helpers/projector-events.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { projectors } from '../registry.ts';
import { rebuildProjections } from '../rebuild.ts';
import { verifyLedger } from '../verify.ts';
import { stockCountProjector } from './projector.ts';

const SESSION = '5d1c2b3a-0000-4000-8000-000000000001';
const WAREHOUSE = '5d1c2b3a-0000-4000-8000-0000000000aa';
const MATERIAL = '5d1c2b3a-0000-4000-8000-0000000000bb';
const U1 = '5d1c2b3a-0000-4000-8000-0000000000c1';
const U2 = '5d1c2b3a-0000-4000-8000-0000000000c2';
const location = { kind: 'warehouse' as const, id: WAREHOUSE };
const place = { rack: 'A', shelf: null, bin: '3', zone: null, notes: 'top' };
const line1: CountLine = {
  lineId: 'l-1',
  seq: 1,
  kind: 'part',
  materialId: MATERIAL,
  partNumber: 'PN-100',
  partName: 'Bolt',
  place,
  instanceId: null,
  assetNumber: null,
  serialNumber: null,
};
const line2: CountLine = { ...line1, lineId: 'l-2', seq: 2, place: { rack: null, shelf: null, bin: null, zone: null, notes: null } };
const added: CountLine = { ...line1, lineId: 'l-3', seq: 3, partNumber: 'PN-200', partName: 'Nut', place: null };

const opened: CountEvent = {
  type: 'CountSessionOpened',
  data: {
    sessionId: SESSION,
    location,
    name: 'Spring stocktake',
    locationLabel: 'Main warehouse',
    scopeLabel: 'All parts',
    dueDate: '2026-03-31',
    blind: true,
    doubleCount: false,
    includeAssets: false,
    counters: [{ userId: U1, userName: 'Cy Crew' }],
    lines: [line1, line2],
  },
};
const counted = (line: CountLine, over: Partial<Extract<CountEvent, { type: 'CountLineCounted' }>['data']> = {}): CountEvent => ({
  type: 'CountLineCounted',
  data: {
    sessionId: SESSION,
    location,
    line,
    planned: true,
    counted: 18,
    countedAt: '2026-03-02T10:00:00.000Z',
    counterId: U1,
    counterName: 'Cy Crew',
    round: 1,
    roundCounts: [{ counterId: U1, counterName: 'Cy Crew', counted: 18, countedAt: '2026-03-02T10:00:00.000Z' }],
    firstCount: true,
    answersRecount: false,
    ...over,
  },
});
const recount: CountEvent = { type: 'CountRecountRequested', data: { sessionId: SESSION, location, lineIds: ['l-1'], note: null } };
const posted: CountEvent = {
  type: 'CountSessionPosted',
  data: {
    sessionId: SESSION,
    location,
    linesCounted: 2,
    linesWithVariance: 1,
    linesNotCounted: 1,
    adjustments: 1,
    assetsLost: 0,
    assetsFound: 0,
    results: [
      { lineId: 'l-1', expected: 20, difference: -3, assetResult: null },
      { lineId: 'l-3', expected: 4, difference: 0, assetResult: null },
    ],
  },
};

const ops = (event: CountEvent, version = 3) => project(stockCountProjector, recorded(countStreamId(SESSION), event, { version }));
const head = (version: number) => ({ stream_version: version, last_hash: HASH_HEX });

describe('stock count projector', () => {
  it('inserts an opened session and its planned lines, nothing counted, places keyed and labelled', () => {
    const [session, first, second, ...rest] = ops(opened, 1);
    expect(rest).toEqual([]);
    expect(session).toMatchObject({
      kind: 'insert',
      table: 'count_sessions',
      row: {
        id: SESSION,
        status: 'open',
        counters: `[{"name":"Cy Crew","user_id":"${U1}"}]`,
        line_total: 2,
        lines_counted: 0,
        recounts_pending: 0,
        due_date: '2026-03-31',
        created_by_name: 'Ada Admin',
        created_at: AT,
        ...head(1),
      },
    });
    expect(first).toMatchObject({
      kind: 'insert',
      row: {
        line_id: 'l-1',
        seq: 1,
        planned: true,
        place_key: 'a||3|',
        place_label: 'Rack A · Bin 3',
        round: 1,
        counts: '[]',
        status: 'to_count',
        counted: null,
      },
    });
    expect(second).toMatchObject({ row: { place_key: '', place_label: 'No location' } });
  });

  it('sets a counted line from its round counts and counts a first count once', () => {
    const [line, session] = ops(counted(line1), 4);
    expect(line).toEqual({
      kind: 'upsert',
      table: 'count_lines',
      key: { session_id: SESSION, line_id: 'l-1' },
      set: {
        round: 1,
        counts: `[{"name":"Cy Crew","counted":18,"user_id":"${U1}","counted_at":"2026-03-02T10:00:00.000Z"}]`,
        counted: 18,
        counted_at: new Date('2026-03-02T10:00:00.000Z'),
        counter_id: U1,
        counter_name: 'Cy Crew',
        recount_requested: false,
        status: 'counted',
      },
      insertOnly: expect.objectContaining({ planned: true, seq: 1, place_key: 'a||3|' }),
    });
    expect(session).toEqual({ kind: 'update', table: 'count_sessions', key: { id: SESSION }, set: head(4), add: { lines_counted: 1 } });
    expect(ops(counted(line1, { firstCount: false }))[1]).not.toHaveProperty('add');
  });

  it('adds an unplanned line to the total, and a recount answered lowers the pending', () => {
    expect(ops(counted(added, { planned: false }))[1]).toMatchObject({ add: { lines_counted: 1, line_total: 1 } });
    expect(ops(counted(line1, { round: 2, firstCount: false, answersRecount: true }))[1]).toMatchObject({ add: { recounts_pending: -1 } });
    expect(ops(recount)).toEqual([
      { kind: 'update', table: 'count_lines', key: { session_id: SESSION, line_id: 'l-1' }, set: { recount_requested: true, status: 'recount' } },
      { kind: 'update', table: 'count_sessions', key: { id: SESSION }, set: head(3), add: { recounts_pending: 1 } },
    ]);
  });

  it('posts the session by its poster and writes what review found on each result line', () => {
    const [session, l1] = ops(posted);
    expect(session).toMatchObject({
      set: { status: 'posted', posted_at: AT, posted_by_name: 'Ada Admin', lines_with_variance: 1, adjustments: 1, ...head(3) },
    });
    expect(l1).toMatchObject({ key: { line_id: 'l-1' }, set: { posted_at: AT, expected: 20, difference: -3, asset_result: null } });
  });
});

describe('stock count rows through the store', () => {
  let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
  beforeAll(async () => {
    runtime = await openTestRuntime();
    const streamId = countStreamId(SESSION);
    const events: CountEvent[] = [
      opened,
      counted(line1, { counted: 17, roundCounts: [{ counterId: U1, counterName: 'Cy Crew', counted: 17, countedAt: '2026-03-02T10:00:00.000Z' }] }),
      counted(added, { planned: false }),
      recount,
      counted(line1, { round: 2, firstCount: false, answersRecount: true }),
      { type: 'CountCountersChanged', data: { sessionId: SESSION, location, counters: [{ userId: U2, userName: 'Di "Quote" Crew' }] } },
      posted,
    ];
    let version = 0;
    for (const event of events) {
      const position = await runtime.store.streamPosition(runtime.store.db, streamId);
      await runtime.store.db
        .transaction()
        .execute((trx) =>
          runtime.store.append(trx, [{ streamId, expected: position, events: [event] }], SYSTEM_ACTOR, { now: new Date(Date.UTC(2026, 2, 2, 11, version)) }),
        );
      version += 1;
    }
  });
  afterAll(async () => {
    await runtime.close();
  });

  it('keeps the live rows, and rebuild and verify agree with them', async () => {
    const db = runtime.store.db;
    const session = await db.selectFrom('count_sessions').selectAll().executeTakeFirstOrThrow();
    expect(session).toMatchObject({ status: 'posted', line_total: 3, lines_counted: 2, recounts_pending: 0, stream_version: 7, adjustments: 1 });
    expect(session.counters).toEqual([{ user_id: U2, name: 'Di "Quote" Crew' }]);
    const lines = await db.selectFrom('count_lines').select(['line_id', 'status', 'round', 'counted', 'difference', 'planned']).orderBy('seq').execute();
    expect(lines).toEqual([
      { line_id: 'l-1', status: 'counted', round: 2, counted: 18, difference: -3, planned: true },
      { line_id: 'l-2', status: 'to_count', round: 1, counted: null, difference: null, planned: true },
      { line_id: 'l-3', status: 'counted', round: 1, counted: 18, difference: 0, planned: false },
    ]);
    const text = async () => (await sql<{ row: string }>`select t::text as row from count_lines t order by seq`.execute(db)).rows;
    const before = await text();
    await rebuildProjections(runtime.store, projectors, { databaseUrl: runtime.database.url });
    expect(await text()).toEqual(before);
    const { projections } = await verifyLedger(runtime.store, projectors, runtime.database.url);
    expect(projections.flatMap((p) => p.differences)).toEqual([]);
  });
});
