import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../test/helpers/test-database.ts';
import { DomainError } from './errors.ts';
import { handleCommand } from './handle-command.ts';
import type { Trx } from './event-store/event-store.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const metadata = { actorId: null, actorName: 'Test' };

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

/** A command that adds one event to a stream, reading its version like any decide step would. */
const addOne = (streamId: string, stale = () => false) => async (trx: Trx) => {
  const position = await runtime.store.streamPosition(trx, streamId);
  const expected = stale() ? { version: Math.max(0, position.version - 1), hash: null } : position;
  return { appends: [{ streamId, expected, events: [{ type: 'Counted', data: {} }] }], result: { version: expected.version + 1 } };
};

describe('handleCommand', () => {
  it('returns the first result for a repeated idempotency key and appends nothing the second time', async () => {
    const first = await handleCommand(runtime.store, { metadata, idempotencyKey: 'k-1' }, addOne('count:idem'));
    const second = await handleCommand(runtime.store, { metadata, idempotencyKey: 'k-1' }, addOne('count:idem'));
    expect(first).toMatchObject({ replayed: false, result: { version: 1 } });
    expect(second).toMatchObject({ replayed: true, result: { version: 1 }, events: [] });
    expect((await runtime.store.readStream(runtime.store.db, 'count:idem')).length).toBe(1);
    const [event] = await runtime.store.readStream(runtime.store.db, 'count:idem');
    expect(event!.idempotencyKey).toBe('k-1');
  });

  it('retries with fresh state after a version conflict and then succeeds', async () => {
    await handleCommand(runtime.store, { metadata }, addOne('count:retry'));
    let attempts = 0;
    const outcome = await handleCommand(runtime.store, { metadata }, async (trx) => {
      attempts += 1;
      return addOne('count:retry', () => attempts === 1)(trx);
    });
    expect(attempts).toBe(2);
    expect(outcome.result).toEqual({ version: 2 });
    expect((await runtime.store.readStream(runtime.store.db, 'count:retry')).map((e) => e.streamVersion)).toEqual([1, 2]);
  });

  it('answers a conflict (409) after the bounded number of attempts', async () => {
    await handleCommand(runtime.store, { metadata }, addOne('count:stuck'));
    let attempts = 0;
    const run = handleCommand(runtime.store, { metadata, maxAttempts: 3 }, async (trx) => {
      attempts += 1;
      return addOne('count:stuck', () => true)(trx);
    });
    await expect(run).rejects.toSatisfy((e) => e instanceof DomainError && e.status === 409);
    expect(attempts).toBe(3);
  });

  it('leaves nothing behind when decide refuses the command', async () => {
    const head = await runtime.store.headPosition();
    await expect(
      handleCommand(runtime.store, { metadata, idempotencyKey: 'k-refused' }, async () => {
        throw new DomainError('DOMAIN_RULE', 'Insufficient quantity available');
      }),
    ).rejects.toThrow('Insufficient quantity available');
    expect(await runtime.store.headPosition()).toBe(head);
    const stored = await runtime.store.db.selectFrom('command_results').selectAll().where('idempotency_key', '=', 'k-refused').execute();
    expect(stored).toEqual([]);
  });

  it('notifies subscribers with the new position after the commit', async () => {
    const seen: number[] = [];
    const stop = runtime.store.notifier.subscribe((position) => seen.push(position));
    await runtime.store.notifier.ready();
    const outcome = await handleCommand(runtime.store, { metadata }, addOne('count:notify'));
    const position = outcome.events[0]!.globalPosition;
    await expect.poll(() => seen.includes(position), { timeout: 3000 }).toBe(true);
    stop();
  });
});

describe('handleCommand under concurrency', () => {
  it('serialises twenty simultaneous commands on one stream into twenty consecutive versions', async () => {
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => handleCommand(runtime.store, { metadata, maxAttempts: 30 }, addOne('count:race'))));
    const versions = outcomes.map((o) => o.result.version).sort((a, b) => a - b);
    expect(versions).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const stream = await runtime.store.readStream(runtime.store.db, 'count:race');
    expect(stream.map((e) => e.streamVersion)).toEqual(versions);
  });

  it('applies one idempotency key once when the same request arrives twice at the same moment', async () => {
    const both = await Promise.all([0, 1].map(() => handleCommand(runtime.store, { metadata, idempotencyKey: 'k-twice' }, addOne('count:twice'))));
    expect(both.map((o) => o.result)).toEqual([{ version: 1 }, { version: 1 }]);
    expect((await runtime.store.readStream(runtime.store.db, 'count:twice')).length).toBe(1);
  });
});
