/**
 * Runs one command atomically: load state, decide, append, store the result under the idempotency
 * key, all in one transaction. A concurrent append to the same stream makes the whole attempt
 * start again with fresh state, a bounded number of times, and then answers 409.
 */
import { ConcurrencyError, DomainError, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from './errors.ts';
import type { EventStore, Trx } from './event-store/event-store.ts';
import type { EventMetadata, RecordedEvent, StreamAppend } from './event-store/types.ts';
import { foldEvents, type Decider } from './decider.ts';

export interface CommandOptions {
  metadata: EventMetadata;
  /** Scoped by the caller (for example per user), so two people's keys never collide. */
  idempotencyKey?: string;
  now?: Date;
  maxAttempts?: number;
}

export interface CommandDecision<R> {
  appends: StreamAppend[];
  result: R;
}

export interface CommandOutcome<R> {
  result: R;
  events: RecordedEvent[];
  /** True when the idempotency key had been seen: the first result, nothing appended. */
  replayed: boolean;
}

const RETRYABLE_PG_CODES = new Set(['40001', '40P01']);

function isRetryable(error: unknown, retryOnConstraints: readonly string[]): boolean {
  if (error instanceof ConcurrencyError) return true;
  const code = pgErrorCode(error);
  if (code && RETRYABLE_PG_CODES.has(code)) return true;
  if (code !== PG_UNIQUE_VIOLATION) return false;
  const constraint = pgConstraint(error) ?? '';
  // Two requests with one idempotency key: the loser retries and then finds the winner's result.
  // A read table's primary key taken by a concurrent command: decide again on what it wrote.
  return constraint.endsWith('_pkey') || retryOnConstraints.includes(constraint);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `retryOnConstraints` names unique constraints of read tables whose violation means another command
 * got there first (for example a new part number defined twice): decide again, like a version conflict.
 */
export async function handleCommand<R>(
  store: EventStore,
  options: CommandOptions,
  decide: (trx: Trx, now: Date) => Promise<CommandDecision<R>>,
  retryOnConstraints: readonly string[] = [],
): Promise<CommandOutcome<R>> {
  // Under contention a command loses at most once per competing append, so the bound is generous.
  const maxAttempts = options.maxAttempts ?? 30;
  const key = options.idempotencyKey;
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    const now = options.now ?? new Date();
    try {
      const outcome = await store.db.transaction().execute(async (trx): Promise<CommandOutcome<R>> => {
        if (key) {
          const seen = await trx.selectFrom('command_results').select('result').where('idempotency_key', '=', key).executeTakeFirst();
          if (seen) return { result: seen.result as R, events: [], replayed: true };
        }
        const { appends, result } = await decide(trx, now);
        const events = await store.append(trx, appends, options.metadata, { now, idempotencyKey: key });
        if (key) {
          await trx.insertInto('command_results').values({ idempotency_key: key, result: JSON.stringify(result ?? null) }).execute();
        }
        return { result, events, replayed: false };
      });
      const last = outcome.events[outcome.events.length - 1];
      if (last) store.notifier.afterCommit(last.globalPosition);
      return outcome;
    } catch (error) {
      const retryable = isRetryable(error, retryOnConstraints);
      if (!retryable) throw error;
      if (attempt === maxAttempts) break;
      // Jitter spreads out the callers that collided, so the next attempt rarely collides again.
      await pause(Math.random() * 5 * attempt);
    }
  }
  throw new DomainError('CONFLICT', 'This record was changed by someone else at the same moment. Please try again.');
}

/**
 * The common case: one command on one aggregate's stream. Loads the stream, folds it, lets the
 * caller build the command from the state (and do any reads it needs in the transaction),
 * decides, and appends.
 */
export async function runStreamCommand<C, E extends { type: string; data: unknown }, S, R = null>(
  store: EventStore,
  options: CommandOptions,
  decider: Decider<C, E, S>,
  streamId: string,
  build: (context: { trx: Trx; state: S; now: Date }) => Promise<C> | C,
  result: (events: E[], state: S) => R = () => null as R,
): Promise<CommandOutcome<R>> {
  return handleCommand(store, options, async (trx, now) => {
    const history = await store.readStream(trx, streamId);
    const state = foldEvents(decider, history.map((e) => ({ type: e.type, data: e.data }) as E));
    const events = decider.decide(await build({ trx, state, now }), state);
    const last = history[history.length - 1];
    return {
      appends: [{ streamId, expected: { version: last?.streamVersion ?? 0, hash: last?.hash ?? null }, events }],
      result: result(events, state),
    };
  });
}
