/**
 * A subscription's place in the ledger: an era and the `(transaction_id, global_position)` tuple
 * of the last event it handled, kept in `projection_checkpoints` and written in the same
 * transaction as the subscriber's own writes, so both commit or neither.
 */
import { sql } from 'kysely';
import type { Db, EventStore, Trx } from '../event-store/event-store.ts';
import { toRecordedEvent } from '../event-store/event-store.ts';
import type { Checkpoint, RecordedEvent } from '../event-store/types.ts';
import type { LedgerEra } from './eras.ts';

export interface EraCheckpoint extends Checkpoint {
  era: number;
}

/** The checkpoints table is shared with the projections; the version is not used by subscriptions. */
const SUBSCRIPTION_VERSION = 1;

export async function loadCheckpoint(db: Db | Trx, name: string): Promise<EraCheckpoint | null> {
  const row = await db
    .selectFrom('projection_checkpoints')
    .select(['era', sql<string>`transaction_id::text`.as('transaction_id'), 'global_position'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { era: row.era, transactionId: String(row.transaction_id), globalPosition: Number(row.global_position) } : null;
}

export async function saveCheckpoint(trx: Trx, name: string, checkpoint: EraCheckpoint): Promise<void> {
  await trx
    .insertInto('projection_checkpoints')
    .values({ name, version: SUBSCRIPTION_VERSION, era: checkpoint.era, transaction_id: checkpoint.transactionId, global_position: checkpoint.globalPosition })
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        era: checkpoint.era,
        transaction_id: checkpoint.transactionId,
        global_position: checkpoint.globalPosition,
        updated_at: new Date(),
      }),
    )
    .execute();
}

/** Creates the checkpoint if it is missing; an existing one (another process's) is kept. */
export async function ensureCheckpoint(trx: Trx, name: string, initial: EraCheckpoint): Promise<void> {
  await trx
    .insertInto('projection_checkpoints')
    .values({ name, version: SUBSCRIPTION_VERSION, era: initial.era, transaction_id: initial.transactionId, global_position: initial.globalPosition })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** Orders two checkpoints: era first, then transaction id (a 64-bit number), then position. */
export function compareCheckpoints(a: EraCheckpoint, b: EraCheckpoint): number {
  if (a.era !== b.era) return a.era - b.era;
  const ax = BigInt(a.transactionId);
  const bx = BigInt(b.transactionId);
  if (ax !== bx) return ax < bx ? -1 : 1;
  return a.globalPosition - b.globalPosition;
}

export function checkpointAfter(era: number, event: EventPlace): EraCheckpoint {
  return { era, transactionId: event.transactionId, globalPosition: event.globalPosition };
}

/**
 * The newest committed event of the newest era, as a checkpoint. `safe`: only events below the
 * safe high-water mark, so nothing can commit behind it later (where a subscription that starts
 * "from now" begins); otherwise every event visible now (what `drained` waits for). Ordered by the
 * column, not its text (as text, transaction 999 would come after 1000).
 */
export async function committedHead(db: Db | Trx, eras: LedgerEra[], safe: boolean): Promise<EraCheckpoint> {
  const current = eras[eras.length - 1]!;
  const { rows } = await sql<{ transaction_id: string; global_position: number }>`
    select e.transaction_id::text as transaction_id, e.global_position from events e
     where e.global_position >= ${current.firstPosition}
       and (not ${safe} or e.transaction_id < pg_snapshot_xmin(pg_current_snapshot()))
     order by e.transaction_id desc, e.global_position desc limit 1`.execute(db);
  const row = rows[0];
  return row
    ? { era: current.era, transactionId: String(row.transaction_id), globalPosition: Number(row.global_position) }
    : { era: current.era, transactionId: '0', globalPosition: 0 };
}

/** What a subscription needs of an event to move its checkpoint past it. */
export type EventPlace = Pick<RecordedEvent, 'globalPosition' | 'transactionId'>;
/** An event's place in its stream and its hash, without its payload: what the sealer reads. */
export type EventHeader = Pick<RecordedEvent, 'globalPosition' | 'transactionId' | 'streamId' | 'streamVersion' | 'hash'>;

export type NextPage<E extends EventPlace = RecordedEvent> =
  | { events: E[]; checkpoint: EraCheckpoint }
  | { events: []; nextEra: EraCheckpoint }
  | { events: [] };

/** Reads the next page after a checkpoint, in commit order, in the page's transaction. */
export type PageReader<E extends EventPlace> = (trx: Trx, eras: LedgerEra[], from: EraCheckpoint, limit: number) => Promise<NextPage<E>>;

/**
 * The next page after a checkpoint, in commit order. Inside the newest era that is the store's
 * safe read; an era a restore has closed is read by its position range (all of it committed in the
 * old cluster), and once it is exhausted the caller moves the checkpoint to the next era's start.
 */
async function nextPage<E extends EventPlace>(
  eras: LedgerEra[],
  from: EraCheckpoint,
  read: (firstPosition: number, beforePosition: number | null) => Promise<E[]>,
): Promise<NextPage<E>> {
  const index = eras.findIndex((e) => e.era === from.era);
  if (index < 0) throw new Error(`checkpoint names era ${from.era}, which this ledger does not have`);
  const era = eras[index]!;
  const next = eras[index + 1];
  const events = await read(era.firstPosition, next?.firstPosition ?? null);
  if (events.length > 0) return { events, checkpoint: checkpointAfter(era.era, events[events.length - 1]!) };
  if (next) return { events: [], nextEra: { era: next.era, transactionId: '0', globalPosition: 0 } };
  return { events: [] };
}

/** The events of one era after a checkpoint; in the newest era only those below the safe high-water mark. */
function eventsAfter(trx: Trx, from: EraCheckpoint, firstPosition: number, beforePosition: number | null, limit: number) {
  return trx
    .selectFrom('events')
    .where('global_position', '>=', firstPosition)
    .$if(beforePosition !== null, (q) => q.where('global_position', '<', beforePosition!))
    .$if(beforePosition === null, (q) => q.where(sql<boolean>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`))
    .where(sql<boolean>`(transaction_id, global_position) > (${from.transactionId}::xid8, ${from.globalPosition}::bigint)`)
    .orderBy('events.transaction_id')
    .orderBy('events.global_position')
    .limit(limit);
}

/** Whole events, their payloads validated. */
export function readNextPage(store: EventStore, trx: Trx, eras: LedgerEra[], from: EraCheckpoint, limit: number): Promise<NextPage> {
  return nextPage(eras, from, async (firstPosition, beforePosition) => {
    if (beforePosition === null && firstPosition === 1) return store.readAllSafe(from, limit, trx);
    const rows = await eventsAfter(trx, from, firstPosition, beforePosition, limit)
      .selectAll()
      .select(sql<string>`transaction_id::text`.as('transaction_id'))
      .execute();
    return rows.map((row) => toRecordedEvent(row as never));
  });
}

/** Only the events' places and hashes: no payload is read, parsed or validated. */
export const readNextHeaderPage: PageReader<EventHeader> = (trx, eras, from, limit) =>
  nextPage(eras, from, async (firstPosition, beforePosition) => {
    const rows = await eventsAfter(trx, from, firstPosition, beforePosition, limit)
      .select(['global_position', 'stream_id', 'stream_version', 'hash'])
      .select(sql<string>`transaction_id::text`.as('transaction_id'))
      .execute();
    return rows.map((row) => ({
      globalPosition: Number(row.global_position),
      transactionId: row.transaction_id,
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      hash: row.hash,
    }));
  });
