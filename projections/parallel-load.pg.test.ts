/**
 * Where a parallel load stops: the newest event of a transaction below the snapshot's xmin, by
 * transaction id as a number. Ordered as text, transaction 9 came after 10, the load's checkpoint
 * went back to an older event, and the rebuild's catch-up applied every later event a second time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../test/helpers/test-database.ts';
import { insertEventsOfTransactions } from '../test/helpers/raw-events.ts';
import { connect, lastEventBelow } from './parallel-load.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

describe('lastEventBelow', () => {
  it('finds the newest event by transaction number across a change in their count of digits', async () => {
    await insertEventsOfTransactions(runtime.store.db, [
      ['below-a', '9'],
      ['below-b', '10'],
    ]);
    const client = await connect(runtime.database.url!);
    try {
      const tenth = await lastEventBelow(client, '11');
      expect(tenth.transactionId).toBe('10');
      expect(await lastEventBelow(client, '10')).toMatchObject({ transactionId: '9' });
      expect(await lastEventBelow(client, '9')).toMatchObject({ transactionId: '0', globalPosition: 0 });
    } finally {
      await client.end();
    }
  });
});
