/** Plain events for tests that need events of no aggregate: through the store, or straight into the table. */
import { sql } from 'kysely';
import type { Db } from '../../ledger/database.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';

const metadata = { actorId: null, actorName: 'Test' };

/** Appends one event to each of `count` new streams, one transaction each, and wakes subscribers. */
export async function appendEvents(store: EventStore, prefix: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    const recorded = await store.db.transaction().execute((trx) =>
      store.append(trx, [{ streamId: `${prefix}:${i}`, expected: { version: 0, hash: null }, events: [{ type: 'Happened', data: { i } }] }], metadata, {
        now: new Date(),
      }),
    );
    store.committed(recorded);
  }
}

/**
 * Events written with the transaction id a test gives, straight into the table (the store stamps
 * its own): for what depends on how transaction ids compare, such as 9 against 10.
 */
/** One event per [stream, transaction id], of a type no projector handles. */
export async function insertEventsOfTransactions(db: Db, events: ReadonlyArray<readonly [stream: string, transactionId: string]>): Promise<void> {
  for (const [stream, transaction] of events) {
    await sql`insert into events (stream_id, stream_version, type, data, metadata, occurred_at, transaction_id, hash)
              values (${stream}, 1, 'TransactionOrderTest', '{}', '{}', now(), ${transaction}::xid8, '\\x00')`.execute(db);
  }
}
