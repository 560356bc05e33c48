import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { createUser } from '../../test/helpers/test-app.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { AccessCache } from './access-cache.ts';
import { createSession, revokeSession } from './session-store.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

/** Removes a session's tokens behind every trigger's back, as only a cache could fail to notice. */
async function silentlyDeleteTokens(sessionId: string) {
  await runtime.store.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await trx.deleteFrom('auth_tokens').where('session_id', '=', sessionId).execute();
  });
}

describe('AccessCache', () => {
  it('answers a known session from memory until cleared, and never remembers an unknown token', async () => {
    const { userId } = await createUser(runtime, 'cached@example.com', 'password 123');
    const tokens = await createSession(runtime.store.db, userId, { accessSeconds: 600, refreshSeconds: 600 }, {});
    const cache = new AccessCache(runtime.store.db);
    expect((await cache.user(tokens.accessToken))?.id).toBe(userId);
    await silentlyDeleteTokens(tokens.sessionId);
    expect((await cache.user(tokens.accessToken))?.id).toBe(userId);
    cache.clear();
    expect(await cache.user(tokens.accessToken)).toBeNull();
    expect(await cache.user('not-a-token')).toBeNull();
  });

  it('stops answering after the time-to-live, and never past the token expiry', async () => {
    const { userId } = await createUser(runtime, 'ttl@example.com', 'password 123');
    const tokens = await createSession(runtime.store.db, userId, { accessSeconds: 600, refreshSeconds: 600 }, {});
    const cache = new AccessCache(runtime.store.db, { ttlMs: 1000 });
    const now = Date.now();
    expect(await cache.user(tokens.accessToken, now)).not.toBeNull();
    await silentlyDeleteTokens(tokens.sessionId);
    expect(await cache.user(tokens.accessToken, now + 500)).not.toBeNull();
    expect(await cache.user(tokens.accessToken, now + 1500)).toBeNull();
  });

  it('is cleared by the database notice when a session is revoked or a membership changes', async () => {
    const { userId } = await createUser(runtime, 'notified@example.com', 'password 123');
    const tokens = await createSession(runtime.store.db, userId, { accessSeconds: 600, refreshSeconds: 600 }, {});
    const cache = new AccessCache(runtime.store.db, { ttlMs: 60_000 });
    let notices = 0;
    const stop = runtime.store.notifier.onChannel('access_changed', () => {
      notices += 1;
      cache.clear();
    });
    await runtime.store.notifier.ready();
    const projectId = await createProject(runtime.store, { name: 'Notices', customer: null, number: 'NT-1' }, { metadata: SYSTEM_ACTOR });
    await expect.poll(() => notices).toBeGreaterThan(0);
    expect(await cache.membership(userId, projectId)).toEqual({ exists: true, role: null });
    await changeMembership(runtime.store, projectId, { type: 'add', userId, role: 'manager' }, { metadata: SYSTEM_ACTOR });
    await expect.poll(() => cache.membership(userId, projectId)).toEqual({ exists: true, role: 'manager' });
    expect(await cache.user(tokens.accessToken)).not.toBeNull();
    await revokeSession(runtime.store.db, tokens.sessionId, 'signed out');
    await expect.poll(() => cache.user(tokens.accessToken)).toBeNull();
    stop();
  });
});
