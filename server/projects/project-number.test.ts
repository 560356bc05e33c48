import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let cookie: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'numbers@example.com', 'numbers password', 'superadmin');
  cookie = await signIn(app, 'numbers@example.com', 'numbers password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const create = (project_number: string) =>
  app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { project_name: 'Substation', project_customer: null, project_number } });

describe('project numbers', () => {
  it('refuses a second project with the same number, whatever its case, and creates nothing', async () => {
    expect((await create('P-1001')).statusCode).toBe(201);
    const again = await create('p-1001');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'A project with this project number already exists.' });
    const projects = await runtime.store.db.selectFrom('projects').select('project_number').where('project_number', 'ilike', 'p-1001').execute();
    expect(projects).toHaveLength(1);
  });

  it('lets a deleted project number be used again', async () => {
    const first = (await create('P-2002')).json() as { id: string };
    expect((await app.inject({ method: 'DELETE', url: `/api/projects/${first.id}`, headers: { cookie } })).statusCode).toBeLessThan(300);
    expect((await create('P-2002')).statusCode).toBe(201);
  });
});
