import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let admin: string;
let worker: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'boss@acme.test', 'boss password 1', 'superadmin');
  await createUser(runtime, 'worker@acme.test', 'worker password', 'user');
  admin = await signIn(app, 'boss@acme.test', 'boss password 1');
  worker = await signIn(app, 'worker@acme.test', 'worker password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const publicSettings = async (cookie?: string) => {
  const response = await app.inject({ method: 'GET', url: '/api/site/public-settings', headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const change = (payload: Record<string, boolean>) => app.inject({ method: 'PATCH', url: '/api/site/settings', headers: { cookie: admin }, payload });

describe('public settings', () => {
  it('tell every signed-in user, and a signed-out browser, whether transactions are frozen', async () => {
    expect(await publicSettings(worker)).toEqual({ maintenance_mode: false, freeze_transactions: false });

    expect((await change({ freeze_transactions: true })).statusCode).toBe(200);
    expect(await publicSettings(worker)).toEqual({ maintenance_mode: false, freeze_transactions: true });
    expect(await publicSettings()).toEqual({ maintenance_mode: false, freeze_transactions: true });

    expect((await change({ freeze_transactions: false })).statusCode).toBe(200);
    expect(await publicSettings(worker)).toEqual({ maintenance_mode: false, freeze_transactions: false });
  });

  it('still answer a non-superadmin during maintenance, with the freeze beside it', async () => {
    await change({ maintenance_mode: true, freeze_transactions: true });
    expect(await publicSettings(worker)).toEqual({ maintenance_mode: true, freeze_transactions: true });
    await change({ maintenance_mode: false, freeze_transactions: false });
  });
});
