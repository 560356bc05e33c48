import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { configureCommands } from '../../ledger/command-runner.ts';
import { onPostgres, openTestRuntime } from '../../test/helpers/test-database.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { createWarehouse } from './warehouse-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let admin: string;
let boss: string;
let warehouseId: string;
const projects: string[] = [];
const shelf = { rack: 'R', shelf: '1' };

beforeAll(async () => {
  runtime = await openTestRuntime();
  // On PostgreSQL, small batches written side by side: the moves really race, lose on the version
  // check of one stream or the other, and are decided again on fresh numbers.
  if (onPostgres) configureCommands(runtime.store, { concurrency: 4, maxBatch: 3 });
  app = await buildTestApp(runtime);
  await createUser(runtime, 'admin@example.com', 'admin password', 'admin');
  admin = await signIn(app, 'admin@example.com', 'admin password');
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  boss = await signIn(app, 'boss@example.com', 'boss password');
  warehouseId = await createWarehouse(runtime.store, { name: 'Race Yard', location: null, capacitySummary: null }, { metadata: SYSTEM_ACTOR });
  for (let i = 0; i < 6; i += 1)
    projects.push(await createProject(runtime.store, { name: `Site ${i}`, customer: null, number: `S-${i}` }, { metadata: SYSTEM_ACTOR }));
  const received = await app.inject({
    method: 'POST',
    url: `/api/warehouses/${warehouseId}/materials/receive`,
    headers: { cookie: admin },
    payload: { part_number: 'LAST-10', part_name: 'Scarce part', part_nickname: 'Scarce', quantity: 10, location: shelf },
  });
  expect(received.statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('assigning the last units of a warehouse location to projects at the same moment', () => {
  it('lets exactly 10 of 30 simultaneous assigns of 1 unit succeed, both sides agree, and nothing goes negative', async () => {
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: `/api/warehouses/${warehouseId}/materials/assign`,
          headers: { cookie: admin },
          payload: { part_number: 'LAST-10', quantity: 1, from_location: shelf, project_id: projects[i % projects.length] },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 422)).toHaveLength(20);
    for (const refused of responses.filter((r) => r.statusCode === 422))
      expect(refused.json().message).toBe('Quantity exceeds the 0 available at Rack R · Shelf 1');

    const db = runtime.store.db;
    const warehouse = await db
      .selectFrom('material_stock')
      .select(['on_hand', 'logistics_qty'])
      .where('location_kind', '=', 'warehouse')
      .executeTakeFirstOrThrow();
    expect(warehouse).toEqual({ on_hand: 0, logistics_qty: 0 });
    const atPlace = await db.selectFrom('warehouse_stock_places').select('qty').executeTakeFirstOrThrow();
    expect(atPlace.qty).toBe(0);
    const projectSide = await db
      .selectFrom('material_stock')
      .select((eb) => eb.fn.sum<number>('on_hand').as('n'))
      .where('location_kind', '=', 'project')
      .executeTakeFirstOrThrow();
    expect(Number(projectSide.n)).toBe(10);
    const assignedOut = await db
      .selectFrom('warehouse_stock_projects')
      .select((eb) => eb.fn.sum<number>('qty').as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(assignedOut.n)).toBe(10);
    // Every accepted move wrote both halves in the same transaction.
    const halves = await db
      .selectFrom('events')
      .select(['transaction_id', 'type'])
      .where('type', 'in', ['MaterialAssignedToProject', 'MaterialReceivedFromWarehouse'])
      .execute();
    expect(halves.filter((e) => e.type === 'MaterialAssignedToProject')).toHaveLength(10);
    expect(halves.filter((e) => e.type === 'MaterialReceivedFromWarehouse')).toHaveLength(10);
    const byTransaction = new Map<string, string[]>();
    for (const e of halves) byTransaction.set(String(e.transaction_id), [...(byTransaction.get(String(e.transaction_id)) ?? []), e.type]);
    for (const types of byTransaction.values())
      expect(types.filter((t) => t === 'MaterialAssignedToProject').length).toBe(types.filter((t) => t === 'MaterialReceivedFromWarehouse').length);
  });
});

describe('deactivating a warehouse while stock arrives', () => {
  it('never leaves stock in a deactivated warehouse: the deactivation waits for the receipts in flight and then counts them', async () => {
    const emptyId = await createWarehouse(runtime.store, { name: 'Closing Yard', location: null, capacitySummary: null }, { metadata: SYSTEM_ACTOR });
    const receive = () =>
      app.inject({
        method: 'POST',
        url: `/api/warehouses/${emptyId}/materials/receive`,
        headers: { cookie: admin },
        payload: { part_number: 'LAST-10', quantity: 1, location: shelf },
      });
    const deactivate = () => app.inject({ method: 'POST', url: `/api/warehouses/${emptyId}/deactivate`, headers: { cookie: boss } });
    const responses = await Promise.all([receive(), receive(), deactivate(), receive(), receive()]);
    const deactivated = responses[2]!.statusCode === 200;
    const received = responses.filter((r, i) => i !== 2 && r.statusCode === 200).length;
    const units = await runtime.store.db.selectFrom('material_stock').select('on_hand').where('location_id', '=', emptyId).executeTakeFirst();
    expect(units?.on_hand ?? 0).toBe(received);
    if (deactivated) expect(received).toBe(0);
    else expect(responses[2]!.json().message).toBe('This warehouse still holds stock; move or return it before deactivating.');
    for (const [i, r] of responses.entries())
      if (i !== 2 && r.statusCode !== 200) expect(r.json().message).toBe('This warehouse is deactivated; reactivate it before moving stock.');
  });
});
