// The whole path under concurrent load: 1,000 receives from eight callers at once into two projects,
// an endpoint for each project and one site-wide, all at a receiver that verifies every request with
// the standardwebhooks library. Each endpoint gets exactly its events, in the order the ledger
// committed them, one request at a time, each once, except that an attempt the sender gave up on (no
// answer in time: the receiver shares this busy process) is sent again, as Standard Webhooks allows
// and a receiver deduplicates by the message id.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { type Receiver, startReceiver } from '../../test/helpers/webhook-receiver.ts';
import { runStock } from '../materials/stock-commands.ts';
import { createProject } from '../projects/project-commands.ts';
import { changeSiteSettings } from '../site/site-settings.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { createEndpoint } from './endpoints.ts';

const RECEIVES = 1000;
const system = { metadata: SYSTEM_ACTOR };
let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let receiver: Receiver;
const projects: string[] = [];
const endpoints: Array<{ id: string; path: string; scope: string[] }> = [];

/** The receives of these projects as the ledger committed them: by (transaction_id, global_position). */
/** The messages an endpoint's sender recorded an unanswered or refused attempt for. */
async function failedAttempts(endpointId: string): Promise<Set<string>> {
  const rows = await runtime.store.db
    .selectFrom('webhook_attempts')
    .select('message_id')
    .where('endpoint_id', '=', endpointId)
    .where((eb) => eb.or([eb('status', 'is', null), eb('status', '>=', 300)]))
    .execute();
  return new Set(rows.map((r) => r.message_id));
}

async function receivesInCommitOrder(projectIds: string[]): Promise<number[]> {
  const { rows } = await sql<{ global_position: string }>`
    select e.global_position::text as global_position from events e
     where e.type = 'MaterialReceived' and e.data->'location'->>'id' = any(${projectIds}::text[])
     order by e.transaction_id, e.global_position`.execute(runtime.store.db);
  return rows.map((r) => Number(r.global_position));
}

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  receiver = await startReceiver();
  const adminId = (await createUser(runtime, 'order@example.com', 'order password', 'superadmin')).userId;
  await changeSiteSettings(runtime.store, { webhooks_allow_private: true }, system);
  for (const number of ['O-1', 'O-2']) projects.push(await createProject(runtime.store, { name: `Order ${number}`, customer: null, number }, system));
  for (const scope of [[projects[0]!], [projects[1]!], [...projects]]) {
    const url = receiver.endpoint();
    const endpoint = await createEndpoint(
      runtime.store,
      { project_id: scope.length === 1 ? scope[0]! : null, url, kinds: ['stock.moved'], description: '' },
      adminId,
    );
    receiver.trust(url, endpoint.secret);
    endpoints.push({ id: endpoint.id, path: new URL(url).pathname, scope });
  }

  let next = 0;
  const caller = async () => {
    for (let i = next++; i < RECEIVES; i = next++) {
      await runStock(
        runtime.store,
        { type: 'receive', location: { kind: 'project', id: projects[i % 2]! }, partNumber: `O-${i % 7}`, quantity: 1, partName: 'Part', partNickname: 'P' },
        system,
      );
    }
  };
  await Promise.all(Array.from({ length: 8 }, caller));
  await app.webhooks.drained();
  await app.webhookSender.idle();
}, 600_000);
afterAll(async () => {
  await app?.close();
  await receiver?.close();
  await runtime?.close();
});

describe('webhook deliveries under concurrent receives', () => {
  it('bring each endpoint exactly its events, verified, once each, in ledger order, one request at a time', async () => {
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    for (const { id, path, scope } of endpoints) {
      const all = receiver.received.filter((r) => r.path === path);
      // One request at a time: a message sent again follows its own unanswered attempt directly.
      const arrived = all.filter((r, i) => i === 0 || r.id !== all[i - 1]!.id);
      const again = new Set(all.filter((r, i) => i > 0 && r.id === all[i - 1]!.id).map((r) => r.id));
      const failed = await failedAttempts(id);
      for (const message of again) expect(failed, `${message} arrived twice without a failed attempt`).toContain(message);
      const expected = await receivesInCommitOrder(scope);
      expect(expected).toHaveLength(scope.length === 2 ? RECEIVES : RECEIVES / 2);
      expect(arrived.map((r) => r.id)).toEqual(expected.map((position) => `evt_${position}`));
      expect(arrived.map((r) => (JSON.parse(r.body) as { data: { position: number } }).data.position)).toEqual(expected);
      expect(Math.max(...arrived.map((r) => r.inFlight))).toBe(1);
    }
  });
});
