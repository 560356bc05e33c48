/**
 * When a route's policy is judged: after the sign-in check (401 first), a role rule before the
 * input is validated (a caller of the wrong role learns nothing of its shape), and a rule over the
 * input after validation. Every route names a policy that exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { POLICIES } from '../auth/policies.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let worker: string;
let boss: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'worker@example.com', 'a long password', 'user');
  await createUser(runtime, 'boss@example.com', 'a long password', 'superadmin');
  worker = await signIn(app, 'worker@example.com', 'a long password');
  boss = await signIn(app, 'boss@example.com', 'a long password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const FORBIDDEN = { error: 'FORBIDDEN', message: 'You do not have permission to do this.' };

describe('the authorization plugin', () => {
  it('answers 401 before a role rule, and a role rule before the body is validated', async () => {
    const bad = { method: 'POST' as const, url: '/api/warehouses', payload: { name: 42 } };
    expect((await app.inject(bad)).statusCode).toBe(401);
    const refused = await app.inject({ ...bad, headers: { cookie: worker } });
    expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 403, body: FORBIDDEN });
    expect((await app.inject({ ...bad, headers: { cookie: boss } })).statusCode).toBe(400);
  });

  it('judges a rule over the input after the input is validated', async () => {
    const bad = await app.inject({ method: 'GET', url: '/api/users/not-a-uuid', headers: { cookie: worker } });
    expect(bad.statusCode).toBe(400);
  });

  it('knows the policy of every route that names one, and every name is in the table', () => {
    expect(app.routePolicies.get('POST /api/warehouses/:id/materials/lost')).toBe('warehouse.move');
    expect([...app.routePolicies.values()].filter((name) => !(name in POLICIES))).toEqual([]);
  });
});
