import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEvents } from '../../test/helpers/raw-events.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { newSigningKeyPem, signingKeyFromPem } from './signing-key.ts';
import { startSealer } from './sealer.ts';
import { verifySeal } from './verify-seal.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const key = signingKeyFromPem(newSigningKeyPem());

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

describe('the sealer', () => {
  it('seals every committed event once with one sealer active of two, hands over when it stops, and signs on its own', async () => {
    await appendEvents(runtime.store, 'before', 30);
    const errors: unknown[] = [];
    // Two sealers as two processes would run them: one holds the subscription, the other stands by.
    const one = startSealer(runtime.store, { key, batchSize: 16, pollMs: 20, checkpointEveryMs: 50, onError: (e) => errors.push(e) });
    const two = startSealer(runtime.store, { key, batchSize: 16, pollMs: 20, checkpointEveryMs: 50, onError: (e) => errors.push(e) });
    await one.drained();
    expect([one.active, two.active].filter(Boolean)).toHaveLength(1);
    await appendEvents(runtime.store, 'during', 40);
    const signed = await two.checkpointNow();
    expect(signed!.ledger_seq).toBe(70);
    const active = one.active ? one : two;
    const standby = one.active ? two : one;
    await active.stop();
    await appendEvents(runtime.store, 'after', 20);
    await standby.drained();
    expect(standby.active).toBe(true);
    // The standby signs the grown head by itself within a few ticks.
    await expect
      .poll(
        async () => (await runtime.store.db.selectFrom('ledger_checkpoints').select('ledger_seq').orderBy('ledger_seq', 'desc').executeTakeFirst())?.ledger_seq,
        { timeout: 5000 },
      )
      .toBe(90);
    await standby.stop();
    expect(errors).toEqual([]);
    const report = await verifySeal(runtime.store.db, { publicKey: key.publicKey });
    expect(report).toMatchObject({ sealed: 90, unsealed: 0, problems: [] });
  });
});
