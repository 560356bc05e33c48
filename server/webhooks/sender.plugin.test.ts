// The whole path in one server: an endpoint registered through the API, receives through the API,
// the ledger subscription queueing them, the sender delivering them to a verifying receiver, the
// attempt log read back through the API, and a replay sent again under the same ids.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookAttempt, WebhookWithSecret } from '../../contract/webhooks.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { type Receiver, startReceiver } from '../../test/helpers/webhook-receiver.ts';

type TestRuntime = Awaited<ReturnType<typeof openTestRuntime>>;
let runtime: TestRuntime;
let app: FastifyInstance;
let receiver: Receiver;
let cookie: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  await createUser(runtime, 'site-admin@example.com', 'site admin password', 'superadmin');
  app = await buildTestApp(runtime);
  receiver = await startReceiver();
  cookie = await signIn(app, 'site-admin@example.com', 'site admin password');
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
  await runtime?.close();
});

async function call<T>(method: 'POST' | 'PATCH' | 'GET', url: string, payload?: object): Promise<T> {
  const response = await app.inject({ method, url, payload, headers: { cookie } });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as T;
}

describe('webhook sender in the server', () => {
  it('delivers what the API received, in ledger order, logs each attempt for the API, and replays under the same ids', async () => {
    await call('PATCH', '/api/site/settings', { webhooks_allow_private: true });
    const project = await call<{ id: string }>('POST', '/api/projects', { project_name: 'Hooked', project_customer: null, project_number: 'HK-1' });
    const url = receiver.endpoint();
    const endpoint = await call<WebhookWithSecret>('POST', '/api/webhooks', { project_id: null, url, kinds: ['stock.moved'], description: 'Everything' });
    receiver.trust(url, endpoint.secret);
    for (const quantity of [3, 4, 5])
      await call('POST', '/api/materials/receive', { project_id: project.id, part_number: 'HOOK-1', quantity, part_name: 'Hook', standard_name: 'Hook' });
    await app.webhooks.drained();
    await app.webhookSender.idle();

    const first = [...receiver.received];
    expect(first).toHaveLength(3);
    expect(first.every((r) => r.verified)).toBe(true);
    const bodies = first.map((r) => JSON.parse(r.body) as { type: string; data: { event: string; position: number; details: { quantity: number } } });
    expect(bodies.map((b) => [b.type, b.data.event, b.data.details.quantity])).toEqual([
      ['stock.moved', 'MaterialReceived', 3],
      ['stock.moved', 'MaterialReceived', 4],
      ['stock.moved', 'MaterialReceived', 5],
    ]);
    expect(first.map((r) => r.id)).toEqual(bodies.map((b) => `evt_${b.data.position}`));

    const log = await call<{ items: WebhookAttempt[]; total: number }>('GET', `/api/webhooks/${endpoint.id}/attempts`);
    expect(log.total).toBe(3);
    expect(log.items.map((a) => [a.message_id, a.status, a.error])).toEqual(first.map((r) => [r.id, 200, null]).reverse());
    const listed = await call<{ items: Array<{ id: string; pending: number; delivered_position: number | null }> }>('GET', '/api/webhooks');
    expect(listed.items.find((e) => e.id === endpoint.id)).toMatchObject({ pending: 0, delivered_position: bodies[2]!.data.position });

    await call('POST', `/api/webhooks/${endpoint.id}/replay`, { from_position: bodies[0]!.data.position - 1 });
    await app.webhookSender.idle();
    const again = receiver.received.slice(3);
    expect(again.map((r) => r.id)).toEqual(first.map((r) => r.id));
    expect(again.every((r) => r.verified)).toBe(true);
    const dataOf = (r: { body: string }) => (JSON.parse(r.body) as { data: unknown }).data;
    expect(again.map(dataOf)).toEqual(first.map(dataOf));
  });
});
