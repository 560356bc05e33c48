// What a token may do: its user's permissions narrowed by its scopes and projects, a service token's
// role, its per-token rate limit, and that the token never reaches the log.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { type CreatedApiToken, TOKEN_MESSAGES } from '../../../contract/api-tokens.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn, testConfig } from '../../../test/helpers/test-app.ts';
import { buildApp } from '../../app.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let manager: string;
let boss: string;
let home: string;
let away: string;
let outside: string;
const system = { metadata: SYSTEM_ACTOR };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const forbidden = (message: string) => ({ error: 'FORBIDDEN', message });
const receive = (token: string, projectId: string) =>
  app.inject({
    method: 'POST',
    url: '/api/materials/receive',
    headers: bearer(token),
    payload: { project_id: projectId, part_number: 'TOK-1', quantity: 2, part_name: 'Token part', standard_name: 'Token part' },
  });
const logs = (token: string, projectId: string) => app.inject({ method: 'GET', url: `/api/materials/logs?project_id=${projectId}`, headers: bearer(token) });

async function personal(cookie: string, body: object): Promise<CreatedApiToken> {
  const response = await app.inject({ method: 'POST', url: '/api/tokens', headers: { cookie }, payload: { name: 'Script', expires_in_days: 7, ...body } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function service(body: object): Promise<CreatedApiToken> {
  const response = await app.inject({ method: 'POST', url: '/api/service-tokens', headers: { cookie: boss }, payload: { expires_in_days: 7, ...body } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  const { userId } = await createUser(runtime, 'max@example.com', 'max password');
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  manager = await signIn(app, 'max@example.com', 'max password');
  boss = await signIn(app, 'boss@example.com', 'boss password');
  home = await createProject(runtime.store, { name: 'Home', customer: null, number: 'H-1' }, system);
  away = await createProject(runtime.store, { name: 'Away', customer: null, number: 'A-1' }, system);
  outside = await createProject(runtime.store, { name: 'Outside', customer: null, number: 'O-1' }, system);
  for (const project of [home, away]) await changeMembership(runtime.store, project, { type: 'add', userId, role: 'manager' }, system);
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('scopes', () => {
  it('lets a read-only token read and refuses its writes with 403 naming the scope, before the input is read', async () => {
    const { token } = await personal(manager, { scopes: ['read'] });
    expect((await logs(token, home)).statusCode).toBe(200);
    const write = await receive(token, home);
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual(forbidden(TOKEN_MESSAGES.readOnly));
    const malformed = await app.inject({ method: 'POST', url: '/api/materials/receive', headers: bearer(token), payload: {} });
    expect(malformed.json()).toEqual(forbidden(TOKEN_MESSAGES.readOnly));
  });

  it('lets a token with the write scope do what its owner may, and no more', async () => {
    const { token } = await personal(manager, { scopes: ['read', 'write'] });
    expect((await receive(token, home)).statusCode).toBe(200);
    // The owner is no member of this project, and neither is the token.
    expect((await receive(token, outside)).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/projects',
          headers: bearer(token),
          payload: { project_name: 'N', project_customer: null, project_number: 'N-1' },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('project limits', () => {
  it('acts in its own projects and answers 403 naming the limit in another or in none', async () => {
    const { token } = await personal(manager, { scopes: ['read', 'write'], project_ids: [home] });
    expect((await receive(token, home)).statusCode).toBe(200);
    const other = await receive(token, away);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual(forbidden(TOKEN_MESSAGES.otherProject));
    expect((await logs(token, away)).json()).toEqual(forbidden(TOKEN_MESSAGES.otherProject));
    // A call that names no project reaches beyond the limit: refused, but for who and where the caller is.
    const unnamed = await app.inject({ method: 'PATCH', url: '/api/users/me/email-prefs', headers: bearer(token), payload: { stock_emails: false } });
    expect(unnamed.json()).toEqual(forbidden(TOKEN_MESSAGES.otherProject));
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(200);
    const projects = await app.inject({ method: 'GET', url: '/api/projects', headers: bearer(token) });
    expect(projects.json<{ items: Array<{ id: string }> }>().items.map((p) => p.id)).toEqual([home]);
    const start = await app.inject({ method: 'GET', url: `/api/site/bootstrap?project_id=${away}`, headers: bearer(token) });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({ projects: [{ id: home }], current_project: null });
  });

  it("answers 400 when a token is limited to a project its owner is not in; a superadmin's may name any", async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/tokens',
      headers: { cookie: manager },
      payload: { name: 'Sneaky', expires_in_days: 1, scopes: ['read'], project_ids: [home, outside] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'VALIDATION', message: TOKEN_MESSAGES.notYourProject, field: 'project_ids' });
    const bosses = await personal(boss, { scopes: ['read'], project_ids: [outside] });
    expect(bosses.project_ids).toEqual([outside]);
    expect((await logs(bosses.token, outside)).statusCode).toBe(200);
    expect((await logs(bosses.token, home)).statusCode).toBe(403);
  });
});

describe('service tokens', () => {
  it('are made by the superadmin alone', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/api/service-tokens',
      headers: { cookie: manager },
      payload: { name: 'Mine', expires_in_days: 1, scopes: ['read'], project_id: null, role: 'auditor' },
    });
    expect(refused.statusCode).toBe(403);
    const wrongRole = await app.inject({
      method: 'POST',
      url: '/api/service-tokens',
      headers: { cookie: boss },
      payload: { name: 'Odd', expires_in_days: 1, scopes: ['read'], project_id: home, role: 'auditor' },
    });
    expect(wrongRole.json()).toEqual({ error: 'VALIDATION', message: TOKEN_MESSAGES.serviceRole, field: 'role' });
  });

  it('site-wide as an auditor: reads any project and changes nothing', async () => {
    const created = await service({ name: 'Books', scopes: ['read', 'write'], project_id: null, role: 'auditor' });
    expect(created).toMatchObject({ kind: 'service', role: 'auditor', project_ids: null });
    expect(created.token.startsWith('sls_')).toBe(true);
    expect((await logs(created.token, outside)).statusCode).toBe(200);
    expect((await receive(created.token, outside)).statusCode).toBe(403);
  });

  it("in one project as its manager: receives stock there under the token's name, and is refused elsewhere", async () => {
    const created = await service({ name: 'Dock scanner', scopes: ['read', 'write'], project_id: away, role: 'manager' });
    expect(created).toMatchObject({ role: 'manager', project_ids: [away] });
    expect((await receive(created.token, away)).statusCode).toBe(200);
    const event = await runtime.store.db.selectFrom('events').select('metadata').orderBy('global_position', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(event.metadata).toMatchObject({ actorId: created.id, actorName: 'Dock scanner (service token)' });
    expect((await receive(created.token, home)).json()).toEqual(forbidden(TOKEN_MESSAGES.otherProject));
    const projects = await app.inject({ method: 'GET', url: '/api/projects', headers: bearer(created.token) });
    expect(projects.json()).toMatchObject({ items: [{ id: away, project_role: 'manager' }] });
    expect((await app.inject({ method: 'DELETE', url: `/api/service-tokens/${created.id}`, headers: { cookie: boss } })).statusCode).toBe(204);
    expect((await receive(created.token, away)).statusCode).toBe(401);
    const listed = await app.inject({ method: 'GET', url: '/api/service-tokens', headers: { cookie: boss } });
    expect(listed.json<{ items: Array<{ id: string; revoked_at: string | null }> }>().items.find((t) => t.id === created.id)!.revoked_at).not.toBeNull();
  });
});

describe('the rate limit and the log', () => {
  it('answers 429 with Retry-After once a token has made its calls for the minute', async () => {
    const limited = await buildTestApp(runtime, { apiTokenRateLimit: 3 });
    try {
      const { token } = await personal(manager, { scopes: ['read'] });
      // The count is per minute of the clock: start the four calls well inside one minute.
      const intoMinute = Date.now() % 60_000;
      if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
      const statuses: number[] = [];
      let last = await limited.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
      statuses.push(last.statusCode);
      for (let i = 0; i < 3; i += 1) {
        last = await limited.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(last.json()).toEqual({ error: 'RATE_LIMITED', message: TOKEN_MESSAGES.rateLimited });
      expect(Number(last.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(60);
      // Another token of the same person has its own count.
      const { token: other } = await personal(manager, { scopes: ['read'] });
      expect((await limited.inject({ method: 'GET', url: '/api/users/me', headers: bearer(other) })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('never writes the token to the log, even at the most detailed level', async () => {
    let written = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        written += String(chunk);
        done();
      },
    });
    const logged = await buildApp({ config: testConfig({ logLevel: 'trace' }), store: runtime.store, engine: runtime.database.engine, logStream: stream });
    await logged.ready();
    try {
      const { token } = await personal(manager, { scopes: ['read'] });
      expect((await logged.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) })).statusCode).toBe(200);
      expect((await logged.inject({ method: 'POST', url: '/api/materials/receive', headers: bearer(token), payload: {} })).statusCode).toBe(403);
      expect(written).toContain('/api/users/me');
      expect(written).not.toContain(token);
      expect(written).not.toContain(token.slice(4));
    } finally {
      await logged.close();
    }
  });
});
