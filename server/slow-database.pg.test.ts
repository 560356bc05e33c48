/**
 * A PostgreSQL that answers slowly (here: a table held locked by another session) gives a clear 503
 * within the statement timeout instead of a request that hangs, and once the database is quick
 * again the same server answers normally: the pool recovers without a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../test/helpers/test-app.ts';
import { openRuntime, type Runtime } from './runtime.ts';

let testDb: TestDatabase;
let runtime: Runtime;
let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  runtime = await openRuntime({ databaseUrl: testDb.url, dataDir: '', poolSize: 4, statementTimeoutMs: 500 });
  app = await buildTestApp(runtime);
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  cookie = await signIn(app, 'boss@example.com', 'boss password');
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
  await testDb?.drop();
});

describe('a slow database', () => {
  it('answers 503 within the statement timeout, then serves again once the database is quick', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } })).statusCode).toBe(200);
    const blocker = new pg.Client({ connectionString: testDb.url! });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('lock table projects in access exclusive mode');
      // Without the statement timeout this request would wait for the lock for ever.
      const slow = await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } });
      expect(slow.statusCode).toBe(503);
      expect(slow.json()).toEqual({ error: 'UNAVAILABLE', message: 'The database took too long to answer. Please try again in a moment.' });
      await blocker.query('rollback');
    } finally {
      await blocker.end();
    }
    for (let i = 0; i < 8; i += 1) {
      expect((await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } })).statusCode).toBe(200);
    }
  });
});
