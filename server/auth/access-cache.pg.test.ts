// Two server processes on one PostgreSQL: each remembers sessions and memberships, and a change made
// through one is honoured by the other within a second.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../e2e/helpers/server.ts';
import { signInTo, startTwoServers, type TwoServers } from '../../test/helpers/two-servers.ts';

let servers: TwoServers;
let a: RunningServer;
let b: RunningServer;

const call = (server: RunningServer, cookie: string, path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { cookie, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });

/** Polls until the answer's status is the expected one; returns how long it took. */
async function within(ms: number, probe: () => Promise<Response>, status: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    const seen = (await probe()).status;
    const elapsed = performance.now() - started;
    if (seen === status) return elapsed;
    if (elapsed > ms) throw new Error(`still ${seen} after ${Math.round(elapsed)} ms, expected ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  servers = await startTwoServers();
  ({ a, b } = servers);
});
afterAll(async () => {
  await servers?.stop();
});

describe('the access cache across server processes', () => {
  it('refuses a session signed out through one process on the other within a second', async () => {
    const cookie = await signInTo(a);
    // Both processes now remember the session.
    expect((await call(a, cookie, '/api/users/me')).status).toBe(200);
    expect((await call(b, cookie, '/api/users/me')).status).toBe(200);
    expect((await call(a, cookie, '/api/logout', { method: 'POST' })).status).toBe(204);
    expect((await call(a, cookie, '/api/users/me')).status).toBe(401);
    expect(await within(1000, () => call(b, cookie, '/api/users/me'), 401)).toBeLessThan(1000);
  });

  it('refuses a removed member on the other process within a second', async () => {
    const admin = await signInTo(a);
    const project = (await (
      await call(a, admin, '/api/projects', { method: 'POST', body: { project_name: 'Cached', project_customer: null, project_number: 'C-1' } })
    ).json()) as { id: string };
    const invited = await call(a, admin, '/api/users/invite', {
      method: 'POST',
      body: { email: 'crew@example.com', first_name: 'Crew', last_name: 'Member', role: 'user' },
    });
    expect(invited.status).toBeLessThan(300);
    const users = (await (await call(a, admin, '/api/users')).json()) as { items: Array<{ id: string; email: string }> };
    const crewId = users.items.find((u) => u.email === 'crew@example.com')!.id;
    await call(a, admin, '/api/projects/assign', { method: 'POST', body: { project_id: project.id, user_id: crewId, project_role: 'user' } });
    // The member reads the project through process b, which now remembers the membership.
    const crewCookie = await adminSession(crewId);
    expect((await call(b, crewCookie, `/api/inventory/materials?project_id=${project.id}`)).status).toBe(200);
    expect((await call(a, admin, '/api/projects/remove', { method: 'POST', body: { project_id: project.id, user_id: crewId } })).status).toBeLessThan(300);
    expect(await within(1000, () => call(b, crewCookie, `/api/inventory/materials?project_id=${project.id}`), 403)).toBeLessThan(1000);
  });
});

/** A session for a user who has no password yet, made directly in the database as the sign-in would. */
async function adminSession(userId: string): Promise<string> {
  const { openRuntime } = await import('../runtime.ts');
  const { createSession } = await import('./session-store.ts');
  const runtime = await openRuntime({ databaseUrl: servers.testDb.url, dataDir: '', migrate: false });
  try {
    const tokens = await createSession(runtime.store.db, userId, { accessSeconds: 600, refreshSeconds: 600 }, {});
    return `sl_access=${tokens.accessToken}; sl_refresh=${tokens.refreshToken}`;
  } finally {
    await runtime.close();
  }
}
