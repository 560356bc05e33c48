// The API token routes: a token is shown once and stored as its hash, listed with its last use,
// revoked at once, refused when expired or its owner is gone, and never manages tokens itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { type ApiToken, type CreatedApiToken, TOKEN_MESSAGES, TOKEN_HINT_LENGTH } from '../../../contract/api-tokens.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { createPersonalToken } from '../../auth/api-tokens.ts';
import { userCommand, SYSTEM_ACTOR } from '../../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let cookie: string;
let userId: string;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
const create = (payload: object, headers: Record<string, string> = { cookie }) => app.inject({ method: 'POST', url: '/api/tokens', headers, payload });
const list = async () => (await app.inject({ method: 'GET', url: '/api/tokens', headers: { cookie } })).json<{ items: ApiToken[] }>().items;
const INVALID = { error: 'UNAUTHORIZED', message: TOKEN_MESSAGES.invalid };

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  ({ userId } = await createUser(runtime, 'tia@example.com', 'tia password', 'user', { firstName: 'Tia', lastName: 'Token' }));
  cookie = await signIn(app, 'tia@example.com', 'tia password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('a personal token', () => {
  it('is shown once at creation, then listed by its hint only, and the table holds nothing but its hash', async () => {
    const response = await create({ name: 'Nightly export', expires_in_days: 30, scopes: ['read'] });
    expect(response.statusCode).toBe(201);
    const created = response.json<CreatedApiToken>();
    expect(created.token).toMatch(/^slp_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ kind: 'personal', name: 'Nightly export', scopes: ['read'], project_ids: null, role: null, created_by_name: 'Tia Token' });
    expect(created.hint).toBe(created.token.slice(0, TOKEN_HINT_LENGTH));
    const days = (Date.parse(created.expires_at) - Date.parse(created.created_at)) / 86_400_000;
    expect(days).toBe(30);

    const listed = (await list()).find((t) => t.id === created.id)!;
    expect(listed).not.toHaveProperty('token');
    expect(JSON.stringify(await list())).not.toContain(created.token);
    const rows = await runtime.store.db.selectFrom('api_tokens').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(created.token);
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(TOKEN_HINT_LENGTH));
  });

  it('acts as its owner, and its list shows when it was last used', async () => {
    const created = (await create({ name: 'Reader', expires_in_days: 1, scopes: ['read'] })).json<CreatedApiToken>();
    expect((await list()).find((t) => t.id === created.id)!.last_used_at).toBeNull();
    const response = await me(created.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: userId, email: 'tia@example.com' });
    // The last use is written beside the answer, not before it.
    await expect.poll(async () => (await list()).find((t) => t.id === created.id)!.last_used_at).not.toBeNull();
  });

  it('lists the newest first, revoked ones included with when they were revoked', async () => {
    const first = (await create({ name: 'First', expires_in_days: 5, scopes: ['read'] })).json<CreatedApiToken>();
    const second = (await create({ name: 'Second', expires_in_days: 5, scopes: ['read', 'write'] })).json<CreatedApiToken>();
    expect((await app.inject({ method: 'DELETE', url: `/api/tokens/${first.id}`, headers: { cookie } })).statusCode).toBe(204);
    const items = await list();
    expect(items.findIndex((t) => t.id === second.id)).toBeLessThan(items.findIndex((t) => t.id === first.id));
    expect(items.find((t) => t.id === first.id)!.revoked_at).not.toBeNull();
    expect(items.find((t) => t.id === second.id)!.revoked_at).toBeNull();
  });

  it('answers 401 the moment it is revoked, and a cookie beside it does not make up for it', async () => {
    const created = (await create({ name: 'Short lived', expires_in_days: 1, scopes: ['read'] })).json<CreatedApiToken>();
    expect((await me(created.token)).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/tokens/${created.id}`, headers: { cookie } })).statusCode).toBe(204);
    const after = await me(created.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(INVALID);
    const withCookie = await app.inject({ method: 'GET', url: '/api/users/me', headers: { ...bearer(created.token), cookie } });
    expect(withCookie.statusCode).toBe(401);
  });

  it("answers 401 to an unknown or empty token, and 404 to revoking someone else's", async () => {
    expect((await me('slp_not-a-token')).json()).toEqual(INVALID);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { authorization: 'Bearer' } })).statusCode).toBe(401);
    const { userId: otherId } = await createUser(runtime, 'oz@example.com', 'oz password');
    const theirs = await createPersonalToken(
      runtime.store.db,
      { id: otherId, role: 'user' },
      { name: 'Theirs', expires_in_days: 3, scopes: ['read'], project_ids: null },
    );
    const refused = await app.inject({ method: 'DELETE', url: `/api/tokens/${theirs.id}`, headers: { cookie } });
    expect(refused.statusCode).toBe(404);
    expect((await me(theirs.token)).statusCode).toBe(200);
  });

  it('answers 401 once past its expiry', async () => {
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    const expired = await createPersonalToken(
      runtime.store.db,
      { id: userId, role: 'user' },
      { name: 'Old', expires_in_days: 1, scopes: ['read'], project_ids: null },
      twoDaysAgo,
    );
    expect((await me(expired.token)).json()).toEqual(INVALID);
  });

  it('stops when its owner is deactivated', async () => {
    const { userId: leaverId } = await createUser(runtime, 'lee@example.com', 'lee password');
    const token = await createPersonalToken(
      runtime.store.db,
      { id: leaverId, role: 'user' },
      { name: 'Leaver', expires_in_days: 3, scopes: ['read'], project_ids: null },
    );
    expect((await me(token.token)).statusCode).toBe(200);
    await userCommand(runtime.store, leaverId, { type: 'DeactivateUser', data: {} }, { metadata: SYSTEM_ACTOR });
    expect((await me(token.token)).statusCode).toBe(401);
  });

  it("cannot manage tokens, change the password, refresh or sign out: those are the session's", async () => {
    const created = (await create({ name: 'Writer', expires_in_days: 3, scopes: ['read', 'write'] })).json<CreatedApiToken>();
    const calls = [
      { method: 'GET' as const, url: '/api/tokens' },
      { method: 'POST' as const, url: '/api/tokens', payload: { name: 'Child', expires_in_days: 3, scopes: ['read'] } },
      { method: 'DELETE' as const, url: `/api/tokens/${created.id}` },
      { method: 'GET' as const, url: '/api/service-tokens' },
      { method: 'POST' as const, url: '/api/auth/update-password', payload: { password: 'a new password' } },
      { method: 'POST' as const, url: '/api/auth/refresh' },
      { method: 'POST' as const, url: '/api/logout' },
    ];
    for (const call of calls) {
      const response = await app.inject({ ...call, headers: bearer(created.token) });
      expect({ call: call.url, status: response.statusCode, body: response.json() }).toEqual({
        call: call.url,
        status: 403,
        body: { error: 'FORBIDDEN', message: TOKEN_MESSAGES.sessionOnly },
      });
    }
    expect((await me(created.token)).statusCode).toBe(200);
  });
});

describe('making a token', () => {
  it('answers 400 naming the field for a wrong expiry, no scope, a wrong scope or no name', async () => {
    const cases = [
      { payload: { name: 'X', expires_in_days: 0, scopes: ['read'] }, field: 'expires_in_days', message: TOKEN_MESSAGES.expiryRange },
      { payload: { name: 'X', expires_in_days: 366, scopes: ['read'] }, field: 'expires_in_days', message: TOKEN_MESSAGES.expiryRange },
      { payload: { name: 'X', expires_in_days: 1.5, scopes: ['read'] }, field: 'expires_in_days', message: TOKEN_MESSAGES.expiryRange },
      { payload: { name: 'X', expires_in_days: 1, scopes: [] }, field: 'scopes', message: TOKEN_MESSAGES.scopesRequired },
      { payload: { name: 'X', expires_in_days: 1, scopes: ['admin'] }, field: 'scopes.0', message: 'Scopes are read and write.' },
      { payload: { name: ' ', expires_in_days: 1, scopes: ['read'] }, field: 'name', message: 'Name is required.' },
    ];
    for (const { payload, field, message } of cases) {
      const response = await create(payload);
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { error: 'VALIDATION', message, field } });
    }
  });
});

describe('the OpenAPI document', () => {
  it('declares the bearer scheme beside the session cookie, for every operation', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sl_access' });
    expect(doc.security).toEqual([{ session: [] }, { bearer: [] }]);
    expect(doc.info.description).toContain('Authorization: Bearer <token>');
  });
});
