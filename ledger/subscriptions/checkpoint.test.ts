/**
 * The ledger's head is the newest event by transaction id, compared as xid8: as text, transaction
 * 9 sorts after 10 and the head would go back to an older event once the ids gain a digit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { insertEventsOfTransactions } from '../../test/helpers/raw-events.ts';
import { committedHead } from './checkpoint.ts';
import { listEras } from './eras.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

describe('committedHead', () => {
  it('orders transactions by number across a change in their count of digits', async () => {
    const db = runtime.store.db;
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from events`.execute(db);
    expect(rows[0]!.n).toBe('0');
    // Two events of long-committed transactions, written with their ids as given.
    await insertEventsOfTransactions(db, [
      ['head-test-a', '9'],
      ['head-test-b', '10'],
    ]);
    const eras = await listEras(db);
    for (const safe of [true, false]) {
      const head = await committedHead(db, eras, safe);
      expect(head.transactionId).toBe('10');
    }
  });
});
