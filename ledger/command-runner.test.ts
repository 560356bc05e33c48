import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../test/helpers/test-database.ts';
import type { CommandContext, CommandHandler, LoadedStream } from './command.ts';
import { CommandRunner, runCommand } from './command-runner.ts';
import { DomainError } from './errors.ts';
import { readStreams } from './event-store/event-store.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const metadata = { actorId: null, actorName: 'Test' };

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

interface CountInput {
  streamId: string;
  /** Refused by the rule, like an assign of more than is on hand. */
  refuse?: boolean;
  /** Loads a stale head, as if another process appended between the load and the write. */
  stale?: () => boolean;
}
interface CountContext extends CommandContext {
  streams: { counter: LoadedStream<number, { type: string; data: unknown }> };
}

let loads = 0;
/** A counter per stream: each command appends one event; the answer is the stream's new version. */
const counter: CommandHandler<CountInput, CountContext, { version: number; count: number }> = {
  name: 'counter',
  async load(trx, inputs) {
    loads += 1;
    const streams = await readStreams(
      trx,
      inputs.map((i) => i.streamId),
    );
    return inputs.map((input) => {
      const history = streams.get(input.streamId)!;
      const last = history[history.length - 1];
      const head = { version: last?.streamVersion ?? 0, hash: last?.hash ?? null };
      const stale = input.stale?.() ? { version: Math.max(0, head.version - 1), hash: null } : head;
      return { streams: { counter: { streamId: input.streamId, head: stale, state: history.length, evolve: (n: number) => n + 1 } } };
    });
  },
  decide(input, context) {
    if (input.refuse) throw new DomainError('DOMAIN_RULE', 'Insufficient quantity available');
    const { head, state } = context.streams.counter;
    return { appends: [{ streamId: input.streamId, events: [{ type: 'Counted', data: {} }] }], result: { version: head.version + 1, count: state + 1 } };
  },
};

const run = (input: CountInput, options: { idempotencyKey?: string } = {}) => runCommand(runtime.store, counter, input, { metadata, ...options });
const versionsOf = async (streamId: string) => (await runtime.store.readStream(runtime.store.db, streamId)).map((e) => e.streamVersion);

describe('runCommand', () => {
  it("dates the events at the action's own time when given, decides on now, and records at commit", async () => {
    const occurredAt = new Date(Date.now() - 2 * 3_600_000);
    const dated = new Date(Date.now() - 3 * 3_600_000);
    let decidedOn: Date | null = null;
    const handler: CommandHandler<CountInput, CountContext, null> = {
      name: 'dated',
      load: counter.load,
      decide(input, _context, now) {
        decidedOn = now;
        // The second event is dated by the decision itself, like a count line's counted_at.
        return {
          appends: [
            {
              streamId: input.streamId,
              events: [
                { type: 'Counted', data: {} },
                { type: 'Counted', data: {}, occurredAt: dated },
              ],
            },
          ],
          result: null,
        };
      },
    };
    const started = Date.now();
    await runCommand(runtime.store, handler, { streamId: 'count:late' }, { metadata, occurredAt });
    const [first, second] = await runtime.store.readStream(runtime.store.db, 'count:late');
    expect(first!.occurredAt).toEqual(occurredAt);
    expect(second!.occurredAt).toEqual(dated);
    expect(decidedOn!.getTime()).toBeGreaterThanOrEqual(started);
    expect(first!.recordedAt.getTime()).toBeGreaterThanOrEqual(started - 1000);
  });

  it('returns the first result for a repeated idempotency key and appends nothing the second time', async () => {
    const first = await run({ streamId: 'count:idem' }, { idempotencyKey: 'k-1' });
    const second = await run({ streamId: 'count:idem' }, { idempotencyKey: 'k-1' });
    expect(first).toMatchObject({ replayed: false, result: { version: 1 } });
    expect(second).toMatchObject({ replayed: true, result: { version: 1 }, position: null });
    const [event, ...rest] = await runtime.store.readStream(runtime.store.db, 'count:idem');
    expect(rest).toEqual([]);
    expect(event!.idempotencyKey).toBe('k-1');
    expect(first.position).toBe(event!.globalPosition);
  });

  it('decides again on fresh state after a version conflict and then succeeds', async () => {
    await run({ streamId: 'count:retry' });
    let attempts = 0;
    const outcome = await run({ streamId: 'count:retry', stale: () => ++attempts === 1 });
    expect(attempts).toBe(2);
    expect(outcome.result.version).toBe(2);
    expect(await versionsOf('count:retry')).toEqual([1, 2]);
  });

  it('answers a conflict (409) after the bounded number of attempts', async () => {
    await run({ streamId: 'count:stuck' });
    const runner = new CommandRunner(runtime.store, { concurrency: 1, maxAttempts: 3 });
    let attempts = 0;
    const stale = () => {
      attempts += 1;
      return true;
    };
    const stuck = runner.run(counter, { streamId: 'count:stuck', stale }, { metadata });
    await expect(stuck).rejects.toSatisfy((e) => e instanceof DomainError && e.status === 409);
    expect(attempts).toBe(3);
  });

  it('leaves nothing behind when decide refuses the command', async () => {
    const head = await runtime.store.headPosition();
    await expect(run({ streamId: 'count:refused', refuse: true }, { idempotencyKey: 'k-refused' })).rejects.toThrow('Insufficient quantity available');
    expect(await runtime.store.headPosition()).toBe(head);
    const stored = await runtime.store.db.selectFrom('command_results').selectAll().where('idempotency_key', '=', 'k-refused').execute();
    expect(stored).toEqual([]);
  });

  it('notifies subscribers with the new position after the commit', async () => {
    const seen: number[] = [];
    const stop = runtime.store.notifier.subscribe((position) => seen.push(position));
    await runtime.store.notifier.ready();
    const outcome = await run({ streamId: 'count:notify' });
    await expect.poll(() => seen.includes(outcome.position!), { timeout: 3000 }).toBe(true);
    stop();
  });
});

describe('group commit', () => {
  it('serialises twenty simultaneous commands on one stream into twenty consecutive versions, in fewer transactions', async () => {
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => run({ streamId: 'count:race' })));
    const versions = outcomes.map((o) => o.result.version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    // Each caller's answer is its own: the count it saw matches the version it wrote.
    for (const o of outcomes) expect(o.result.count).toBe(o.result.version);
    const stream = await runtime.store.readStream(runtime.store.db, 'count:race');
    expect(stream.map((e) => e.streamVersion)).toEqual(versions);
    expect(new Set(outcomes.map((o) => o.position)).size).toBe(20);
    expect(new Set(stream.map((e) => e.transactionId)).size).toBeLessThan(20);
  });

  it('refuses one command of a batch without disturbing the others', async () => {
    const runner = new CommandRunner(runtime.store, { concurrency: 1 });
    const loadsBefore = loads;
    const results = await Promise.allSettled(
      [{ streamId: 'count:mixed-a' }, { streamId: 'count:mixed-b', refuse: true }, { streamId: 'count:mixed-a' }, { streamId: 'count:mixed-c' }].map((input) =>
        runner.run(counter, input, { metadata }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('Insufficient quantity available');
    expect(await versionsOf('count:mixed-a')).toEqual([1, 2]);
    expect(await versionsOf('count:mixed-b')).toEqual([]);
    expect(await versionsOf('count:mixed-c')).toEqual([1]);
    // The four arrived together: at most two loads (the first command alone, then the rest together).
    expect(loads - loadsBefore).toBeLessThanOrEqual(2);
  });

  it('applies one idempotency key once when the same request arrives twice at the same moment', async () => {
    const both = await Promise.all([0, 1].map(() => run({ streamId: 'count:twice' }, { idempotencyKey: 'k-twice' })));
    expect(both.map((o) => o.result)).toEqual([
      { version: 1, count: 1 },
      { version: 1, count: 1 },
    ]);
    expect(await versionsOf('count:twice')).toEqual([1]);
  });

  it('runs each command alone when the batch breaks on something other than a conflict', async () => {
    const breaking: CommandHandler<CountInput, CountContext, null> = {
      name: 'breaking',
      load: counter.load,
      decide: (input) => ({
        // An event the events table refuses (a type longer than any column allows is not the point: a NUL is).
        appends: [{ streamId: input.streamId, events: [{ type: input.refuse ? 'Bad\u0000Type' : 'Counted', data: {} }] }],
        result: null,
      }),
    };
    const results = await Promise.allSettled([
      runCommand(runtime.store, breaking, { streamId: 'count:alone-a' }, { metadata }),
      runCommand(runtime.store, breaking, { streamId: 'count:alone-b', refuse: true }, { metadata }),
      runCommand(runtime.store, breaking, { streamId: 'count:alone-c' }, { metadata }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await versionsOf('count:alone-a')).toEqual([1]);
    expect(await versionsOf('count:alone-c')).toEqual([1]);
  });
});

interface MoveInput {
  from: string;
  to: string;
  /** Loads a stale head for the `to` stream only, as if another process appended to it meanwhile. */
  staleTo?: () => boolean;
  refuse?: boolean;
}
interface MoveContext extends CommandContext {
  streams: { from: LoadedStream<number, { type: string; data: unknown }>; to: LoadedStream<number, { type: string; data: unknown }> };
}

/** A move over two streams, decided once on both and appended to both: a transfer's shape. */
const mover: CommandHandler<MoveInput, MoveContext, null> = {
  name: 'mover',
  async load(trx, inputs) {
    const streams = await readStreams(
      trx,
      inputs.flatMap((i) => [i.from, i.to]),
    );
    const loaded = (streamId: string, stale: boolean) => {
      const history = streams.get(streamId)!;
      const version = history[history.length - 1]?.streamVersion ?? 0;
      return {
        streamId,
        head: { version: stale ? Math.max(0, version - 1) : version, hash: history[history.length - 1]?.hash ?? null },
        state: history.length,
        evolve: (n: number) => n + 1,
      };
    };
    return inputs.map((i) => ({ streams: { from: loaded(i.from, false), to: loaded(i.to, i.staleTo?.() ?? false) } }));
  },
  decide(input, context) {
    if (input.refuse) throw new DomainError('DOMAIN_RULE', 'Insufficient quantity available');
    return {
      appends: [
        { streamId: context.streams.from.streamId, events: [{ type: 'MovedOut', data: {} }] },
        { streamId: context.streams.to.streamId, events: [{ type: 'MovedIn', data: {} }] },
      ],
      result: null,
    };
  },
};

describe('one command over two streams', () => {
  it('appends to both in one transaction', async () => {
    await runCommand(runtime.store, mover, { from: 'move:a1', to: 'move:b1' }, { metadata });
    const [out] = await runtime.store.readStream(runtime.store.db, 'move:a1');
    const [into] = await runtime.store.readStream(runtime.store.db, 'move:b1');
    expect(out!.transactionId).toBe(into!.transactionId);
  });

  it('decides both sides again when only one of them changed meanwhile, and appends each once', async () => {
    await runCommand(runtime.store, mover, { from: 'move:a2', to: 'move:b2' }, { metadata });
    let attempts = 0;
    await runCommand(runtime.store, mover, { from: 'move:a2', to: 'move:b2', staleTo: () => ++attempts === 1 }, { metadata });
    expect(attempts).toBe(2);
    expect(await versionsOf('move:a2')).toEqual([1, 2]);
    expect(await versionsOf('move:b2')).toEqual([1, 2]);
  });

  it('appends to neither when the command is refused', async () => {
    await expect(runCommand(runtime.store, mover, { from: 'move:a3', to: 'move:b3', refuse: true }, { metadata })).rejects.toThrow(
      'Insufficient quantity available',
    );
    expect(await versionsOf('move:a3')).toEqual([]);
    expect(await versionsOf('move:b3')).toEqual([]);
  });
});
