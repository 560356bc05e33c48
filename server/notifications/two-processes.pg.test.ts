// Two server processes on one PostgreSQL, one of them restarted half-way: still exactly one e-mail
// per assignment and one alert per crossing, and none to users whose preference is off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../e2e/helpers/server.ts';
import { openRuntime, type Runtime } from '../runtime.ts';
import { signInTo, startTwoServers, type TwoServers } from '../../test/helpers/two-servers.ts';
import { compareCheckpoints, committedHead, loadCheckpoint } from '../../ledger/subscriptions/checkpoint.ts';
import { listEras } from '../../ledger/subscriptions/eras.ts';
import { createUser } from '../../test/helpers/test-app.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR, userCommand } from '../users/user-commands.ts';
import { NOTIFICATIONS_SUBSCRIPTION } from './notifications.plugin.ts';

let servers: TwoServers;
let restarted: RunningServer | null = null;
let runtime: Runtime;

beforeAll(async () => {
  servers = await startTwoServers();
  runtime = await openRuntime({ databaseUrl: servers.testDb.url, dataDir: '', poolSize: 2, migrate: false });
});
afterAll(async () => {
  await restarted?.stop();
  await runtime?.close();
  await servers?.stop();
});

/** Until the notification checkpoint (kept by whichever process holds the lease) reaches the ledger's head. */
async function drained(): Promise<void> {
  const target = await committedHead(runtime.store.db, await listEras(runtime.store.db), false);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const checkpoint = await loadCheckpoint(runtime.store.db, NOTIFICATIONS_SUBSCRIPTION);
    if (checkpoint && compareCheckpoints(checkpoint, target) >= 0) return;
    if (Date.now() > deadline) throw new Error(`notifications stuck at ${JSON.stringify(checkpoint)}, head ${JSON.stringify(target)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function call(server: RunningServer, cookie: string, url: string, body: object): Promise<void> {
  const response = await fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  expect(response.status, await response.clone().text()).toBe(200);
}

describe('notifications with two server processes', () => {
  it('sends each assignment e-mail and each stock alert once, across a restart in the middle', async () => {
    const { a, b } = servers;
    const crew = (await createUser(runtime, 'crew@example.com', 'crew password', 'user', { firstName: 'Cy', lastName: 'Crew' })).userId;
    const quiet = (await createUser(runtime, 'quiet@example.com', 'quiet password', 'user', { firstName: 'Quinn', lastName: 'Quiet' })).userId;
    const boss = (await createUser(runtime, 'boss@example.com', 'boss password', 'user', { firstName: 'Bo', lastName: 'Boss' })).userId;
    const mute = (await createUser(runtime, 'mute@example.com', 'mute password', 'user', { firstName: 'Mo', lastName: 'Mute' })).userId;
    const projectId = await createProject(runtime.store, { name: 'Harbour', customer: null, number: 'H-1' }, { metadata: SYSTEM_ACTOR });
    for (const [userId, role] of [
      [crew, 'user'],
      [quiet, 'user'],
      [boss, 'manager'],
      [mute, 'admin'],
    ] as const) {
      await changeMembership(runtime.store, projectId, { type: 'add', userId, role }, { metadata: SYSTEM_ACTOR });
    }
    await userCommand(runtime.store, quiet, { type: 'SetEmailPreferences', data: { emails: false } }, { metadata: SYSTEM_ACTOR });
    await userCommand(runtime.store, mute, { type: 'SetEmailPreferences', data: { stockEmails: false } }, { metadata: SYSTEM_ACTOR });

    const cookieA = await signInTo(a);
    const cookieB = await signInTo(b);
    await call(a, cookieA, '/api/materials/receive', { project_id: projectId, part_number: 'ROPE-1', quantity: 40, part_name: 'Rope', standard_name: 'Rope' });
    const assign = (server: RunningServer, cookie: string, userId: string, quantity: number) =>
      call(server, cookie, '/api/inventory/assign', { project_id: projectId, part_number: 'ROPE-1', quantity, user_id: userId });

    // Through both processes at once: 40 → 30, low at 14 (crossing 1).
    await Promise.all([
      assign(a, cookieA, crew, 2),
      assign(b, cookieB, quiet, 2),
      assign(a, cookieA, crew, 2),
      assign(b, cookieB, quiet, 2),
      assign(a, cookieA, crew, 2),
    ]);
    await assign(b, cookieB, crew, 16); // 14: low

    // One process stops in the middle while the other keeps taking assignments.
    const stopping = a.stop();
    await assign(b, cookieB, crew, 1); // 13
    await assign(b, cookieB, quiet, 1); // 12
    await stopping;
    await assign(b, cookieB, crew, 12); // 0: critical (crossing 2)
    restarted = await startServer({ DATABASE_URL: servers.testDb.url! });
    const cookieR = await signInTo(restarted);
    await call(restarted, cookieR, '/api/materials/receive', {
      project_id: projectId,
      part_number: 'ROPE-1',
      quantity: 20,
      part_name: 'Rope',
      standard_name: 'Rope',
    }); // 20: ok
    await assign(restarted, cookieR, crew, 7); // 13: low again (crossing 3)
    await Promise.all([assign(restarted, cookieR, crew, 1), assign(b, cookieB, crew, 1)]); // 11: still low

    await drained();
    const outbox = await runtime.store.db.selectFrom('outbox').select(['to_email', 'subject']).execute();
    const to = (email: string) => outbox.filter((m) => m.to_email === email).map((m) => m.subject);
    // Crew: 2, 2, 2, 16, 1, 12, 7, 1, 1: nine assignments, nine e-mails.
    expect(to('crew@example.com').sort()).toEqual(
      ['2', '2', '2', '16', '1', '12', '7', '1', '1'].map((q) => `Assigned to you: ${q} × ROPE-1 in Harbour`).sort(),
    );
    expect(to('quiet@example.com')).toEqual([]);
    expect(to('boss@example.com').sort()).toEqual(['Critical stock: ROPE-1 in Harbour', 'Low stock: ROPE-1 in Harbour', 'Low stock: ROPE-1 in Harbour']);
    expect(to('mute@example.com')).toEqual([]);
  });
});
