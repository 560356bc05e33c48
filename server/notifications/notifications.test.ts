import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { createWarehouse } from '../warehouses/warehouse-commands.ts';
import type { StockRequest } from '../materials/stock-commands.ts';
import { runStock } from '../materials/stock-commands.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR, userCommand } from '../users/user-commands.ts';

const PUBLIC_URL = 'https://stock.example.com';
let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let projectId: string;
const ids: Record<string, string> = {};
const manager = () => ({ metadata: { actorId: ids.manager!, actorName: 'Max Manager' } });

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { publicUrl: PUBLIC_URL });
  const people: Array<[string, string, string]> = [
    ['manager', 'Max', 'Manager'],
    ['admin', 'Ada', 'Admin'],
    ['crew', 'Cy', 'Crew'],
    ['quiet', 'Quinn', 'Quiet'],
  ];
  for (const [key, firstName, lastName] of people) {
    ids[key] = (await createUser(runtime, `${key}@example.com`, `${key} password`, 'user', { firstName, lastName })).userId;
  }
  projectId = await createProject(runtime.store, { name: 'Substation', customer: 'Grid', number: 'P-1' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, projectId, { type: 'add', userId: ids.manager!, role: 'manager' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, projectId, { type: 'add', userId: ids.admin!, role: 'admin' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, projectId, { type: 'add', userId: ids.crew!, role: 'user' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, projectId, { type: 'add', userId: ids.quiet!, role: 'user' }, { metadata: SYSTEM_ACTOR });
  // The admin wants no stock alerts, the quiet crew member no assignment e-mails.
  await userCommand(runtime.store, ids.admin!, { type: 'SetEmailPreferences', data: { stockEmails: false } }, { metadata: SYSTEM_ACTOR });
  await userCommand(runtime.store, ids.quiet!, { type: 'SetEmailPreferences', data: { emails: false } }, { metadata: SYSTEM_ACTOR });
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const location = () => ({ kind: 'project' as const, id: projectId });
const receive = (partNumber: string, quantity: number) =>
  runStock(runtime.store, { type: 'receive', location: location(), partNumber, quantity, partName: `${partNumber} part`, partNickname: partNumber }, manager());
const assign = (partNumber: string, quantity: number, user: string) =>
  runStock(runtime.store, { type: 'assign', location: location(), partNumber, quantity, userId: ids[user]! } as StockRequest, manager());
const mailsTo = async (key: string) =>
  runtime.store.db
    .selectFrom('outbox')
    .select(['subject', 'body'])
    .where('to_email', '=', `${key}@example.com`)
    .orderBy('created_at')
    .orderBy('subject')
    .execute();

describe('assignment e-mails', () => {
  it('e-mails the assignee once per assignment, saying what, how much, where, who, with a link', async () => {
    await receive('CBL-100', 100);
    await assign('CBL-100', 4, 'crew');
    await assign('CBL-100', 3, 'crew');
    await app.notifications.drained();
    const mails = await mailsTo('crew');
    expect(mails.map((m) => m.subject).sort()).toEqual(['Assigned to you: 3 × CBL-100 in Substation', 'Assigned to you: 4 × CBL-100 in Substation']);
    const four = mails.find((m) => m.subject.includes('4 ×'))!;
    expect(four.body).toContain('Hello Cy,');
    expect(four.body).toContain('Max Manager assigned 4 units of CBL-100 (CBL-100 part) to you in project Substation (P-1).');
    expect(four.body).toContain(`${PUBLIC_URL}/dashboard`);
  });

  it('also tells a user when units found go back into their field stock', async () => {
    await runStock(
      runtime.store,
      { type: 'lost', location: location(), partNumber: 'CBL-100', quantity: 1, source: 'field_assigned', userId: ids.crew!, note: null },
      manager(),
    );
    await runStock(
      runtime.store,
      { type: 'found', location: location(), partNumber: 'CBL-100', quantity: 1, destination: 'field_assigned', userId: ids.crew!, note: null },
      manager(),
    );
    await app.notifications.drained();
    const found = (await mailsTo('crew')).filter((m) => m.subject.startsWith('Back in your field stock'));
    expect(found.map((m) => m.subject)).toEqual(['Back in your field stock: 1 × CBL-100 in Substation']);
  });

  it('sends none to a user whose assignment e-mails are off', async () => {
    await assign('CBL-100', 2, 'quiet');
    await app.notifications.drained();
    expect(await mailsTo('quiet')).toEqual([]);
  });
});

describe('asset e-mails', () => {
  it('tells a user when an asset instance is marked in use for them in a project', async () => {
    await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
    const boss = await signIn(app, 'boss@example.com', 'boss password');
    const post = async (url: string, payload: object) => {
      const response = await app.inject({ method: 'POST', url, payload, headers: { cookie: boss } });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json();
    };
    const warehouseId = await createWarehouse(runtime.store, { name: 'Yard', location: null, capacitySummary: null }, { metadata: SYSTEM_ACTOR });
    const category = await post('/api/assets/categories', { category: 'Drills', kind: 'serialized' });
    const item = await post('/api/assets/catalog', { asset_number: 'DRL-1', asset_name: 'Core drill', category: category.id });
    const received = await post(`/api/projects/${projectId}/assets/receive`, { catalog_id: item.id, serial_number: 'SN-9', parent_warehouse_id: warehouseId });
    await post(`/api/assets/instances/${received.instance.id}/in-use`, { in_use: true, assigned_user_id: ids.crew });
    await app.notifications.drained();
    const mails = (await mailsTo('crew')).filter((m) => m.subject.includes('DRL-1'));
    expect(mails.map((m) => m.subject)).toEqual(['Assigned to you: 1 × DRL-1 S/N SN-9 in Substation']);
    expect(mails[0]!.body).toContain('1 unit of DRL-1 S/N SN-9 (Core drill) to you in project Substation (P-1).');
  });
});

describe('stock alerts', () => {
  it('alerts the managers once per crossing below low or critical, not for every movement below', async () => {
    await receive('PIPE-1', 20);
    await assign('PIPE-1', 6, 'quiet'); // 14: below the low threshold (15)
    await assign('PIPE-1', 2, 'quiet'); // 12: still low, no new alert
    await assign('PIPE-1', 12, 'quiet'); // 0: critical
    await receive('PIPE-1', 30); // 30: back above both
    await assign('PIPE-1', 20, 'quiet'); // 10: low again, a new crossing
    await app.notifications.drained();
    const alerts = (await mailsTo('manager')).filter((m) => m.subject.includes('PIPE-1'));
    expect(alerts.map((m) => m.subject).sort()).toEqual([
      'Critical stock: PIPE-1 in Substation',
      'Low stock: PIPE-1 in Substation',
      'Low stock: PIPE-1 in Substation',
    ]);
    const critical = alerts.find((m) => m.subject.startsWith('Critical'))!;
    expect(critical.body).toContain('On hand of PIPE-1 (PIPE-1 part) in project Substation (P-1) is now 0, at or below the critical threshold of 0.');
    expect(critical.body).toContain('It fell with an assignment of 12 to Quinn Quiet by Max Manager.');
    expect(critical.body).toContain(`${PUBLIC_URL}/dashboard`);
  });

  it('sends none to an admin whose stock alerts are off, and none to plain members', async () => {
    expect((await mailsTo('admin')).length).toBe(0);
    expect((await mailsTo('crew')).filter((m) => /^(Low|Critical) stock/.test(m.subject))).toEqual([]);
  });

  it('follows a part\u2019s own thresholds', async () => {
    await receive('BOLT-9', 50);
    await runStock(runtime.store, { type: 'warnings', location: location(), partNumber: 'BOLT-9', lowThreshold: 40, criticalThreshold: 10 }, manager());
    await assign('BOLT-9', 11, 'quiet'); // 39 < 40
    await assign('BOLT-9', 29, 'quiet'); // 10 <= 10
    await app.notifications.drained();
    const alerts = (await mailsTo('manager')).filter((m) => m.subject.includes('BOLT-9'));
    expect(alerts.map((m) => m.subject).sort()).toEqual(['Critical stock: BOLT-9 in Substation', 'Low stock: BOLT-9 in Substation']);
  });
});

describe('across a restart', () => {
  it('sends what happened while the server was down, and nothing twice', async () => {
    const before = await runtime.store.db.selectFrom('outbox').select('id').execute();
    await app.close();
    // While no consumer runs: three assignments and one crossing.
    await receive('WIRE-2', 16);
    await assign('WIRE-2', 1, 'crew'); // 15: not below 15
    await assign('WIRE-2', 1, 'crew'); // 14: low
    await assign('WIRE-2', 1, 'crew');
    app = await buildTestApp(runtime, { publicUrl: PUBLIC_URL });
    await app.notifications.drained();
    const after = await runtime.store.db
      .selectFrom('outbox')
      .select(['to_email', 'subject'])
      .where(
        'id',
        'not in',
        before.map((r) => r.id),
      )
      .orderBy('to_email')
      .orderBy('subject')
      .execute();
    expect(after).toEqual([
      { to_email: 'crew@example.com', subject: 'Assigned to you: 1 × WIRE-2 in Substation' },
      { to_email: 'crew@example.com', subject: 'Assigned to you: 1 × WIRE-2 in Substation' },
      { to_email: 'crew@example.com', subject: 'Assigned to you: 1 × WIRE-2 in Substation' },
      { to_email: 'manager@example.com', subject: 'Low stock: WIRE-2 in Substation' },
    ]);
  });
});
