/**
 * Replay: every event after a ledger position that an endpoint hears of (its kinds and scope,
 * whatever its start position: a replay may reach before its registration), and every signed
 * checkpoint after it, queued again in ledger order behind whatever the endpoint has waiting. Each
 * body is rebuilt from the events, the same as the first time but for its `timestamp`, with the
 * same `webhook-id`, so a receiver that already has it can tell.
 *
 * One transaction: the replay is queued whole or not at all. Events are read in commit order,
 * era by era, in pages, up to what had committed when the replay began.
 */
import { sql } from 'kysely';
import { type Db, toRecordedEvent, type Trx } from '../../ledger/event-store/event-store.ts';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import { committedHead, type EraCheckpoint } from '../../ledger/subscriptions/checkpoint.ts';
import { listEras } from '../../ledger/subscriptions/eras.ts';
import { type CheckpointAt, checkpointDelivery, signedCheckpoints } from './checkpoint-deliveries.ts';
import { heardEvents, loadEndpointScopes, planEventDeliveries, type PlannedDelivery, type StockFigureCache, writeDeliveries } from './deliveries.ts';

const PAGE = 500;

/** The committed events of one era with positions after `from`, in commit order, after a cursor. */
async function eventsPage(
  trx: Trx,
  range: { first: number; before: number | null },
  from: number,
  cursor: { transactionId: string; position: number } | null,
  head: EraCheckpoint,
  sameEra: boolean,
): Promise<RecordedEvent[]> {
  const rows = await trx
    .selectFrom('events')
    .selectAll()
    .select(sql<string>`transaction_id::text`.as('transaction_id'))
    .where('global_position', '>', Math.max(from, range.first - 1))
    .$if(range.before !== null, (q) => q.where('global_position', '<', range.before!))
    .$if(cursor !== null, (q) => q.where(sql<boolean>`(transaction_id, global_position) > (${cursor!.transactionId}::xid8, ${cursor!.position}::bigint)`))
    .$if(sameEra, (q) => q.where(sql<boolean>`(transaction_id, global_position) <= (${head.transactionId}::xid8, ${head.globalPosition}::bigint)`))
    .orderBy('events.transaction_id')
    .orderBy('events.global_position')
    .limit(PAGE)
    .execute();
  return rows.map((row) => toRecordedEvent(row as never));
}

/** Every signed checkpoint after the position, by the position of its last event. */
async function checkpointsAfter(trx: Trx, from: number): Promise<Map<number, CheckpointAt[]>> {
  const byPosition = new Map<number, CheckpointAt[]>();
  let after = 0;
  for (;;) {
    const page = await signedCheckpoints(trx, { seq: after, position: from }, PAGE);
    for (const c of page) byPosition.set(c.position, [...(byPosition.get(c.position) ?? []), c]);
    if (page.length < PAGE) return byPosition;
    after = page[page.length - 1]!.ledger_seq;
  }
}

/** Queues the endpoint's events and checkpoints after `fromPosition` again; returns how many. */
export async function replayEndpoint(db: Db, endpointId: string, fromPosition: number, cache: StockFigureCache, now: Date = new Date()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const endpoints = await loadEndpointScopes(trx, endpointId);
    const endpoint = endpoints[0];
    if (!endpoint) return 0;
    const eras = await listEras(trx);
    const head = await committedHead(trx, eras, false);
    const checkpoints = endpoint.kinds.includes('checkpoint.signed') ? await checkpointsAfter(trx, fromPosition) : new Map<number, CheckpointAt[]>();
    let queued = 0;
    for (const [index, era] of eras.entries()) {
      const next = eras[index + 1];
      if (next && next.firstPosition <= fromPosition + 1) continue;
      const range = { first: era.firstPosition, before: next?.firstPosition ?? null };
      let cursor: { transactionId: string; position: number } | null = null;
      for (;;) {
        const page = await eventsPage(trx, range, fromPosition, cursor, head, era.era === head.era);
        if (page.length === 0) break;
        const heard = await heardEvents(trx, page, endpoints, cache);
        const planned = planEventDeliveries(heard, endpoints, () => fromPosition);
        // A checkpoint follows the last event it covers, as it did when it was first queued.
        const inOrder: PlannedDelivery[] = [];
        const byPosition = new Map<number, PlannedDelivery>(planned.map((p) => [p.position, p]));
        for (const event of page) {
          const delivery = byPosition.get(event.globalPosition);
          if (delivery) inOrder.push(delivery);
          for (const checkpoint of checkpoints.get(event.globalPosition) ?? []) inOrder.push(checkpointDelivery(endpoint.id, checkpoint));
        }
        queued += await writeDeliveries(trx, inOrder, now, true);
        if (page.length < PAGE) break;
        const last = page[page.length - 1]!;
        cursor = { transactionId: last.transactionId, position: last.globalPosition };
      }
    }
    return queued;
  });
}
