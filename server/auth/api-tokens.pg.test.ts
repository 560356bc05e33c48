// Two server processes on one PostgreSQL: a token revoked through one is refused by the other within
// a second, and a token past its expiry is refused by a process that remembered it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../e2e/helpers/server.ts';
import { signInTo, startTwoServers, type TwoServers } from '../../test/helpers/two-servers.ts';
import type { CreatedApiToken } from '../../contract/api-tokens.ts';

let servers: TwoServers;
let a: RunningServer;
let b: RunningServer;

const me = (server: RunningServer, token: string) => fetch(`${server.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });

/** Polls until the answer's status is the expected one; fails when it is still another after `ms`. */
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

describe('API tokens across server processes', () => {
  it('refuses a token revoked through one process on the other within a second', async () => {
    const cookie = await signInTo(a);
    const created = await fetch(`${a.url}/api/tokens`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Across', expires_in_days: 1, scopes: ['read'] }),
    });
    expect(created.status).toBe(201);
    const { id, token } = (await created.json()) as CreatedApiToken;
    // Both processes now remember the token.
    expect((await me(a, token)).status).toBe(200);
    expect((await me(b, token)).status).toBe(200);
    expect((await fetch(`${a.url}/api/tokens/${id}`, { method: 'DELETE', headers: { cookie } })).status).toBe(204);
    expect((await me(a, token)).status).toBe(401);
    expect(await within(1000, () => me(b, token), 401)).toBeLessThan(1000);
  });

  it('refuses a token past its expiry on a process that remembered it', async () => {
    const { openRuntime } = await import('../runtime.ts');
    const { createPersonalToken } = await import('./api-tokens.ts');
    const runtime = await openRuntime({ databaseUrl: servers.testDb.url, dataDir: '', migrate: false });
    let created: CreatedApiToken;
    try {
      const admin = await runtime.store.db.selectFrom('users').select(['id', 'role']).where('email', '=', a.admin.email).executeTakeFirstOrThrow();
      // Made a day ago less a second and a half, for a day: it expires a second and a half from now.
      const made = new Date(Date.now() - 86_400_000 + 1500);
      created = await createPersonalToken(runtime.store.db, admin, { name: 'Brief', expires_in_days: 1, scopes: ['read'], project_ids: null }, made);
    } finally {
      await runtime.close();
    }
    expect((await me(b, created.token)).status).toBe(200);
    const expiry = Date.parse(created.expires_at);
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiry - Date.now() + 20)));
    const after = await me(b, created.token);
    expect(after.status).toBe(401);
  });
});
