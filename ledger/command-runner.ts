/**
 * Runs commands with group commit. Commands that arrive while earlier ones are being written wait
 * in a queue; the next batch takes them all, loads what they need (one load per handler), decides
 * them one after another in memory (a later command on a stream sees the state after an earlier
 * one), appends every event in one insert, projects them in one statement per table, stores the
 * idempotent results and commits once. Each caller gets its own answer: a command refused by its
 * rule gives nothing to the batch and fails alone.
 *
 * A version conflict (another process appended to one of the batch's streams) re-decides the whole
 * batch on fresh state, a bounded number of times, then answers 409. Any other database error runs
 * the batch's commands one by one, so one bad command cannot fail the others.
 */
import { CONFLICT_MESSAGE, ConcurrencyError, DomainError, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from './errors.ts';
import type { EventStore, Trx } from './event-store/event-store.ts';
import type { NewEvent, StreamAppend } from './event-store/types.ts';
import type { CommandContext, CommandHandler, CommandOptions, CommandOutcome, Decision, LoadedStream } from './command.ts';

const RETRYABLE_PG_CODES = new Set(['40001', '40P01']);

/** A handler as the queue holds it: commands of every aggregate wait in one queue. */
type AnyHandler = CommandHandler<unknown, CommandContext, unknown>;

const erased = new WeakMap<object, AnyHandler>();

/**
 * The same handler seen through `unknown` input and result: the runner only hands each handler the
 * inputs it was given with it, so the narrowing back is the handler's own type.
 */
function erase<Input, Context extends CommandContext, Result>(handler: CommandHandler<Input, Context, Result>): AnyHandler {
  let seen = erased.get(handler);
  if (!seen) {
    seen = {
      name: handler.name,
      retryOn: handler.retryOn,
      load: (trx, inputs) => handler.load(trx, inputs as Input[]),
      decide: (input, context, now) => handler.decide(input as Input, context as Context, now),
      write: handler.write ? (trx, accepted) => handler.write!(trx, accepted as Array<{ input: Input; result: Result }>) : undefined,
    };
    erased.set(handler, seen);
  }
  return seen;
}

interface Pending {
  handler: AnyHandler;
  input: unknown;
  options: CommandOptions;
  resolve: (outcome: CommandOutcome<unknown>) => void;
  reject: (error: unknown) => void;
}

export interface RunnerOptions {
  /** Batches written at the same time (each holds one connection). PGlite has one connection. */
  concurrency?: number;
  /** The most commands one batch takes. */
  maxBatch?: number;
  maxAttempts?: number;
}

function isRetryable(error: unknown, retryOn: ReadonlySet<string>): boolean {
  if (error instanceof ConcurrencyError) return true;
  const code = pgErrorCode(error);
  if (code && RETRYABLE_PG_CODES.has(code)) return true;
  if (code !== PG_UNIQUE_VIOLATION) return false;
  const constraint = pgConstraint(error) ?? '';
  // Two requests with one idempotency key: the loser retries and then finds the winner's result.
  // A read table's primary key taken by a concurrent command: decide again on what it wrote.
  return constraint.endsWith('_pkey') || retryOn.has(constraint);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class CommandRunner {
  private readonly queue: Pending[] = [];
  private running = 0;
  private readonly concurrency: number;
  private readonly maxBatch: number;
  private readonly maxAttempts: number;

  constructor(
    readonly store: EventStore,
    options: RunnerOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 1;
    this.maxBatch = options.maxBatch ?? 64;
    // Under contention a command loses at most once per competing append, so the bound is generous.
    this.maxAttempts = options.maxAttempts ?? 30;
  }

  /** Whether a batch is being written now. */
  get writing(): boolean {
    return this.running > 0;
  }

  run<Input, Context extends CommandContext, Result>(
    handler: CommandHandler<Input, Context, Result>,
    input: Input,
    options: CommandOptions,
  ): Promise<CommandOutcome<Result>> {
    return new Promise<CommandOutcome<Result>>((resolve, reject) => {
      this.queue.push({
        handler: erase(handler),
        input,
        options,
        resolve: resolve as (outcome: CommandOutcome<unknown>) => void,
        reject,
      });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.concurrency && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.running += 1;
      void this.runBatch(batch).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    const retryOn = new Set(batch.flatMap((p) => p.handler.retryOn ?? []));
    let open = batch;
    for (let attempt = 1; attempt <= this.maxAttempts && open.length > 0; attempt += 1) {
      try {
        open = await this.attempt(open);
        return;
      } catch (error) {
        if (!isRetryable(error, retryOn)) {
          if (open.length === 1) {
            open[0]!.reject(error);
            return;
          }
          // Something in the batch broke the transaction: let each command meet its own fate.
          await Promise.all(open.map((p) => this.runBatch([p])));
          return;
        }
        if (open.length > 1 && attempt >= 3) {
          // Conflicts that persist are usually inside the batch (one new part defined twice).
          await Promise.all(open.map((p) => this.runBatch([p])));
          return;
        }
        // Jitter spreads out the callers that collided, so the next attempt rarely collides again.
        await pause(Math.random() * 5 * attempt);
      }
    }
    for (const p of open) p.reject(new DomainError('CONFLICT', CONFLICT_MESSAGE));
  }

  /**
   * One transaction for the batch. Settles every command it decides; a thrown error means nothing
   * was committed and every command of `batch` is still open.
   */
  private async attempt(batch: Pending[]): Promise<Pending[]> {
    const settled: Array<() => void> = [];
    const events = await this.store.db.transaction().execute(async (trx) => {
      const seen = await this.seenResults(trx, batch);
      const fresh: Pending[] = [];
      for (const p of batch) {
        const key = p.options.idempotencyKey;
        if (key && seen.has(key)) settled.push(() => p.resolve({ result: seen.get(key), position: null, replayed: true }));
        else fresh.push(p);
      }
      const contexts = await this.loadContexts(trx, fresh);
      const streams = new Map<string, { head: LoadedStream['head']; events: NewEvent[] }>();
      const latest = new Map<string, LoadedStream<unknown, unknown>>();
      const decided: Array<{ pending: Pending; result: unknown; last: string | null }> = [];
      const keysInBatch = new Map<string, Pending>();
      for (const [i, p] of fresh.entries()) {
        const key = p.options.idempotencyKey;
        if (key && keysInBatch.has(key)) {
          // The same request twice in one batch: the second gets the first's answer once it is known.
          const first = keysInBatch.get(key)!;
          const firstResolve = first.resolve;
          first.resolve = (outcome) => {
            firstResolve(outcome);
            p.resolve({ ...outcome, replayed: true });
          };
          const firstReject = first.reject;
          first.reject = (error) => {
            firstReject(error);
            p.reject(error);
          };
          continue;
        }
        const context = contexts[i]!;
        // A stream an earlier command of this batch changed is decided on its new state.
        for (const [name, loaded] of Object.entries(context.streams)) {
          const newer = latest.get(loaded.streamId);
          if (newer) context.streams[name] = newer;
        }
        const now = p.options.now ?? new Date();
        let decision: Decision<unknown>;
        try {
          decision = p.handler.decide(p.input, context, now);
        } catch (error) {
          settled.push(() => p.reject(error));
          continue;
        }
        if (key) keysInBatch.set(key, p);
        let first = true;
        let last: string | null = null;
        // By stream id once per command: a stocktake's post appends to a thousand of its five thousand streams.
        const loadedById = new Map<string, LoadedStream<unknown, never>>();
        for (const s of Object.values(context.streams)) if (!loadedById.has(s.streamId)) loadedById.set(s.streamId, s);
        for (const { streamId, events } of decision.appends) {
          if (events.length === 0) continue;
          const loaded = loadedById.get(streamId);
          let entry = streams.get(streamId);
          if (!entry) {
            entry = { head: loaded?.head ?? { version: 0, hash: null }, events: [] };
            streams.set(streamId, entry);
          }
          for (const event of events) {
            // An event its decision dates itself keeps that time; else the action's own time, else now.
            const occurredAt = event.occurredAt ?? p.options.occurredAt ?? now;
            entry.events.push({ ...event, occurredAt, metadata: p.options.metadata, idempotencyKey: first ? (key ?? null) : null });
            first = false;
          }
          last = `${streamId}#${entry.head.version + entry.events.length}`;
          if (loaded) {
            // The handler decided these events for this stream, so they are the events its evolve folds.
            const evolve = loaded.evolve.bind(loaded) as (state: unknown, event: NewEvent) => unknown;
            const state = events.reduce(evolve, loaded.state);
            latest.set(streamId, { ...loaded, state, head: { version: loaded.head.version + events.length, hash: null } });
          }
        }
        decided.push({ pending: p, result: decision.result, last });
      }
      const appends: StreamAppend[] = [...streams].map(([streamId, entry]) => ({ streamId, expected: entry.head, events: entry.events }));
      const recorded = await this.store.append(trx, appends, { actorId: null, actorName: 'System' }, { now: new Date() });
      await this.storeResults(trx, decided);
      await this.writeAlongside(trx, decided);
      const byStreamVersion = new Map(recorded.map((r) => [`${r.streamId}#${r.streamVersion}`, r.globalPosition]));
      for (const d of decided) {
        const position = d.last ? (byStreamVersion.get(d.last) ?? null) : null;
        settled.push(() => d.pending.resolve({ result: d.result, position, replayed: false }));
      }
      return recorded;
    });
    this.store.committed(events);
    for (const settle of settled) settle();
    return [];
  }

  private async seenResults(trx: Trx, batch: Pending[]): Promise<Map<string, unknown>> {
    const keys = [...new Set(batch.map((p) => p.options.idempotencyKey).filter((k): k is string => Boolean(k)))];
    if (keys.length === 0) return new Map();
    const rows = await trx.selectFrom('command_results').select(['idempotency_key', 'result']).where('idempotency_key', 'in', keys).execute();
    return new Map(rows.map((r) => [r.idempotency_key, r.result]));
  }

  private async storeResults(trx: Trx, decided: Array<{ pending: Pending; result: unknown }>): Promise<void> {
    const rows = decided
      .filter((d) => d.pending.options.idempotencyKey)
      .map((d) => ({ idempotency_key: d.pending.options.idempotencyKey!, result: JSON.stringify(d.result ?? null) }));
    if (rows.length > 0) await trx.insertInto('command_results').values(rows).execute();
  }

  private async writeAlongside(trx: Trx, decided: Array<{ pending: Pending; result: unknown }>): Promise<void> {
    const byHandler = new Map<Pending['handler'], Array<{ input: unknown; result: unknown }>>();
    for (const d of decided) {
      if (!d.pending.handler.write) continue;
      const list = byHandler.get(d.pending.handler) ?? [];
      list.push({ input: d.pending.input, result: d.result });
      byHandler.set(d.pending.handler, list);
    }
    for (const [handler, accepted] of byHandler) await handler.write!(trx, accepted);
  }

  /** One load per handler present in the batch, each for all of that handler's commands. */
  private async loadContexts(trx: Trx, batch: Pending[]): Promise<CommandContext[]> {
    const contexts: CommandContext[] = new Array(batch.length);
    const byHandler = new Map<Pending['handler'], number[]>();
    for (const [i, p] of batch.entries()) {
      const indexes = byHandler.get(p.handler) ?? [];
      indexes.push(i);
      byHandler.set(p.handler, indexes);
    }
    for (const [handler, indexes] of byHandler) {
      const loaded = await handler.load(
        trx,
        indexes.map((i) => batch[i]!.input),
      );
      for (const [j, batchIndex] of indexes.entries()) contexts[batchIndex] = loaded[j]!;
    }
    return contexts;
  }
}

const runners = new WeakMap<EventStore, CommandRunner>();

/** Sets how a store's commands are batched; call before the first command (the runtime does). */
export function configureCommands(store: EventStore, options: RunnerOptions): void {
  runners.set(store, new CommandRunner(store, options));
}

/** Whether the store's runner is writing a batch now. */
export function commandsWriting(store: EventStore): boolean {
  return runners.get(store)?.writing ?? false;
}

/**
 * Runs one command through the store's runner: the one way every command of every aggregate runs.
 * Concurrent calls are committed together (group commit), each with its own answer.
 */
export function runCommand<Input, Context extends CommandContext, Result>(
  store: EventStore,
  handler: CommandHandler<Input, Context, Result>,
  input: Input,
  options: CommandOptions,
): Promise<CommandOutcome<Result>> {
  let runner = runners.get(store);
  if (!runner) {
    runner = new CommandRunner(store);
    runners.set(store, runner);
  }
  return runner.run(handler, input, options);
}
