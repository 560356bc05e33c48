// Needs two real concurrent connections, so it runs only on PostgreSQL (TEST_DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { START_CHECKPOINT, type StreamAppend } from './types.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const metadata = { actorId: null, actorName: 'Test' };
const now = new Date();
const newStream = (streamId: string): StreamAppend => ({ streamId, expected: { version: 0, hash: null }, events: [{ type: 'Happened', data: {} }] });

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

describe('safe high-water mark', () => {
  it('never lets a consumer skip an event whose transaction took an earlier position but committed later', async () => {
    const { store } = runtime;
    let releaseSlow!: () => void;
    const slowMayCommit = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowAppended!: () => void;
    const slowHasPosition = new Promise<void>((resolve) => (slowAppended = resolve));

    let slowPosition = 0;
    const slow = store.db.transaction().execute(async (trx) => {
      const [event] = await store.append(trx, [newStream('hwm:slow')], metadata, { now });
      slowPosition = event!.globalPosition;
      slowAppended();
      await slowMayCommit;
    });
    await slowHasPosition;

    const fast = await store.db.transaction().execute((trx) => store.append(trx, [newStream('hwm:fast')], metadata, { now }));
    const fastPosition = fast[0]!.globalPosition;
    expect(fastPosition).toBeGreaterThan(slowPosition);

    // A reader going by position alone sees the later position first and would move past the earlier one.
    const byPosition = await store.readAllAfterPosition(0, 100);
    expect(byPosition.map((e) => e.globalPosition)).toEqual([fastPosition]);

    // The safe reader holds back everything at or after the oldest running transaction.
    expect(await store.readAllSafe(START_CHECKPOINT, 100)).toEqual([]);

    releaseSlow();
    await slow;
    // Both committed: the mark passes them once no transaction older than theirs is open anywhere on
    // the server (other test files run theirs at the same time), and then in position order.
    await vi.waitFor(
      async () => {
        const safe = await store.readAllSafe(START_CHECKPOINT, 100);
        expect(safe.map((e) => e.globalPosition)).toEqual([slowPosition, fastPosition]);
      },
      { timeout: 20_000, interval: 50 },
    );
  });
});
