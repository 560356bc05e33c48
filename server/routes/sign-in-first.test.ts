/**
 * Sign-in comes before anything else: every operation of the OpenAPI document that is not listed
 * as public answers a caller with no session 401, never a 400 that would name a field of its body
 * or query, whatever is sent. The public ones answer without a session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { buildTestApp } from '../../test/helpers/test-app.ts';
import { type DocumentedOperation, documentedOperations } from '../../test/helpers/openapi.ts';
import { isPublicOperation } from '../plugins/public-operations.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let operations: DocumentedOperation[];

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  operations = await documentedOperations(app);
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

/** The document's `{id}` as the router's `:id`. */
const routeOf = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const concrete = (path: string) => path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'action' ? 'assign' : 'not-a-uuid'));

const UNAUTHORIZED = { error: 'UNAUTHORIZED', message: 'Sign in to continue.' };

describe('a caller with no session', () => {
  it('gets 401 from every protected operation, with an empty body, a malformed one, or a stale cookie', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { method, path } of operations) {
      if (isPublicOperation(method, routeOf(path))) continue;
      checked += 1;
      const url = concrete(path);
      const attempts = [
        { label: 'empty body', payload: undefined, headers: {} },
        { label: 'malformed JSON', payload: '{"x":', headers: { 'content-type': 'application/json' } },
        { label: 'bad query', payload: undefined, headers: {}, query: '?page=-1&limit=abc&project_id=x' },
        { label: 'unknown access token', payload: {}, headers: { cookie: 'sl_access=forged-token' } },
      ];
      for (const attempt of attempts) {
        const response = await app.inject({ method, url: url + (attempt.query ?? ''), payload: attempt.payload, headers: attempt.headers });
        if (response.statusCode !== 401 || JSON.stringify(response.json()) !== JSON.stringify(UNAUTHORIZED))
          failures.push(`${method} ${path} (${attempt.label}): ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it('gets 401 from an address under /api that names no operation, rather than learning which exist', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/no-such-thing', payload: { a: 1 } });
    expect(response.statusCode).toBe(401);
  });

  it('reaches the public operations: sign-in, the account links, the public settings, the API document', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(login.statusCode).toBe(400);
    expect(login.json().field).toBe('email');
    expect((await app.inject({ method: 'GET', url: '/api/site/public-settings' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { token: 'nope', flow: 'invite' } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/auth/reset-password-request', payload: { email: 'x@example.com' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
