import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../test/helpers/test-database.ts';
import type { Projector } from './projector.ts';
import { projectEvents, runStatements, type Statement } from './sql-writer.ts';
import type { RecordedEvent } from '../ledger/event-store/types.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;

beforeAll(async () => {
  runtime = await openTestRuntime();
  const { db } = runtime.store;
  await sql`create schema writes`.execute(db);
  await sql`create table writes.counts (item text primary key, qty integer not null check (qty >= 0))`.execute(db);
  await sql`create table writes.moves (position integer primary key, item text not null, at integer not null, delta integer not null, balance integer not null)`.execute(
    db,
  );
});
afterAll(async () => {
  await runtime.close();
});

const counter: Projector = {
  name: 'counter',
  version: 1,
  tables: [{ name: 'counts', key: ['item'], columns: ['item', 'qty'] }],
  handles: ['Moved'],
  project: (event) => {
    const { item, delta } = event.data as { item: string; delta: number };
    return [{ kind: 'upsert', table: 'counts', key: { item }, add: { qty: delta } }];
  },
};

const ledger: Projector = {
  name: 'ledger',
  version: 1,
  tables: [
    {
      name: 'moves',
      key: ['position'],
      columns: ['position', 'item', 'at', 'delta', 'balance'],
      running: { series: ['item'], order: ['at', 'position'], balances: { balance: 'delta' } },
    },
  ],
  handles: ['Moved'],
  project: (event) => {
    const { item, delta } = event.data as { item: string; delta: number };
    return [{ kind: 'insert', table: 'moves', row: { position: event.globalPosition, item, at: event.globalPosition, delta } }];
  },
};

let position = 0;
const at = new Date('2026-01-01T00:00:00Z');
const moved = (item: string, delta: number): RecordedEvent => ({
  globalPosition: ++position,
  streamId: `item:${item}`,
  streamVersion: position,
  type: 'Moved',
  data: { item, delta },
  metadata: { actorId: null, actorName: 'Test' },
  idempotencyKey: null,
  occurredAt: at,
  recordedAt: at,
  transactionId: '1',
  prevHash: null,
  hash: new Uint8Array(32),
});

async function rows() {
  const { db } = runtime.store;
  const counts = await sql<{ item: string; qty: number }>`select item, qty from writes.counts order by item`.execute(db);
  const moves = await sql<{ position: number; balance: number }>`select position, balance from writes.moves order by position`.execute(db);
  return { counts: counts.rows, balances: moves.rows.map((r) => r.balance) };
}

describe('writes of several projectors as one statement', () => {
  it('writes every table of a batch from one statement, each write with its own parameters', async () => {
    const writes: Statement[] = [];
    const events = [moved('a', 5), moved('b', 7), moved('a', 3)];
    for (const projector of [counter, ledger]) await projectEvents(runtime.store.db, 'writes', projector, events, writes);
    // Nothing has run yet: the writes wait for the caller.
    expect((await rows()).counts).toEqual([]);
    expect(writes.map((w) => w.table)).toEqual(['counts', 'moves']);
    await runStatements(runtime.store.db, writes);
    expect(await rows()).toEqual({
      counts: [
        { item: 'a', qty: 8 },
        { item: 'b', qty: 7 },
      ],
      balances: [5, 7, 8],
    });
  });

  it('keeps two writes to one table apart, so the second sees the first', async () => {
    const first: Statement[] = [];
    await projectEvents(runtime.store.db, 'writes', counter, [moved('a', -8)], first);
    const second: Statement[] = [];
    await projectEvents(runtime.store.db, 'writes', counter, [moved('a', 1)], second);
    await projectEvents(runtime.store.db, 'writes', ledger, [moved('c', 2)], second);
    await runStatements(runtime.store.db, [...first, ...second]);
    // Joined into one statement, both writes would have started from a = 8.
    expect((await rows()).counts).toEqual([
      { item: 'a', qty: 1 },
      { item: 'b', qty: 7 },
    ]);
  });

  it('adds a movement recorded after later ones to the balances after it, one row or many at a time', async () => {
    const dated: Projector = {
      ...ledger,
      name: 'dated',
      project: (event) => {
        const { item, delta, at: when } = event.data as { item: string; delta: number; at: number };
        return [{ kind: 'insert', table: 'moves', row: { position: event.globalPosition, item, at: when, delta } }];
      },
    };
    const movedAt = (when: number, delta: number, item = 'dated'): RecordedEvent => {
      const event = moved(item, delta);
      return { ...event, data: { item, delta, at: when } };
    };
    const write = (events: RecordedEvent[]) => runtime.store.db.transaction().execute((trx) => projectEvents(trx, 'writes', dated, events));
    const balances = async (item = 'dated') =>
      (await sql<{ balance: number }>`select balance from writes.moves where item = ${item} order by at, position`.execute(runtime.store.db)).rows.map(
        (r) => r.balance,
      );
    await write([movedAt(100, 5), movedAt(200, 1)]);
    expect(await balances()).toEqual([5, 6]);
    await write([movedAt(50, 2)]);
    expect(await balances()).toEqual([2, 7, 8]);
    await write([movedAt(10, 1), movedAt(150, 3)]);
    expect(await balances()).toEqual([1, 3, 8, 11, 12]);
    await write([movedAt(300, 4)]);
    expect(await balances()).toEqual([1, 3, 8, 11, 12, 16]);
    await write([movedAt(400, 1), movedAt(500, 2)]);
    expect(await balances()).toEqual([1, 3, 8, 11, 12, 16, 17, 19]);
    // One series back-dated and another written in order, in one statement: each gets its own.
    await write([movedAt(20, 10, 'in-order'), movedAt(5, 2), movedAt(30, 1, 'in-order')]);
    expect(await balances()).toEqual([2, 3, 5, 10, 13, 14, 18, 19, 21]);
    expect(await balances('in-order')).toEqual([10, 11]);
  });

  it('fails as a whole when one write breaks a rule: no table changes', async () => {
    const before = await rows();
    const writes: Statement[] = [];
    await projectEvents(runtime.store.db, 'writes', ledger, [moved('b', 1)], writes);
    await projectEvents(runtime.store.db, 'writes', counter, [moved('b', -100)], writes);
    await expect(runtime.store.db.transaction().execute((trx) => runStatements(trx, writes))).rejects.toThrow(/check constraint/);
    expect(await rows()).toEqual(before);
  });
});
