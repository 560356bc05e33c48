import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { createUser } from '../../test/helpers/test-app.ts';
import { hitRateLimit, pruneRateLimits } from './rate-limit.ts';
import { createSession, pruneExpiredTokens } from './session-store.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

describe('housekeeping', () => {
  it('removes expired tokens and the sessions left with none, keeping live ones', async () => {
    const { userId } = await createUser(runtime, 'keep@example.com', 'keep password', 'user');
    const longAgo = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    await createSession(runtime.store.db, userId, { accessSeconds: 60, refreshSeconds: 60 }, {}, longAgo);
    await runtime.store.db.updateTable('auth_sessions').set({ last_used_at: longAgo }).execute();
    const live = await createSession(runtime.store.db, userId, { accessSeconds: 600, refreshSeconds: 600 }, {});
    await pruneExpiredTokens(runtime.store.db);
    const sessions = await runtime.store.db.selectFrom('auth_sessions').select('id').execute();
    expect(sessions.map((s) => s.id)).toEqual([live.sessionId]);
    expect(await runtime.store.db.selectFrom('auth_tokens').select('session_id').execute()).toHaveLength(2);
  });

  it('removes closed rate-limit windows only', async () => {
    await hitRateLimit(runtime.store.db, 'old', 5, 60, new Date('2020-01-01T00:00:00Z'));
    await hitRateLimit(runtime.store.db, 'current', 5, 60);
    await pruneRateLimits(runtime.store.db, new Date(Date.now() - 24 * 3600 * 1000));
    const buckets = await runtime.store.db.selectFrom('rate_limits').select('bucket').execute();
    expect(buckets.map((b) => b.bucket)).toEqual(['current']);
  });
});
