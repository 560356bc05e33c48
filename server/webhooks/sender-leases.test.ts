import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { createUser } from '../../test/helpers/test-app.ts';
import { newSecret, type Receiver, startReceiver } from '../../test/helpers/webhook-receiver.ts';
import { enqueueDeliveries, insertEndpoint, stockPayload, waitFor } from '../../test/helpers/webhook-rows.ts';
import { startWebhookSender, type WebhookSender, type WebhookSenderOptions } from './sender.ts';

type TestRuntime = Awaited<ReturnType<typeof openTestRuntime>>;
let runtime: TestRuntime;
let userId: string;
let receiver: Receiver;
const senders: WebhookSender[] = [];

function start(overrides: Partial<WebhookSenderOptions> = {}): WebhookSender {
  const sender = startWebhookSender({ db: runtime.store.db, log: { warn: () => undefined }, allowPrivate: async () => true, pollMs: 25, ...overrides });
  senders.push(sender);
  return sender;
}

const pendingCount = async () =>
  Number(
    (
      await runtime.store.db
        .selectFrom('webhook_deliveries')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  runtime = await openTestRuntime();
  userId = (await createUser(runtime, 'lease-owner@example.com', 'a-long-password-1')).userId;
});
afterAll(async () => {
  await runtime.close();
});
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.stop()));
  await receiver.close();
});

describe('webhook sender leases', () => {
  it('two senders on one database: never two requests in flight for one endpoint, each delivery sent once, in order', async () => {
    const endpoints: Array<{ path: string; ids: string[] }> = [];
    for (let e = 0; e < 4; e += 1) {
      const secret = newSecret();
      const url = receiver.endpoint(secret);
      const id = await insertEndpoint(runtime.store.db, { url, secret, createdBy: userId });
      const ids = await enqueueDeliveries(
        runtime.store.db,
        id,
        Array.from({ length: 30 }, (_, i) => stockPayload(i + 1)),
      );
      endpoints.push({ path: new URL(url).pathname, ids });
    }
    const a = start({ flushEvery: 5 });
    const b = start({ flushEvery: 5 });
    a.wake();
    b.wake();
    await waitFor('all delivered', async () => (await pendingCount()) === 0);

    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect(Math.max(...receiver.received.map((r) => r.inFlight))).toBe(1);
    for (const endpoint of endpoints) expect(receiver.received.filter((r) => r.path === endpoint.path).map((r) => r.id)).toEqual(endpoint.ids);
  });

  it('a sender that lost its lease records nothing more and stops; the next holder sends again what was not recorded, same id and body', async () => {
    const secret = newSecret();
    const url = receiver.endpoint(secret);
    const endpointId = await insertEndpoint(runtime.store.db, { url, secret, createdBy: userId });
    await enqueueDeliveries(
      runtime.store.db,
      endpointId,
      [1, 2, 3, 4].map((p) => stockPayload(p)),
    );
    // While evt_2 is in flight, another process takes the lease (this one stalled past it).
    receiver.respond(async (request) => {
      if (request.id === 'evt_2' && receiver.received.filter((r) => r.id === 'evt_2').length === 1)
        await sql`update webhook_endpoints set lease_holder = 'another-process', lease_until = now() + interval '1 hour' where id = ${endpointId}`.execute(
          runtime.store.db,
        );
      return { status: 200 };
    });
    const sender = start({ flushEvery: 1 });
    await waitFor('evt_2 sent', () => receiver.received.some((r) => r.id === 'evt_2'));
    await sender.idle();

    expect(receiver.received.map((r) => r.id)).toEqual(['evt_1', 'evt_2']);
    const recorded = await runtime.store.db.selectFrom('webhook_attempts').select('message_id').where('endpoint_id', '=', endpointId).execute();
    expect(recorded.map((a) => a.message_id)).toEqual(['evt_1']);
    const endpoint = await runtime.store.db.selectFrom('webhook_endpoints').select('lease_holder').where('id', '=', endpointId).executeTakeFirstOrThrow();
    expect(endpoint.lease_holder).toBe('another-process');

    // The other process goes away without releasing; its lease lapses and this one takes over.
    await sql`update webhook_endpoints set lease_until = now() - interval '1 second' where id = ${endpointId}`.execute(runtime.store.db);
    await waitFor('all delivered', async () => (await pendingCount()) === 0);
    expect(receiver.received.map((r) => r.id)).toEqual(['evt_1', 'evt_2', 'evt_2', 'evt_3', 'evt_4']);
    const twice = receiver.received.filter((r) => r.id === 'evt_2');
    expect(twice[1]!.body).toBe(twice[0]!.body);
    expect(twice.every((r) => r.verified)).toBe(true);
  });
});
