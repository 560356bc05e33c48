import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { ConcurrencyError } from '../errors.ts';
import { eventHash } from './hash-chain.ts';
import { START_CHECKPOINT, type EventMetadata } from './types.ts';

const metadata: EventMetadata = { actorId: null, actorName: 'Test' };
const now = new Date('2026-11-01T10:00:00.000Z');
let runtime: Awaited<ReturnType<typeof openTestRuntime>>;

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

const append = (streamId: string, version: number, hash: Uint8Array | null, types: string[]) =>
  runtime.store.db
    .transaction()
    .execute((trx) =>
      runtime.store.append(trx, [{ streamId, expected: { version, hash }, events: types.map((type, i) => ({ type, data: { i } })) }], metadata, { now }),
    );

describe('event store', () => {
  it('appends events with consecutive versions and a hash chain linking each to the one before', async () => {
    const first = await append('test:a', 0, null, ['Opened', 'Changed']);
    expect(first.map((e) => e.streamVersion)).toEqual([1, 2]);
    expect(first[0]!.prevHash).toBeNull();
    expect(Buffer.from(first[1]!.prevHash!).equals(Buffer.from(first[0]!.hash))).toBe(true);
    expect(Buffer.from(first[0]!.hash).equals(eventHash(null, first[0]!))).toBe(true);
    expect(first[1]!.globalPosition).toBeGreaterThan(first[0]!.globalPosition);

    const stream = await runtime.store.readStream(runtime.store.db, 'test:a');
    expect(stream.map((e) => [e.type, e.data, e.occurredAt.toISOString(), e.metadata.actorName])).toEqual([
      ['Opened', { i: 0 }, now.toISOString(), 'Test'],
      ['Changed', { i: 1 }, now.toISOString(), 'Test'],
    ]);
    expect(await runtime.store.streamPosition(runtime.store.db, 'test:a')).toMatchObject({ version: 2 });
  });

  it('refuses an append whose expected version is stale and writes nothing', async () => {
    const before = await runtime.store.headPosition();
    await expect(append('test:a', 1, null, ['Late'])).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await runtime.store.headPosition()).toBe(before);
    expect((await runtime.store.readStream(runtime.store.db, 'test:a')).length).toBe(2);
  });

  it('appends to several streams in one transaction, all or nothing', async () => {
    const head = await runtime.store.streamPosition(runtime.store.db, 'test:a');
    await expect(
      runtime.store.db.transaction().execute((trx) =>
        runtime.store.append(
          trx,
          [
            { streamId: 'test:b', expected: { version: 0, hash: null }, events: [{ type: 'Opened', data: {} }] },
            { streamId: 'test:a', expected: { version: head.version - 1, hash: null }, events: [{ type: 'Changed', data: {} }] },
          ],
          metadata,
          { now },
        ),
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await runtime.store.readStream(runtime.store.db, 'test:b')).toEqual([]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE on the events table', async () => {
    const db = runtime.store.db;
    await expect(sql`update events set type = 'Forged'`.execute(db)).rejects.toThrow(/immutable/);
    await expect(sql`delete from events`.execute(db)).rejects.toThrow(/immutable/);
    await expect(sql`truncate events`.execute(db)).rejects.toThrow(/immutable/);
    expect((await runtime.store.readStream(db, 'test:a')).map((e) => e.type)).toEqual(['Opened', 'Changed']);
  });

  it('reads everything after a checkpoint in commit order, in pages', async () => {
    // The safe read stops below the oldest transaction still open anywhere on the server, and on
    // PostgreSQL other test files run theirs at the same time: wait until ours are behind the mark.
    const all = await vi.waitFor(
      async () => {
        const events = await runtime.store.readAllSafe(START_CHECKPOINT, 1000);
        expect(events.length).toBeGreaterThanOrEqual(2);
        return events;
      },
      { timeout: 20_000, interval: 50 },
    );
    const firstPage = await runtime.store.readAllSafe(START_CHECKPOINT, 1);
    const rest = await runtime.store.readAllSafe({ transactionId: firstPage[0]!.transactionId, globalPosition: firstPage[0]!.globalPosition }, 1000);
    expect([...firstPage, ...rest].map((e) => e.globalPosition)).toEqual(all.map((e) => e.globalPosition));
  });
});
