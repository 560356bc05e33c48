/**
 * Walks every stream's hash chain in one pass over the events. (`ledger verify` on PostgreSQL walks
 * them in worker threads over ranges of streams, beside the projections: projections/verify-worker.ts.)
 */
import type { EventStore } from './event-store.ts';
import { chainChecker, type ChainReport } from './chain-checker.ts';

/** Every chain in one pass over the events, in position order. */
export async function verifyHashChains(store: EventStore, pageSize = 20_000): Promise<ChainReport> {
  const checker = chainChecker();
  for (let after = 0; ; ) {
    const page = await store.readAllAfterPosition(after, pageSize);
    if (page.length === 0) break;
    for (const event of page) checker.check(event);
    after = page[page.length - 1]!.globalPosition;
  }
  return checker.report();
}
