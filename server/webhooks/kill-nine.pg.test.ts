// A real server process killed with SIGKILL while webhook deliveries are in flight, then started
// again: every event reaches every endpoint at least once, a repeat carries the same webhook-id and
// the same body, and each endpoint's first arrivals are in ledger order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type RestartableServer, startRestartableServer } from '../../e2e/helpers/server.ts';
import { openDatabase, type DatabaseHandle } from '../../ledger/database.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.ts';
import { type Receiver, type Received, startReceiver } from '../../test/helpers/webhook-receiver.ts';
import { waitFor } from '../../test/helpers/webhook-rows.ts';

let testDb: TestDatabase;
let server: RestartableServer;
let receiver: Receiver;
let database: DatabaseHandle;

beforeAll(async () => {
  testDb = await createTestDatabase();
  server = await startRestartableServer({ DATABASE_URL: testDb.url! });
  receiver = await startReceiver();
  database = await openDatabase({ url: testDb.url, poolSize: 2 });
});
afterAll(async () => {
  await server?.dispose();
  await receiver?.close();
  await database?.close();
  await testDb?.drop();
});

async function signIn(to: RestartableServer): Promise<string> {
  const response = await fetch(`${to.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(to.admin) });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function call<T>(cookie: string, method: string, path: string, body: object): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Receives into both projects from four workers until stopped; failures (the server is gone) are expected. */
function startReceives(cookie: string, projects: string[]) {
  let running = true;
  const worker = async (w: number) => {
    for (let i = 0; running; i += 1) {
      await fetch(`${server.url}/api/materials/receive`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ project_id: projects[(w + i) % 2], part_number: `K9-${w}`, quantity: 1, part_name: `Crash part ${w}`, standard_name: 'Crash' }),
        signal: AbortSignal.timeout(5000),
      }).catch(() => new Promise((r) => setTimeout(r, 50)));
    }
  };
  const workers = Array.from({ length: 4 }, (_, w) => worker(w));
  return async () => {
    running = false;
    await Promise.all(workers);
  };
}

describe('webhooks across kill -9', () => {
  it('delivers every event at least once, repeats with the same id and body, first arrivals in ledger order', async () => {
    let cookie = await signIn(server);
    await call(cookie, 'PATCH', '/api/site/settings', { webhooks_allow_private: true });
    const projects: string[] = [];
    for (const n of [1, 2])
      projects.push(
        (await call<{ id: string }>(cookie, 'POST', '/api/projects', { project_name: `Crash ${n}`, project_customer: null, project_number: `K9-${n}` })).id,
      );
    const endpoints: Array<{ id: string; url: string; projectId: string | null }> = [];
    for (const projectId of [projects[0]!, null]) {
      const url = receiver.endpoint();
      const created = await call<{ id: string; secret: string }>(cookie, 'POST', '/api/webhooks', {
        project_id: projectId,
        url,
        kinds: ['stock.moved'],
        description: 'Crash test',
      });
      receiver.trust(url, created.secret);
      endpoints.push({ id: created.id, url, projectId });
    }
    // A receiver that takes a few milliseconds per request keeps a backlog in flight.
    receiver.respond(() => new Promise((resolve) => setTimeout(() => resolve({ status: 200 }), 3)));

    let stopReceives = startReceives(cookie, projects);
    await waitFor('deliveries under way', () => receiver.received.length >= 100);
    await server.kill();
    await stopReceives();
    const { rows: waiting } = await sql<{ n: number }>`select count(*)::int as n from webhook_deliveries where status = 'pending'`.execute(database.db);
    expect(Number(waiting[0]!.n)).toBeGreaterThan(0);

    await server.start();
    cookie = await signIn(server);
    stopReceives = startReceives(cookie, projects);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await stopReceives();

    const expected = async (endpoint: (typeof endpoints)[number]) => {
      const { rows } = await sql<{ position: number }>`
        select e.global_position as position from events e, webhook_endpoints w
         where w.id = ${endpoint.id} and e.global_position > w.start_position and e.type = 'MaterialReceived'
           and (${endpoint.projectId}::uuid is null or e.stream_id like 'stock:project:' || ${endpoint.projectId} || ':%')
         order by e.global_position`.execute(database.db);
      return rows.map((r) => Number(r.position));
    };
    const byEndpoint = (endpoint: (typeof endpoints)[number]) => receiver.received.filter((r) => r.path === new URL(endpoint.url).pathname);
    const positionOf = (r: Received) => (JSON.parse(r.body) as { data: { position: number } }).data.position;
    for (const endpoint of endpoints) {
      const positions = await expected(endpoint);
      expect(positions.length).toBeGreaterThan(50);
      await waitFor(
        `every event at ${endpoint.url}`,
        () => {
          const got = new Set(byEndpoint(endpoint).map(positionOf));
          return positions.every((p) => got.has(p));
        },
        60_000,
      );

      const arrivals = byEndpoint(endpoint);
      expect(arrivals.every((r) => r.verified)).toBe(true);
      const first = new Map<string, Received>();
      for (const r of arrivals) {
        const earlier = first.get(r.id);
        if (earlier) expect(r.body).toBe(earlier.body);
        else first.set(r.id, r);
      }
      const idsPerPosition = new Map<number, Set<string>>();
      for (const r of arrivals) idsPerPosition.set(positionOf(r), (idsPerPosition.get(positionOf(r)) ?? new Set()).add(r.id));
      expect([...idsPerPosition.values()].every((ids) => ids.size === 1)).toBe(true);
      const order = [...first.values()].map(positionOf).filter((p) => positions.includes(p));
      expect(order).toEqual(positions);
    }
  }, 180_000);
});
