/**
 * Asset requests: a member asks for two generators; the asset number must be a live type; a manager
 * fulfils it and two of the project's free instances are marked in use for the requester in the
 * same transaction; a further request finds none free (Insufficient Quantity) and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '../../../contract/requests.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';
import { createWarehouse } from '../../warehouses/warehouse-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let project: string;
let userId: string;
let admin: string;
let user: string;
let manager: string;

const post = (cookie: string, url: string, payload?: object) => app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const inUse = async () =>
  (
    await sql<{ id: string; assigned_user_id: string | null }>`select id, assigned_user_id from asset_instances where in_use order by id`.execute(
      runtime.store.db,
    )
  ).rows;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'admin@example.com', 'admin password', 'admin', { firstName: 'Ada', lastName: 'Admin' });
  userId = (await createUser(runtime, 'uma@example.com', 'uma password', 'user', { firstName: 'Uma', lastName: 'User' })).userId;
  const managerId = (await createUser(runtime, 'mia@example.com', 'mia password', 'user', { firstName: 'Mia', lastName: 'Manager' })).userId;
  const system = { metadata: SYSTEM_ACTOR };
  project = await createProject(runtime.store, { name: 'Tower', customer: null, number: 'T-1' }, system);
  await changeMembership(runtime.store, project, { type: 'add', userId, role: 'user' }, system);
  await changeMembership(runtime.store, project, { type: 'add', userId: managerId, role: 'manager' }, system);
  const warehouse = await createWarehouse(runtime.store, { name: 'Yard', location: null, capacitySummary: null }, system);
  admin = await signIn(app, 'admin@example.com', 'admin password');
  user = await signIn(app, 'uma@example.com', 'uma password');
  manager = await signIn(app, 'mia@example.com', 'mia password');
  const category = (await post(admin, '/api/assets/categories', { category: 'Generators', kind: 'serialized' })).json();
  const item = (await post(admin, '/api/assets/catalog', { asset_number: 'GEN-5', asset_name: 'Generator 5 kW', category: category.id })).json();
  for (const serial of ['SN-1', 'SN-2']) {
    const received = (await post(admin, `/api/warehouses/${warehouse}/assets/receive`, { catalog_id: item.id, serial_number: serial })).json();
    const moved = await post(admin, `/api/warehouses/${warehouse}/assets/assign`, {
      instance_id: received.instance.id,
      to_owner_type: 'project',
      to_owner_id: project,
    });
    expect(moved.statusCode).toBe(200);
  }
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('asset requests', () => {
  it('refuses an asset number that is not a type', async () => {
    const response = await post(user, '/api/requests/asset', { project_id: project, pick_list: [{ asset_number: 'NOPE', qty: 1 }] });
    expect([response.statusCode, response.json().message]).toEqual([400, REQUEST_MESSAGES.assetNotFound]);
  });

  it('fulfilling marks as many free instances in use for the requester, in one transaction with the request', async () => {
    const made = (
      await post(user, '/api/requests/asset', { project_id: project, pick_list: [{ asset_number: 'gen-5', qty: 2, notes: 'for the shutdown' }] })
    ).json();
    expect(made).toMatchObject({ type: 'Asset', status: 'requested' });
    expect(made.picklist[0]).toMatchObject({ part_number: 'GEN-5', part_name: 'Generator 5 kW', qty: 2 });
    const fulfilled = await post(manager, `/api/requests/${made.id}/assign`);
    expect(fulfilled.statusCode).toBe(200);
    expect(fulfilled.json().status).toBe('fulfilled');
    const given = await inUse();
    expect(given).toHaveLength(2);
    expect(given.every((i) => i.assigned_user_id === userId)).toBe(true);
    const { rows } = await sql<{ n: number }>`
      select count(distinct transaction_id)::int as n from events where type in ('RequestLineFulfilled', 'AssetInstanceMarkedInUse', 'RequestFulfilled')`.execute(
      runtime.store.db,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('finds none free for the next request and changes nothing', async () => {
    const made = (await post(user, '/api/requests/asset', { project_id: project, pick_list: [{ asset_number: 'GEN-5', qty: 1 }] })).json();
    const before = await inUse();
    const refused = await post(manager, `/api/requests/${made.id}/assign`);
    expect([refused.statusCode, refused.json().message]).toEqual([422, REQUEST_MESSAGES.insufficient]);
    expect(await inUse()).toEqual(before);
  });
});
