import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { onPostgres, openTestRuntime } from '../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let manager: string;
let projectId: string;
const crew: string[] = [];

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'manager@example.com', 'manager password', 'admin');
  manager = await signIn(app, 'manager@example.com', 'manager password');
  projectId = await createProject(runtime.store, { name: 'Race', customer: null, number: 'R-1' }, { metadata: SYSTEM_ACTOR });
  const managerId = (await runtime.store.db.selectFrom('users').select('id').where('email', '=', 'manager@example.com').executeTakeFirstOrThrow()).id;
  await changeMembership(runtime.store, projectId, { type: 'add', userId: managerId, role: 'manager' }, { metadata: SYSTEM_ACTOR });
  for (let i = 0; i < 5; i += 1) {
    const { userId } = await createUser(runtime, `crew${i}@example.com`, 'crew password', 'user');
    await changeMembership(runtime.store, projectId, { type: 'add', userId, role: 'user' }, { metadata: SYSTEM_ACTOR });
    crew.push(userId);
  }
  const received = await app.inject({
    method: 'POST',
    url: '/api/materials/receive',
    headers: { cookie: manager },
    payload: { project_id: projectId, part_number: 'LAST-10', quantity: 10, part_name: 'Scarce part', standard_name: 'Scarce' },
  });
  expect(received.statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('two people assigning the last units at the same moment', () => {
  it('lets exactly 10 of 30 simultaneous assigns of 1 unit succeed, and nothing goes negative', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: '/api/inventory/assign',
          headers: { cookie: manager },
          payload: { project_id: projectId, part_number: 'LAST-10', quantity: 1, user_id: crew[i % crew.length] },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(20);
    for (const refused of responses.filter((r) => r.statusCode === 422)) {
      expect(refused.json()).toEqual({ error: 'DOMAIN_RULE', message: 'Insufficient quantity available' });
    }
    // Each caller gets its own answer: the on hand its own assign left, 9 down to 0, each once.
    const answered = responses.filter((r) => r.statusCode === 200).map((r) => r.json().item.QtyOnHand as number);
    expect(answered.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const item = (await app.inject({ method: 'GET', url: `/api/materials/item?project_id=${projectId}&number=LAST-10`, headers: { cookie: manager } })).json();
    expect(item).toMatchObject({ MatVendorQty: 10, QtyOnHand: 0, FieldAssigned: 10, QtyLost: 0 });
    const held = await runtime.store.db
      .selectFrom('material_assignments')
      .select((eb) => eb.fn.sum<number>('qty').as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(held.n)).toBe(10);
    const assigns = await runtime.store.db
      .selectFrom('activity_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('log_type', '=', 'Assign')
      .executeTakeFirstOrThrow();
    expect(Number(assigns.n)).toBe(10);
    // On PostgreSQL they arrive together and are committed together (group commit), not one transaction
    // each. Embedded PGlite runs each transaction to its end before the next request gets that far.
    if (!onPostgres) return;
    const transactions = await runtime.store.db
      .selectFrom('events')
      .select((eb) => eb.fn.count<number>('transaction_id').distinct().as('n'))
      .where('type', '=', 'MaterialAssigned')
      .executeTakeFirstOrThrow();
    expect(Number(transactions.n)).toBeLessThan(10);
  });

  it('receives a brand-new part number once when two people add it at the same moment', async () => {
    const responses = await Promise.all(
      [0, 1, 2].map(() =>
        app.inject({
          method: 'POST',
          url: '/api/materials/receive',
          headers: { cookie: manager },
          payload: { project_id: projectId, part_number: 'NEW-1', quantity: 2, part_name: 'New', standard_name: 'New' },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const materials = await runtime.store.db.selectFrom('materials').selectAll().where('part_number', '=', 'NEW-1').execute();
    expect(materials).toHaveLength(1);
    const item = (await app.inject({ method: 'GET', url: `/api/materials/item?project_id=${projectId}&number=NEW-1`, headers: { cookie: manager } })).json();
    expect(item.QtyOnHand).toBe(6);
  });

  it('applies a retried request with the same Idempotency-Key once', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/api/materials/receive',
        headers: { cookie: manager, 'idempotency-key': 'receive-once-42' },
        payload: { project_id: projectId, part_number: 'NEW-1', quantity: 5 },
      });
    const [a, b] = await Promise.all([send(), send()]);
    const c = await send();
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([200, 200, 200]);
    const item = (await app.inject({ method: 'GET', url: `/api/materials/item?project_id=${projectId}&number=NEW-1`, headers: { cookie: manager } })).json();
    expect(item.QtyOnHand).toBe(11);
  });
});
