import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestRuntime } from '../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn, testConfig } from '../test/helpers/test-app.ts';
import { buildApp } from './app.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let session: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { bodyLimitBytes: 10_000 });
  await createUser(runtime, 'ann@example.com', 'ann password 1');
  session = await signIn(app, 'ann@example.com', 'ann password 1');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const login = (payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/api/login', payload, headers: { 'content-type': contentType } });

function expectNothingInternal(body: string) {
  expect(body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(body).not.toMatch(/select |insert |node_modules|stack/i);
}

describe('bad input gets the documented error shape and never leaks internals', () => {
  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const response = await login('{"email": "a@b.c", ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'INVALID_JSON', message: 'The request body is not valid JSON.' });
  });

  it('names the first missing field in a sentence, and gives its path as field', async () => {
    const response = await login('{}');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: 'Email is required', field: 'email' });
  });

  it('names a field of the wrong type', async () => {
    const response = await login(JSON.stringify({ email: 42, password: ['x'] }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: 'Email must be text.', field: 'email' });
  });

  it('answers an empty required field with its message', async () => {
    const response = await login(JSON.stringify({ email: '  ', password: 'x' }));
    expect(response.json()).toEqual({ error: 'VALIDATION', message: 'Email is required', field: 'email' });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await login(JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(20_000) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'PAYLOAD_TOO_LARGE', message: 'The request body is larger than the limit of 10000 bytes.' });
  });

  it('answers a body that is not JSON with 415', async () => {
    const response = await login('email=a', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an unknown API path with a JSON 404 when signed in, and 401 signed out', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/no-such-thing' })).statusCode).toBe(401);
    const response = await app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { cookie: session } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'NOT_FOUND', message: 'No route for GET /api/no-such-thing' });
  });

  it('hides the details of an internal failure behind a 500 with a plain message', async () => {
    // A route added before ready() stands in for any handler that hits a bug.
    const failing = await buildApp({ config: testConfig(), store: runtime.store, engine: runtime.database.engine, logger: false });
    failing.get('/api/test-failure', async () => {
      throw new Error('select * from secrets where x = 1');
    });
    const response = await failing.inject({ method: 'GET', url: '/api/test-failure', headers: { cookie: session } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' });
    expectNothingInternal(response.body);
    await failing.close();
  });

  it('gives every response a request id, echoing one the caller sent', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
    expect(response.json()).toEqual({ status: 'ok', database: runtime.database.engine });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/logout', '/api/auth/refresh', '/api/users/me', '/healthz']));
    expect(doc.paths['/api/login'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
  });
});
