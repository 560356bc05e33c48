import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { type EventPlace, loadCheckpoint, type PageReader } from './checkpoint.ts';
import { listEras, openEraAfterRestore } from './eras.ts';
import { startPagedSubscription, startSubscription } from './subscription.ts';
import { appendEvents } from '../../test/helpers/raw-events.ts';
import { createDeliveries, deliveries, positionsWithPrefix, recordDeliveries } from './subscription-testing.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;

beforeAll(async () => {
  runtime = await openTestRuntime();
  await createDeliveries(runtime.store);
});
afterAll(async () => {
  await runtime.close();
});

describe('a durable subscription', () => {
  it('hands every committed event over once, in commit order, and says when it has caught up', async () => {
    const { store } = runtime;
    await appendEvents(store, 'first', 5);
    const seen: number[] = [];
    const subscription = startSubscription(store, {
      name: 'in-order',
      batchSize: 2,
      pollMs: 20,
      handle: async (trx, events) => {
        seen.push(...events.map((e) => e.globalPosition));
        await recordDeliveries('in-order', 'a')(trx, events);
      },
    });
    await subscription.drained();
    await appendEvents(store, 'second', 3);
    await subscription.drained();
    await subscription.stop();
    const all = await positionsWithPrefix(store, 'first');
    all.push(...(await positionsWithPrefix(store, 'second')));
    expect(seen).toEqual(all);
    expect((await deliveries(store, 'in-order')).map((d) => d.position)).toEqual(all);
    const checkpoint = await loadCheckpoint(store.db, 'in-order');
    expect(checkpoint).toMatchObject({ era: 1, globalPosition: all[all.length - 1] });
  });

  it('resumes after a restart mid-way without handing an event over twice, and rolls back a page that failed', async () => {
    const { store } = runtime;
    await appendEvents(store, 'restart', 9);
    const positions = await positionsWithPrefix(store, 'restart');
    let pages = 0;
    const first = startSubscription(store, {
      name: 'restart',
      batchSize: 3,
      pollMs: 20,
      from: 'head',
      handle: async () => undefined,
    });
    await first.drained();
    await first.stop();
    // Started from the head: the nine events before it are history, not news.
    await appendEvents(store, 'restart-new', 9);
    const fresh = await positionsWithPrefix(store, 'restart-new');
    const errors: unknown[] = [];
    const crashing = startSubscription(store, {
      name: 'restart',
      batchSize: 3,
      pollMs: 20,
      onError: (error) => errors.push(error),
      handle: async (trx, events) => {
        pages += 1;
        await recordDeliveries('restart', 'crashing')(trx, events);
        // From the second page on it fails after writing: its writes and its checkpoint roll back.
        if (pages >= 2) throw new Error('crash mid-page');
      },
    });
    await expect.poll(() => errors.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await crashing.stop();
    expect((await deliveries(store, 'restart')).map((d) => d.position)).toEqual(fresh.slice(0, 3));

    const resumed = startSubscription(store, { name: 'restart', batchSize: 3, pollMs: 20, handle: recordDeliveries('restart', 'resumed') });
    await resumed.drained();
    await resumed.stop();
    const delivered = await deliveries(store, 'restart');
    expect(delivered.map((d) => d.position)).toEqual(fresh);
    expect(delivered.filter((d) => d.runner === 'resumed').map((d) => d.position)).toEqual(fresh.slice(3));
    expect(delivered.some((d) => positions.includes(d.position))).toBe(false);
  });

  it('runs in one runner at a time; the other takes over when the first stops', async () => {
    const { store } = runtime;
    const a = startSubscription(store, { name: 'single', pollMs: 20, handle: recordDeliveries('single', 'a') });
    await a.drained();
    const b = startSubscription(store, { name: 'single', pollMs: 20, handle: recordDeliveries('single', 'b') });
    await appendEvents(store, 'single-1', 4);
    await a.drained();
    expect(a.active).toBe(true);
    expect(b.active).toBe(false);
    await a.stop();
    await appendEvents(store, 'single-2', 4);
    await b.drained();
    expect(b.active).toBe(true);
    await b.stop();
    const delivered = await deliveries(store, 'single');
    const later = await positionsWithPrefix(store, 'single-2');
    expect(delivered.filter((d) => d.runner === 'b').map((d) => d.position)).toEqual(later);
    expect(delivered.filter((d) => (later.includes(d.position) ? d.runner !== 'b' : d.runner !== 'a'))).toEqual([]);
  });

  it('goes on at once after a full page, and after a short one waits for the next wake-up', async () => {
    // A stream of commits as the reader sees it: three full pages of backlog, then one new event on
    // every read, as when commands keep coming while each page is handled.
    let reads = 0;
    let position = 1_000_000;
    const reader: PageReader<EventPlace> = async (_trx, _eras, _from, limit) => {
      reads += 1;
      // (Forty reads in, the stream dries up, so that a round that never ends still lets the test end.)
      if (reads > 40) return { events: [] };
      const events = Array.from({ length: reads <= 3 ? limit : 1 }, () => ({ globalPosition: ++position, transactionId: String(position) }));
      return { events, checkpoint: { era: 1, transactionId: String(position), globalPosition: position } };
    };
    const pages: number[] = [];
    const subscription = startPagedSubscription(runtime.store, reader, {
      name: 'short-pages',
      batchSize: 5,
      pollMs: 60_000,
      wakeEveryMs: 60_000,
      handle: async (_trx, events) => {
        pages.push(events.length);
      },
    });
    await expect.poll(() => pages.length).toBe(4);
    // A round that went on while pages had anything in them would have read on to the fortieth.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await subscription.stop();
    expect(pages).toEqual([5, 5, 5, 1]);
  });
});

describe('eras', () => {
  it('opens no era on a database that was not restored', async () => {
    expect(await openEraAfterRestore(runtime.store.db)).toBeNull();
    expect(await listEras(runtime.store.db)).toEqual([{ era: 1, firstPosition: 1 }]);
  });

  it('finishes the old era by position, then follows the new one', async () => {
    const { store } = runtime;
    await appendEvents(store, 'era-old', 4);
    const old = await positionsWithPrefix(store, 'era-old');
    // Where 'head' lands depends on transactions elsewhere on the server: this first run records nothing.
    const sub = startSubscription(store, { name: 'eras', pollMs: 20, from: 'head', handle: async () => undefined });
    await sub.drained();
    await sub.stop();
    // As if the checkpoint had stopped in the middle of the old era when the database was restored.
    await sql`update projection_checkpoints set transaction_id = ${(await positionTuple(old[1]!)).transactionId}::xid8, global_position = ${old[1]!} where name = 'eras'`.execute(
      store.db,
    );
    const head = old[old.length - 1]! + 1;
    await store.db.insertInto('ledger_eras').values({ era: 2, first_position: head }).execute();
    await appendEvents(store, 'era-new', 3);
    const resumed = startSubscription(store, { name: 'eras', pollMs: 20, handle: recordDeliveries('eras', 'x') });
    await resumed.drained();
    await resumed.stop();
    expect((await deliveries(store, 'eras')).map((d) => d.position)).toEqual([...old.slice(2), ...(await positionsWithPrefix(store, 'era-new'))]);
    expect(await loadCheckpoint(store.db, 'eras')).toMatchObject({ era: 2 });
  });
});

describe('a restore into a new cluster', () => {
  it('opens a new era once, and the subscription misses nothing the new cluster appends with lower transaction ids', async () => {
    const { store } = runtime;
    const sub = startSubscription(store, { name: 'restored', pollMs: 20, from: 'head', handle: async () => undefined });
    await sub.drained();
    await sub.stop();
    // A restored event written by the old cluster, whose transaction counter had gone far beyond this one's.
    const { rows } = await sql<{ global_position: number }>`
      insert into events (stream_id, stream_version, type, data, metadata, occurred_at, transaction_id, hash)
      values ('restored:old', 1, 'Happened', '{}', '{"actorId":null,"actorName":"Test"}', now(), '1099511627776'::xid8, '\\x00')
      returning global_position`.execute(store.db);
    const restored = Number(rows[0]!.global_position);
    const eras = await listEras(store.db);
    expect(await openEraAfterRestore(store.db)).toEqual({ era: eras[eras.length - 1]!.era + 1, firstPosition: restored + 1 });
    expect(await openEraAfterRestore(store.db)).toBeNull();
    await appendEvents(store, 'restored-new', 3);
    const resumed = startSubscription(store, { name: 'restored', pollMs: 20, handle: recordDeliveries('restored', 'x') });
    await resumed.drained();
    await resumed.stop();
    expect((await deliveries(store, 'restored')).map((d) => d.position)).toEqual([restored, ...(await positionsWithPrefix(store, 'restored-new'))]);
  });
});

async function positionTuple(position: number) {
  const row = await runtime.store.db
    .selectFrom('events')
    .select(sql<string>`transaction_id::text`.as('transactionId'))
    .where('global_position', '=', position)
    .executeTakeFirstOrThrow();
  return row;
}
