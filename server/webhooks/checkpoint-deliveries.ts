/**
 * Deliveries of signed checkpoints (`checkpoint.signed`, message `ckpt_<ledger_seq>`).
 *
 * Written by a small step of their own after the enqueueing subscription's pages, not in the
 * transaction that signs: the sealer runs apart from this subscription and may sign a head whose
 * events this subscription has not turned into deliveries yet, and a checkpoint sent before the
 * events it covers would tell a receiver of a chain it has not seen. The step takes a checkpoint
 * only once the subscription has passed its last event, so its delivery always follows theirs.
 * Each endpoint remembers the last checkpoint it was told of (`checkpoint_seq`), moved in the same
 * transaction as the deliveries: each checkpoint once per endpoint, across crashes and processes
 * (the endpoints' rows are locked while the step runs).
 *
 * Checkpoints cover the whole ledger: every endpoint that asks for them hears of them, a project's
 * too (its audit bundle is verified against them).
 */
import { sql } from 'kysely';
import type { Db, Trx } from '../../ledger/event-store/event-store.ts';
import { toHex } from '../../ledger/event-store/hash-chain.ts';
import { compareCheckpoints, type EraCheckpoint, loadCheckpoint } from '../../ledger/subscriptions/checkpoint.ts';
import { type LedgerEra, listEras } from '../../ledger/subscriptions/eras.ts';
import { type PlannedDelivery, writeDeliveries } from './deliveries.ts';
import { checkpointMessageId, checkpointPayloadInput, type SignedCheckpoint } from './payload.ts';

/** A signed checkpoint with the commit place of the last event it covers. */
export interface CheckpointAt extends SignedCheckpoint {
  transactionId: string;
}

const PAGE = 500;

/** Signed checkpoints in ledger_seq order: after a ledger_seq, or covering events after a position. */
export async function signedCheckpoints(db: Db | Trx, after: { seq?: number; position?: number }, limit = PAGE): Promise<CheckpointAt[]> {
  const rows = await db
    .selectFrom('ledger_checkpoints as c')
    .innerJoin('ledger_seal as s', 's.ledger_seq', 'c.ledger_seq')
    .innerJoin('events as e', 'e.global_position', 's.global_position')
    .select(['c.ledger_seq', 'c.chain_hash', 'c.tree_root', 'c.signed_at', 'c.key_id', 'c.signature', 's.global_position'])
    .select(sql<string>`e.transaction_id::text`.as('transaction_id'))
    .$if(after.seq !== undefined, (q) => q.where('c.ledger_seq', '>', after.seq!))
    .$if(after.position !== undefined, (q) => q.where('s.global_position', '>', after.position!))
    .orderBy('c.ledger_seq')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    ledger_seq: Number(r.ledger_seq),
    position: Number(r.global_position),
    chain_hash: toHex(r.chain_hash),
    tree_root: toHex(r.tree_root),
    signed_at: r.signed_at.toISOString(),
    key_id: r.key_id,
    signature: r.signature,
    transactionId: r.transaction_id,
  }));
}

/** Whether a subscription at `handled` has passed the event at this commit place. */
export function passed(handled: EraCheckpoint, eras: readonly LedgerEra[], place: { transactionId: string; position: number }): boolean {
  const era = [...eras].reverse().find((e) => e.firstPosition <= place.position) ?? eras[0]!;
  return compareCheckpoints({ era: era.era, transactionId: place.transactionId, globalPosition: place.position }, handled) <= 0;
}

export const checkpointDelivery = (endpointId: string, checkpoint: SignedCheckpoint): PlannedDelivery => ({
  endpointId,
  messageId: checkpointMessageId(checkpoint),
  kind: 'checkpoint.signed',
  position: checkpoint.position,
  input: checkpointPayloadInput(checkpoint),
});

/** One transaction of the step; returns how many checkpoints it took and how many deliveries it wrote. */
async function step(db: Db, subscription: string, now: Date): Promise<{ taken: number; written: number }> {
  return db.transaction().execute(async (trx) => {
    const endpoints = await trx
      .selectFrom('webhook_endpoints')
      .select(['id', 'checkpoint_seq'])
      .where(sql<boolean>`'checkpoint.signed' = any(kinds)`)
      .orderBy('id')
      .forNoKeyUpdate()
      .execute();
    const handled = await loadCheckpoint(trx, subscription);
    if (endpoints.length === 0 || !handled) return { taken: 0, written: 0 };
    const eras = await listEras(trx);
    const floor = Math.min(...endpoints.map((e) => Number(e.checkpoint_seq)));
    const found = await signedCheckpoints(trx, { seq: floor });
    const ready: CheckpointAt[] = [];
    // Sealing follows commit order, so the checkpoints the subscription has passed come first.
    for (const checkpoint of found) {
      if (!passed(handled, eras, { transactionId: checkpoint.transactionId, position: checkpoint.position })) break;
      ready.push(checkpoint);
    }
    if (ready.length === 0) return { taken: 0, written: 0 };
    const planned = ready.flatMap((c) => endpoints.filter((e) => Number(e.checkpoint_seq) < c.ledger_seq).map((e) => checkpointDelivery(e.id, c)));
    const written = await writeDeliveries(trx, planned, now, false);
    const last = ready[ready.length - 1]!.ledger_seq;
    await trx
      .updateTable('webhook_endpoints')
      .set({ checkpoint_seq: last })
      .where(
        'id',
        'in',
        endpoints.map((e) => e.id),
      )
      .where('checkpoint_seq', '<', last)
      .execute();
    return { taken: ready.length, written };
  });
}

/** Queues every signed checkpoint the subscription has passed; returns the deliveries written. */
export async function enqueueSignedCheckpoints(db: Db, subscription: string, now: Date = new Date()): Promise<number> {
  let written = 0;
  for (;;) {
    const done = await step(db, subscription, now);
    written += done.written;
    if (done.taken < PAGE) return written;
  }
}

/** The newest checkpoint's ledger_seq (0 before the first): where a new endpoint starts hearing of them. */
export async function latestCheckpointSeq(db: Db | Trx): Promise<number> {
  const row = await db.selectFrom('ledger_checkpoints').select(sql<string>`coalesce(max(ledger_seq), 0)::text`.as('seq')).executeTakeFirstOrThrow();
  return Number(row.seq);
}
