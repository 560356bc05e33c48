// API tokens as stored and looked up: the caller a token stands for, its expiry as the cache's bound,
// a service token's membership, revocation, and the last use written at most once a minute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from './session-store.ts';
import { AccessCache } from './access-cache.ts';
import { callerForApiToken, createPersonalToken, createServiceToken, LastUseRecorder, revokeToken, SERVICE_TOKEN_LASTNAME } from './api-tokens.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { createUser } from '../../test/helpers/test-app.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let ownerId: string;
let bossId: string;
let projectId: string;
const system = { metadata: SYSTEM_ACTOR };
const db = () => runtime.store.db;
const readOnly = { expires_in_days: 1, scopes: ['read' as const], project_ids: null };

beforeAll(async () => {
  runtime = await openTestRuntime();
  ({ userId: ownerId } = await createUser(runtime, 'ona@example.com', 'ona password', 'admin', { firstName: 'Ona', lastName: 'Owner' }));
  ({ userId: bossId } = await createUser(runtime, 'bo@example.com', 'bo password', 'superadmin'));
  projectId = await createProject(runtime.store, { name: 'Tokens', customer: null, number: 'T-1' }, system);
  await changeMembership(runtime.store, projectId, { type: 'add', userId: ownerId, role: 'user' }, system);
});
afterAll(async () => {
  await runtime.close();
});

describe('a personal token', () => {
  it('stands for its owner as they are, with its scopes and projects, under a session id no session has', async () => {
    const created = await createPersonalToken(db(), { id: ownerId, role: 'admin' }, { ...readOnly, name: 'Mine', project_ids: [projectId] });
    const found = await callerForApiToken(db(), hashToken(created.token));
    expect(found?.user).toMatchObject({
      id: ownerId,
      email: 'ona@example.com',
      user_firstname: 'Ona',
      role: 'admin',
      sessionId: `token:${created.id}`,
      token: { id: created.id, kind: 'personal', scopes: ['read'], projectIds: [projectId] },
    });
    expect(found?.expiresAt.toISOString()).toBe(created.expires_at);
    expect(await callerForApiToken(db(), hashToken(created.token), new Date(Date.parse(created.expires_at) + 1))).toBeNull();
  });

  it('is remembered by the access cache no longer than its expiry', async () => {
    const created = await createPersonalToken(db(), { id: ownerId, role: 'admin' }, { ...readOnly, name: 'Cached' });
    const cache = new AccessCache(db(), { ttlMs: 10 * 86_400_000 });
    const expiry = Date.parse(created.expires_at);
    expect((await cache.apiToken(created.token, expiry - 1000))?.id).toBe(ownerId);
    expect(await cache.apiToken(created.token, expiry + 1)).toBeNull();
  });

  it("is revoked by its owner only, and a second revocation keeps the first one's time", async () => {
    const created = await createPersonalToken(db(), { id: ownerId, role: 'admin' }, { ...readOnly, name: 'Doomed' });
    expect(await revokeToken(db(), created.id, bossId)).toBe(false);
    expect(await revokeToken(db(), created.id, null)).toBe(false);
    const first = new Date('2030-01-01T00:00:00Z');
    expect(await revokeToken(db(), created.id, ownerId, first)).toBe(true);
    expect(await revokeToken(db(), created.id, ownerId, new Date('2030-02-01T00:00:00Z'))).toBe(true);
    const row = await db().selectFrom('api_tokens').select('revoked_at').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.revoked_at?.toISOString()).toBe(first.toISOString());
    expect(await callerForApiToken(db(), hashToken(created.token))).toBeNull();
  });
});

describe('a service token', () => {
  it('site-wide acts with its global role under its own name', async () => {
    const created = await createServiceToken(db(), bossId, { name: 'Audit feed', expires_in_days: 1, scopes: ['read'], project_id: null, role: 'auditor' });
    const found = await callerForApiToken(db(), hashToken(created.token));
    expect(found?.user).toMatchObject({
      id: created.id,
      email: '',
      user_firstname: 'Audit feed',
      user_lastname: SERVICE_TOKEN_LASTNAME,
      role: 'auditor',
      emails: false,
      token: { kind: 'service', projectIds: null },
    });
  });

  it("in a project is a plain user with the token's project role there, until revoked", async () => {
    const created = await createServiceToken(db(), bossId, {
      name: 'Scanner',
      expires_in_days: 1,
      scopes: ['read', 'write'],
      project_id: projectId,
      role: 'manager',
    });
    const found = await callerForApiToken(db(), hashToken(created.token));
    expect(found?.user).toMatchObject({ role: 'user', token: { projectIds: [projectId] } });
    expect(await new AccessCache(db()).membership(created.id, projectId)).toEqual({ exists: true, role: 'manager' });
    await revokeToken(db(), created.id, null);
    expect(await new AccessCache(db()).membership(created.id, projectId)).toEqual({ exists: true, role: null });
  });
});

describe('the last use', () => {
  it('is written at most once a minute per token', async () => {
    const created = await createPersonalToken(db(), { id: ownerId, role: 'admin' }, { ...readOnly, name: 'Busy' });
    const recorder = new LastUseRecorder(db());
    const lastUse = async () =>
      (await db().selectFrom('api_tokens').select('last_used_at').where('id', '=', created.id).executeTakeFirstOrThrow()).last_used_at?.toISOString();
    const t0 = new Date('2030-01-01T10:00:00Z');
    await recorder.touch(created.id, t0);
    await recorder.touch(created.id, new Date(t0.getTime() + 59_000));
    expect(await lastUse()).toBe(t0.toISOString());
    const later = new Date(t0.getTime() + 60_000);
    await recorder.touch(created.id, later);
    expect(await lastUse()).toBe(later.toISOString());
  });
});
