/** For tests: seal every event not sealed yet in position order (tests append one transaction at a time, so that is commit order). */
import { sql } from 'kysely';
import type { EventStore } from '../event-store/event-store.ts';
import { type SealState, sealPage } from './seal-page.ts';

export async function sealCommitted(store: EventStore, pageSize = 1000): Promise<number> {
  let state: SealState | null = null;
  let sealed = 0;
  for (;;) {
    const done = await store.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ after: number }>`select coalesce(max(global_position), 0)::int8 as after from ledger_seal`.execute(trx);
      const events = await store.readAllAfterPosition(Number(rows[0]!.after), pageSize, trx);
      state = await sealPage(trx, events, state);
      sealed += events.length;
      return events.length < pageSize;
    });
    if (done) return sealed;
  }
}
