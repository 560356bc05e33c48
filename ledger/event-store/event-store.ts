/**
 * The event store: appends with optimistic concurrency inside the caller's transaction, reads a
 * stream, and reads everything after a checkpoint up to the safe high-water mark. Hooks run in
 * the appending transaction (the inline projections) so a read after a write always sees it.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../migrations/schema.ts';
import { ConcurrencyError, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../errors.ts';
import { validateEventData } from '../events.ts';
import { eventHash } from './hash-chain.ts';
import type { Notifier } from './notifier.ts';
import type { Checkpoint, EventMetadata, RecordedEvent, StreamAppend, StreamPosition } from './types.ts';

/** Events per INSERT statement: 9 parameters each, under the 65,535 a statement may carry. */
const INSERT_SLICE = 5000;

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
export type AppendHook = (trx: Trx, events: RecordedEvent[]) => Promise<void>;

interface EventRow {
  global_position: number;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  idempotency_key: string | null;
  occurred_at: Date;
  recorded_at: Date;
  transaction_id: string;
  prev_hash: Uint8Array | null;
  hash: Uint8Array;
}

const columns = [
  'global_position',
  'stream_id',
  'stream_version',
  'type',
  'data',
  'metadata',
  'idempotency_key',
  'occurred_at',
  'recorded_at',
  sql<string>`transaction_id::text`.as('transaction_id'),
  'prev_hash',
  'hash',
] as const;

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    globalPosition: Number(row.global_position),
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    // Validated once, here, where events are read: everything downstream narrows by type without casts.
    data: validateEventData(row.type, row.data),
    metadata: row.metadata as EventMetadata,
    idempotencyKey: row.idempotency_key,
    occurredAt: row.occurred_at,
    recordedAt: row.recorded_at,
    transactionId: String(row.transaction_id),
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/** Several streams in one query, each in version order. */
export async function readStreams(db: Db | Trx, streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
  const byStream = new Map<string, RecordedEvent[]>(streamIds.map((id) => [id, []]));
  if (streamIds.length === 0) return byStream;
  const rows = await db
    .selectFrom('events')
    .select(columns)
    .where('stream_id', 'in', [...new Set(streamIds)])
    .orderBy('stream_id')
    .orderBy('stream_version')
    .execute();
  for (const row of rows as EventRow[]) byStream.get(row.stream_id)!.push(toRecordedEvent(row));
  return byStream;
}

/**
 * The newest events of one stream, newest first: at most `limit`, and only those before the ledger
 * position `before` when given (a history paged backwards). Reads no more than it returns.
 */
export async function readStreamBackward(db: Db | Trx, streamId: string, options: { limit: number; before?: number }): Promise<RecordedEvent[]> {
  let query = db.selectFrom('events').select(columns).where('stream_id', '=', streamId);
  if (options.before !== undefined) query = query.where('global_position', '<', options.before);
  // Within one stream the version orders as the position does, on the stream's own index.
  const rows = await query.orderBy('stream_version', 'desc').limit(options.limit).execute();
  return (rows as EventRow[]).map(toRecordedEvent);
}

export interface AppendOptions {
  now: Date;
  idempotencyKey?: string;
}

export class EventStore {
  private readonly hooks: AppendHook[] = [];

  constructor(
    readonly db: Db,
    readonly notifier: Notifier,
  ) {}

  private readonly committedListeners = new Set<(events: RecordedEvent[]) => void>();

  /** Registers work that must commit with every append (the inline projections). */
  onAppend(hook: AppendHook): void {
    this.hooks.push(hook);
  }

  /**
   * Hears, in this process and synchronously after the commit, every batch of events this process
   * committed (caches that must not answer from before a change this process made).
   */
  onCommitted(listener: (events: RecordedEvent[]) => void): () => void {
    this.committedListeners.add(listener);
    return () => this.committedListeners.delete(listener);
  }

  /** Called by the command runner once a transaction that appended `events` has committed. */
  committed(events: RecordedEvent[]): void {
    if (events.length === 0) return;
    for (const listener of this.committedListeners) listener(events);
    this.notifier.afterCommit(events[events.length - 1]!.globalPosition);
  }

  /**
   * Appends every stream's events in one multi-row insert. A stream that moved past its expected
   * version surfaces as a ConcurrencyError; the transaction is then unusable and must be retried.
   */
  async append(trx: Trx, appends: StreamAppend[], metadata: EventMetadata, options: AppendOptions): Promise<RecordedEvent[]> {
    const rows: Array<Record<string, unknown>> = [];
    const written = new Map<
      string,
      { type: string; data: unknown; metadata: EventMetadata; idempotencyKey: string | null; prevHash: Uint8Array | null; hash: Uint8Array }
    >();
    let keyUsed = false;
    for (const { streamId, expected, events } of appends) {
      let prevHash = expected.hash;
      let version = expected.version;
      for (const event of events) {
        version += 1;
        const occurredAt = event.occurredAt ?? options.now;
        const eventMetadata = event.metadata ?? metadata;
        const hash = eventHash(prevHash, { streamId, streamVersion: version, type: event.type, data: event.data, metadata: eventMetadata, occurredAt });
        // The key marks the command's first event; the unique index then refuses a second append.
        const idempotencyKey = event.idempotencyKey !== undefined ? event.idempotencyKey : keyUsed ? null : (options.idempotencyKey ?? null);
        rows.push({
          stream_id: streamId,
          stream_version: version,
          type: event.type,
          data: JSON.stringify(event.data),
          metadata: JSON.stringify(eventMetadata),
          idempotency_key: idempotencyKey,
          occurred_at: occurredAt,
          prev_hash: prevHash,
          hash,
        });
        written.set(`${streamId}#${version}`, { type: event.type, data: event.data, metadata: eventMetadata, idempotencyKey, prevHash, hash });
        keyUsed = true;
        prevHash = hash;
      }
    }
    if (rows.length === 0) return [];
    let inserted: Array<Pick<EventRow, 'global_position' | 'stream_id' | 'stream_version' | 'occurred_at' | 'recorded_at' | 'transaction_id'>>;
    try {
      // Only what the database assigned comes back; the rest is what was just written.
      // A statement holds at most 65,535 parameters (9 per event): a large batch goes in slices.
      inserted = [];
      for (let start = 0; start < rows.length; start += INSERT_SLICE) {
        const slice = await trx
          .insertInto('events')
          .values(rows.slice(start, start + INSERT_SLICE) as never)
          .returning(['global_position', 'stream_id', 'stream_version', 'occurred_at', 'recorded_at', sql<string>`transaction_id::text`.as('transaction_id')])
          .execute();
        inserted.push(...slice);
      }
    } catch (error) {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
        const constraint = pgConstraint(error);
        if (constraint === 'events_stream_version_key' || constraint === 'events_idempotency_key') {
          throw new ConcurrencyError();
        }
      }
      throw error;
    }
    const recorded: RecordedEvent[] = inserted
      .map((row) => {
        const own = written.get(`${row.stream_id}#${row.stream_version}`)!;
        return {
          globalPosition: Number(row.global_position),
          streamId: row.stream_id,
          streamVersion: row.stream_version,
          type: own.type,
          data: own.data,
          metadata: own.metadata,
          idempotencyKey: own.idempotencyKey,
          occurredAt: row.occurred_at,
          recordedAt: row.recorded_at,
          transactionId: String(row.transaction_id),
          prevHash: own.prevHash,
          hash: own.hash,
        };
      })
      .sort((a, b) => a.globalPosition - b.globalPosition);
    for (const hook of this.hooks) await hook(trx, recorded);
    return recorded;
  }

  readStreams(db: Db | Trx, streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    return readStreams(db, streamIds);
  }

  async readStream(db: Db | Trx, streamId: string): Promise<RecordedEvent[]> {
    const rows = await db.selectFrom('events').select(columns).where('stream_id', '=', streamId).orderBy('stream_version').execute();
    return (rows as EventRow[]).map(toRecordedEvent);
  }

  async streamPosition(db: Db | Trx, streamId: string): Promise<StreamPosition> {
    const row = await db
      .selectFrom('events')
      .select(['stream_version', 'hash'])
      .where('stream_id', '=', streamId)
      .orderBy('stream_version', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? { version: row.stream_version, hash: row.hash } : { version: 0, hash: null };
  }

  /**
   * Events after a checkpoint, in commit order, up to the safe high-water mark: only events whose
   * transaction id is below the oldest transaction still running, so none can appear later behind
   * the checkpoint. Positions alone would skip an event whose transaction commits late.
   */
  readAllSafe(after: Checkpoint, limit: number, db: Db | Trx = this.db): Promise<RecordedEvent[]> {
    return this.readAfterCheckpoint(after, limit, db, true);
  }

  /**
   * The same without the high-water mark: only for a caller that holds a lock on `events` which
   * no appending transaction can still be running under (the swap step of a rebuild).
   */
  readAllCommitted(after: Checkpoint, limit: number, db: Db | Trx): Promise<RecordedEvent[]> {
    return this.readAfterCheckpoint(after, limit, db, false);
  }

  private async readAfterCheckpoint(after: Checkpoint, limit: number, db: Db | Trx, safe: boolean): Promise<RecordedEvent[]> {
    const rows = await db
      .selectFrom('events')
      .select(columns)
      .where(sql<boolean>`(transaction_id, global_position) > (${after.transactionId}::xid8, ${after.globalPosition}::bigint)`)
      .$if(safe, (q) => q.where(sql<boolean>`transaction_id < pg_snapshot_xmin(pg_current_snapshot())`))
      .orderBy('events.transaction_id')
      .orderBy('global_position')
      .limit(limit)
      .execute();
    return (rows as EventRow[]).map(toRecordedEvent);
  }

  /** Every event after a position, in position order: for offline work (verify, rebuild under lock). */
  async readAllAfterPosition(afterPosition: number, limit: number, db: Db | Trx = this.db): Promise<RecordedEvent[]> {
    const rows = await db.selectFrom('events').select(columns).where('global_position', '>', afterPosition).orderBy('global_position').limit(limit).execute();
    return (rows as EventRow[]).map(toRecordedEvent);
  }

  async headPosition(db: Db | Trx = this.db): Promise<number> {
    const row = await db.selectFrom('events').select(sql<number>`coalesce(max(global_position), 0)::int8`.as('head')).executeTakeFirstOrThrow();
    return Number(row.head);
  }
}
