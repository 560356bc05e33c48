/**
 * Events written with the transaction id a test gives, straight into the table (the store stamps
 * its own): for what depends on how transaction ids compare, such as 9 against 10.
 */
import { sql } from 'kysely';
import type { Db } from '../../ledger/database.ts';

/** One event per [stream, transaction id], of a type no projector handles. */
export async function insertEventsOfTransactions(db: Db, events: ReadonlyArray<readonly [stream: string, transactionId: string]>): Promise<void> {
  for (const [stream, transaction] of events) {
    await sql`insert into events (stream_id, stream_version, type, data, metadata, occurred_at, transaction_id, hash)
              values (${stream}, 1, 'TransactionOrderTest', '{}', '{}', now(), ${transaction}::xid8, '\\x00')`.execute(db);
  }
}
