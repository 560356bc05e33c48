/**
 * The one shape of a command, whatever its aggregate: a handler loads what its decisions need (for
 * every command of a batch in one round trip), then decides each command purely. `runCommand`
 * (command-runner.ts) does the rest: transactions, group commit, version conflicts, idempotency.
 */
import type { EventMetadata, NewEvent, StreamPosition } from './event-store/types.ts';
import type { Trx } from './event-store/event-store.ts';

/** One stream a command reads and may append to, as it stood when loaded. */
export interface LoadedStream<State = unknown, Event = never> {
  streamId: string;
  head: StreamPosition;
  state: State;
  /** Folds the stream's own events: lets a later command of the same batch decide on the new state. */
  evolve(state: State, event: Event): State;
}

/** What a handler's `load` hands to `decide`: the streams, plus any lookups (names, settings). */
export interface CommandContext {
  streams: Record<string, LoadedStream<unknown, never>>;
}

/**
 * A command may decide on several streams and append to each (a warehouse-to-project move, a
 * transfer): its context loads every stream it touches under its own name, `decide` answers the
 * events of each, and the runner appends them all, each stream checked against the version it was
 * loaded at, in the command's one transaction. A refusal appends to none; a version conflict on
 * any of them decides the whole command again on fresh state of all of them. Within a group-commit
 * batch a later command sees the earlier commands' events on every stream they share.
 */
export interface Decision<Result> {
  /** Events per stream; a stream the context did not load is a new one (expected version 0). */
  appends: Array<{ streamId: string; events: NewEvent[] }>;
  result: Result;
}

export interface CommandHandler<Input, Context extends CommandContext, Result> {
  /** Names the handler in errors and logs. */
  name: string;
  /** Everything the decisions of a batch need, one context per input, in as few round trips as possible. */
  load(trx: Trx, inputs: readonly Input[]): Promise<Context[]>;
  /** Pure: the events and the caller's answer, or a DomainError with the spec's message. */
  decide(input: Input, context: Context, now: Date): Decision<Result>;
  /**
   * Unique constraints of read tables whose violation means another command got there first (a new
   * part number defined twice): decide again on fresh state, like a version conflict.
   */
  retryOn?: readonly string[];
  /**
   * Rows outside the ledger that must commit with the events (a password hash, an invitation link),
   * written once per batch for the handler's accepted commands.
   */
  write?(trx: Trx, accepted: Array<{ input: Input; result: Result }>): Promise<void>;
}

export interface CommandOptions {
  metadata: EventMetadata;
  /** Scoped by the caller (for example per user), so two people's keys never collide. */
  idempotencyKey?: string;
  now?: Date;
  /**
   * When the action really happened, if earlier than its arrival (a field action kept offline):
   * the events' `occurred_at`, while the command is still decided on the state it finds `now`.
   */
  occurredAt?: Date;
}

export interface CommandOutcome<Result> {
  result: Result;
  /** Global position of the command's last event; null when it appended nothing. */
  position: number | null;
  /** True when the idempotency key had been seen: the first result, nothing appended. */
  replayed: boolean;
}

/** Events of several streams in the order decided, as one append per stream (streams in the order first named). */
export function appendsByStream<Event extends NewEvent>(events: readonly Event[], streamIdOf: (event: Event) => string): Decision<unknown>['appends'] {
  const appends = new Map<string, NewEvent[]>();
  for (const event of events) {
    const streamId = streamIdOf(event);
    appends.set(streamId, [...(appends.get(streamId) ?? []), event]);
  }
  return [...appends].map(([streamId, streamEvents]) => ({ streamId, events: streamEvents }));
}
