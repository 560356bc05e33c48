/**
 * The asset API end to end, as the "Done when" walks it: a serialized category and a type
 * requiring serials; receives refused and accepted; assign, in use, available, return; the location
 * lookup, instance list and both logs showing each step with the right owner; bulk quantities; the
 * category deletions; and the roles the rules turn away.
 */
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import type { AssetRow, AssetTransaction } from '../../../contract/assets.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';
import { createWarehouse } from '../../warehouses/warehouse-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let admin: string;
let plain: string;
let manager: string;
let memberId: string;
let outsiderId: string;
let P: string;
let W: string;
let W2: string;
let categoryId: string;
let catalogId: string;
let instanceId: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'admin@example.com', 'admin password', 'admin', { firstName: 'Ada', lastName: 'Admin' });
  await createUser(runtime, 'plain@example.com', 'plain password', 'user', { firstName: 'Pat', lastName: 'Plain' });
  const managerId = (await createUser(runtime, 'pm@example.com', 'pm password', 'user', { firstName: 'Max', lastName: 'Manager' })).userId;
  memberId = (await createUser(runtime, 'crew@example.com', 'crew password', 'user', { firstName: 'Cara', lastName: 'Crew' })).userId;
  outsiderId = (await createUser(runtime, 'out@example.com', 'out password', 'user', { firstName: 'Otto', lastName: 'Out' })).userId;
  const system = { metadata: SYSTEM_ACTOR };
  P = await createProject(runtime.store, { name: 'Tower', customer: 'Grid', number: 'P-100' }, system);
  await changeMembership(runtime.store, P, { type: 'add', userId: managerId, role: 'manager' }, system);
  await changeMembership(runtime.store, P, { type: 'add', userId: memberId, role: 'user' }, system);
  W = await createWarehouse(runtime.store, { name: 'North Yard', location: null, capacitySummary: null }, system);
  W2 = await createWarehouse(runtime.store, { name: 'South Yard', location: null, capacitySummary: null }, system);
  admin = await signIn(app, 'admin@example.com', 'admin password');
  plain = await signIn(app, 'plain@example.com', 'plain password');
  manager = await signIn(app, 'pm@example.com', 'pm password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const post = (cookie: string, url: string, payload: object = {}) => app.inject({ method: 'POST', url, payload, headers: { cookie } });
const put = (cookie: string, url: string, payload: object = {}) => app.inject({ method: 'PUT', url, payload, headers: { cookie } });
const del = (cookie: string, url: string) => app.inject({ method: 'DELETE', url, headers: { cookie } });
const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely here; their shapes are the contract's, checked by the route schemas
const ok = (response: { statusCode: number; json: () => unknown; body: string }): any => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const location = async () => ok(await get(admin, `/api/assets/location/${instanceId}`));

describe('the asset walk of the issue', () => {
  it('creates a serialized category and a catalog item requiring serials, with the spec messages for blanks', async () => {
    expect((await post(admin, '/api/assets/categories', { category: ' ' })).json().message).toBe('Category name is required');
    const category = ok(await post(admin, '/api/assets/categories', { category: 'Generators', kind: 'serialized' }));
    expect(category).toMatchObject({ category: 'Generators', kind: 'serialized', serialized: true, items: 0 });
    categoryId = category.id;
    const blank = await post(admin, '/api/assets/catalog', { asset_number: 'GEN-5', asset_name: '', category: categoryId });
    expect([blank.statusCode, blank.json().message]).toEqual([400, 'Asset number and name are required']);
    const item = ok(await post(admin, '/api/assets/catalog', { asset_number: 'GEN-5', asset_name: 'Generator 5 kW', category: categoryId }));
    expect(item).toMatchObject({
      asset_number: 'GEN-5',
      category: categoryId,
      category_name: 'Generators',
      category_kind: 'serialized',
      serial_required: true,
    });
    catalogId = item.id;
    const again = await post(admin, '/api/assets/catalog', { asset_number: 'gen-5', asset_name: 'Twin', category: categoryId });
    expect([again.statusCode, again.json().message]).toEqual([409, 'Asset number already exists']);
  });

  it('refuses a receive without a serial, accepts one with a serial into W, refuses the same serial again', async () => {
    const missing = await post(admin, `/api/warehouses/${W}/assets/receive`, { catalog_id: catalogId, serial_number: '' });
    expect([missing.statusCode, missing.json().message]).toEqual([400, 'Serial number is required for this asset type']);
    const answer = ok(await post(admin, `/api/warehouses/${W}/assets/receive`, { catalog_id: catalogId, serial_number: 'SN-001', notes: 'new' }));
    instanceId = answer.instance.id;
    expect(answer.instance).toMatchObject({
      serial_number: 'SN-001',
      owner_type: 'warehouse',
      warehouse_id: W,
      parent_warehouse_id: W,
      condition: 'good',
      Status: 'Available',
    });
    expect(answer.rows).toEqual([
      expect.objectContaining({ AssetNumber: 'GEN-5', AssetName: 'Generator 5 kW', Status: 'Available', serial_number: 'SN-001', QtyOnHand: 1 }),
    ]);
    const twice = await post(admin, `/api/warehouses/${W}/assets/receive`, { catalog_id: catalogId, serial_number: 'sn-001' });
    expect([twice.statusCode, twice.json().message]).toEqual([409, 'Serial number already exists for this asset number']);
  });

  it('assigns it to P, marks it in use for a member and available again, returns it to W', async () => {
    const wrong = await post(admin, `/api/warehouses/${W2}/assets/assign`, { instance_id: instanceId, to_owner_type: 'project', to_owner_id: P });
    expect([wrong.statusCode, wrong.json().message]).toEqual([404, 'Asset not found in this warehouse']);
    expect(
      ok(await post(admin, `/api/warehouses/${W}/assets/assign`, { instance_id: instanceId, to_owner_type: 'project', to_owner_id: P })).instance,
    ).toMatchObject({ project_id: P, owner_label: 'P-100 · Tower' });
    expect((await location()).project).toMatchObject({ id: P, project_number: 'P-100' });

    const noUser = await post(manager, `/api/assets/instances/${instanceId}/in-use`, { in_use: true });
    expect([noUser.statusCode, noUser.json().message]).toEqual([400, 'Missing instance or user']);
    const outsider = await post(manager, `/api/assets/instances/${instanceId}/in-use`, { in_use: true, assigned_user_id: outsiderId });
    expect([outsider.statusCode, outsider.json().message]).toEqual([422, 'This user is not a member of the project']);
    const inUse = ok(await post(manager, `/api/assets/instances/${instanceId}/in-use`, { in_use: true, assigned_user_id: memberId }));
    expect(inUse.instance).toMatchObject({ in_use: true, Status: 'In-Use', assigned_user_id: memberId, assigned_user_name: 'Cara Crew' });
    expect(inUse.rows[0]).toMatchObject({ Status: 'In-Use', AssignedQty: 1, QtyOnHand: 0 });
    expect((await location()).assignedUser).toMatchObject({ uuid: memberId, user_email: 'crew@example.com', user_firstname: 'Cara' });
    const q = `project_id=${P}&number=gen-5`;
    expect(ok(await get(manager, `/api/assets/available?${q}`))).toEqual({ asset_number: 'GEN-5', available: 0 });
    const crew = { uuid: memberId, user_email: 'crew@example.com', user_firstname: 'Cara', user_lastname: 'Crew', quantity: 1 };
    expect(ok(await get(manager, `/api/assets/assigned?${q}`))).toEqual({ items: [crew], total: 1 });
    expect(ok(await get(manager, `/api/assets/assignees?${q}`))).toEqual({ items: [crew] });
    expect(ok(await get(manager, `/api/assets/max-assignable?${q}&user=${memberId}`))).toEqual({ max: 0, assigned: 1 });
    const busy = await post(manager, `/api/projects/${P}/assets/return`, { instance_id: instanceId, to_owner_id: W });
    expect([busy.statusCode, busy.json().message]).toEqual([422, 'This asset is in use; mark it available before moving it']);

    expect(ok(await post(manager, `/api/assets/instances/${instanceId}/in-use`, { in_use: false })).instance).toMatchObject({
      in_use: false,
      Status: 'Available',
      assigned_user_id: null,
    });
    const again = await post(manager, `/api/assets/instances/${instanceId}/in-use`, { in_use: false });
    expect([again.statusCode, again.json().message]).toEqual([422, 'Only In-Use instances can be unassigned']);

    const notHere = await post(manager, `/api/projects/${P}/assets/return`, { instance_id: 'GEN-404', to_owner_id: W });
    expect([notHere.statusCode, notHere.json().message]).toEqual([404, 'Asset not found in this project']);
    expect(ok(await post(manager, `/api/projects/${P}/assets/return`, { instance_id: instanceId, notes: 'done' })).instance).toMatchObject({
      warehouse_id: W,
      project_id: null,
    });
  });

  it('shows each step with the right owner in the location lookup, the instance list and both logs', async () => {
    const found = await location();
    expect(found).toMatchObject({ warehouse: { id: W, label: expect.stringContaining('North Yard') }, project: null, assignedUser: null });
    expect((await get(admin, '/api/assets/location/SN-001')).json().instance.id).toBe(instanceId);

    const inW = ok(await get(admin, `/api/assets/instances?asset_number=GEN-5&warehouse_id=${W}&status=available`)).items;
    expect(inW.map((i: { id: string }) => i.id)).toEqual([instanceId]);
    expect(ok(await get(manager, `/api/assets/instances?project_id=${P}`)).items).toEqual([]);

    const projectLog = ok(await get(manager, `/api/assets/transactions?project_id=${P}&limit=500`)).items;
    expect(projectLog.map((t: AssetTransaction) => [t.action_type, t.from_owner_type, t.to_owner_type, t.from_owner_label ?? t.to_owner_label])).toEqual([
      ['Return', 'project', 'warehouse', 'P-100 · Tower'],
      ['Unassign', 'user', 'project', 'Cara Crew'],
      ['Assign', 'project', 'user', 'P-100 · Tower'],
      ['Assign', 'warehouse', 'project', expect.stringContaining('North Yard')],
    ]);
    for (const t of projectLog)
      expect(t).toMatchObject({
        asset_number: 'GEN-5',
        quantity: 1,
        serial_number: 'SN-001',
        created_by: expect.any(String),
        position: expect.any(Number),
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      });

    const warehouseLog = ok(await get(admin, `/api/assets/transactions?warehouse_id=${W}`)).items;
    expect(warehouseLog.map((t: AssetTransaction) => [t.action_type, t.from_owner_id, t.to_owner_id])).toEqual([
      ['Return', P, W],
      ['Assign', W, P],
      ['Receive', null, W],
    ]);
    const csv = await get(admin, `/api/assets/transactions?warehouse_id=${W}&format=csv`);
    expect(csv.headers['content-disposition']).toMatch(/asset_warehouse_logs_\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.csv/);
    const records = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[];
    expect(records.map((r) => r.Type)).toEqual(['Return', 'Assign', 'Receive']);
  });

  it('counts a bulk asset received 20 and assigned 5 like materials', async () => {
    const bulk = ok(await post(admin, '/api/assets/categories', { category: 'Consumables', kind: 'bulk' }));
    const cones = ok(await post(admin, '/api/assets/catalog', { asset_number: 'CONE', asset_name: 'Traffic cone', category: bulk.id }));
    expect(cones.serial_required).toBe(false);
    ok(await post(admin, `/api/warehouses/${W}/assets/receive`, { catalog_id: cones.id, quantity: 20 }));
    const moved = ok(await post(admin, `/api/warehouses/${W}/assets/assign`, { instance_id: 'CONE', quantity: 5, to_owner_type: 'project', to_owner_id: P }));
    expect(moved.rows.map((r: AssetRow) => [r.warehouse_id ?? r.ProjectID, r.QtyOnHand, r.AssignedQty, r.QtyLost])).toEqual([
      [W, 15, 5, 0],
      [P, 5, 0, 0],
    ]);
    const tooMany = await post(admin, `/api/warehouses/${W}/assets/assign`, { instance_id: 'CONE', quantity: 16, to_owner_id: P });
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([422, 'Insufficient quantity available']);
    const warehouseRows = ok(await get(admin, `/api/warehouses/${W}/inventory?mode=assets`)).items;
    expect(warehouseRows.find((r: AssetRow) => r.AssetNumber === 'CONE')).toMatchObject({
      kind: 'bulk',
      Status: 'Available',
      QtyOnHand: 15,
      AssignedQty: 5,
      serial_number: null,
    });
    expect(ok(await get(admin, `/api/warehouses/${W}/inventory?mode=assets&as_of=2000-01-01T00:00:00Z`))).toEqual({
      items: [],
      as_of: '2000-01-01T00:00:00.000Z',
    });
    const asOfNow = ok(await get(admin, `/api/assets/inventory/warehouse/${W}?q=cone&as_of=${new Date().toISOString()}`)).items;
    expect(asOfNow.map((r: AssetRow) => [r.AssetNumber, r.QtyOnHand, r.AssignedQty])).toEqual([['CONE', 15, 5]]);
    const projectRows = ok(await get(manager, `/api/assets/inventory/project/${P}`)).items;
    expect(projectRows.find((r: AssetRow) => r.AssetNumber === 'CONE')).toMatchObject({ QtyOnHand: 5, AssignedQty: 0, QtyLost: 0 });
    const lost = await post(manager, '/api/assets/lost', { project_id: P, asset_number: 'CONE', quantity: 6 });
    expect([lost.statusCode, lost.json().message]).toEqual([422, 'Cannot exceed available on-hand or field-assigned quantity (5)']);
    expect(ok(await post(manager, '/api/assets/lost', { project_id: P, asset_number: 'CONE', quantity: 2 })).rows[0]).toMatchObject({
      QtyOnHand: 3,
      QtyLost: 2,
    });
    expect(ok(await post(manager, '/api/assets/found', { project_id: P, asset_number: 'CONE', quantity: 1 })).rows[0]).toMatchObject({
      QtyOnHand: 4,
      QtyLost: 1,
    });
    const back = ok(await post(admin, `/api/warehouses/${W}/assets/return`, { instance_id: 'CONE', quantity: 4, project_id: P }));
    expect(back.rows.map((r: AssetRow) => [r.QtyOnHand, r.AssignedQty])).toEqual([
      [0, 0],
      [19, 1],
    ]);
  });

  it('refuses deleting a category in use, naming what uses it, and deletes an unused one as an event', async () => {
    const used = await del(admin, `/api/assets/categories/${categoryId}`);
    expect([used.statusCode, used.json().message]).toEqual([422, 'This category is used by 1 catalog item (GEN-5); delete or move them first.']);
    const usedItem = await del(admin, `/api/assets/catalog/${catalogId}`);
    expect([usedItem.statusCode, usedItem.json().message]).toEqual([422, 'This catalog item is used by 1 instance; it cannot be deleted.']);
    const spare = ok(await post(admin, '/api/assets/categories', { category: 'Spare', kind: 'serialized' }));
    expect(ok(await put(admin, `/api/assets/categories/${spare.id}`, { category: 'Spare parts', kind: 'bulk' }))).toMatchObject({
      category: 'Spare parts',
      kind: 'bulk',
    });
    expect(ok(await del(admin, `/api/assets/categories/${spare.id}`))).toEqual({ deleted: true });
    expect(ok(await get(plain, '/api/assets/categories')).items.map((c: { category: string }) => c.category)).toEqual(['Consumables', 'Generators']);
    const rows = await runtime.store.db
      .selectFrom('events')
      .select('type')
      .where('stream_id', '=', `asset-category:${spare.id}`)
      .orderBy('stream_version')
      .execute();
    expect(rows.map((r) => r.type)).toEqual(['AssetCategoryCreated', 'AssetCategoryEdited', 'AssetCategoryDeleted']);
  });

  it('answers 403 to the roles the rules exclude', async () => {
    expect((await post(plain, '/api/assets/categories', { category: 'Nope' })).statusCode).toBe(403);
    expect((await post(manager, `/api/warehouses/${W}/assets/receive`, { catalog_id: catalogId, serial_number: 'SN-9' })).statusCode).toBe(403);
    expect((await post(plain, `/api/projects/${P}/assets/receive`, { catalog_id: catalogId, serial_number: 'SN-9', parent_warehouse_id: W })).statusCode).toBe(
      403,
    );
    expect((await get(manager, `/api/assets/inventory/warehouse/${W}`)).statusCode).toBe(403);
    expect((await get(plain, `/api/assets/inventory/project/${P}`)).statusCode).toBe(403);
    expect((await get(manager, `/api/assets/search?q=SN`)).statusCode).toBe(403);
    expect((await get(manager, `/api/assets/location/${instanceId}`)).statusCode).toBe(403);
    expect((await post(plain, `/api/assets/instances/${instanceId}/in-use`, { in_use: true, assigned_user_id: memberId })).statusCode).toBe(403);
  });

  it('lets a project manager receive a new instance into the project (parent warehouse required) and finds it by search', async () => {
    const noParent = await post(manager, `/api/projects/${P}/assets/receive`, { catalog_id: catalogId, serial_number: 'SN-002' });
    expect([noParent.statusCode, noParent.json().message]).toEqual([400, 'Select a warehouse to receive into.']);
    const answer = ok(
      await post(manager, `/api/projects/${P}/assets/receive`, {
        catalog_id: catalogId,
        serial_number: 'SN-002',
        parent_warehouse_id: W2,
        asset_name: 'Gen B',
        metadata: { color: 'red' },
      }),
    );
    expect(answer.instance).toMatchObject({
      project_id: P,
      parent_warehouse_id: W2,
      asset_name: 'Gen B',
      metadata: { color: 'red', asset_category: 'Generators', serial_required: true },
    });
    const hits = ok(await get(admin, '/api/assets/search?q=sn-00')).items;
    expect(hits.map((i: { serial_number: string }) => i.serial_number)).toEqual(['SN-001', 'SN-002']);
    expect(ok(await get(manager, `/api/assets/info?project_id=${P}`))).toEqual({ types: 2, instances: 1, available: 1, in_use: 0, lost: 0, bulk_on_hand: 0 });
  });
});
