import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let boss: string;
let admin: string;
let plain: string;
let projectManager: string;
let projectId: string;
let warehouseId: string;
let relocatedAt: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin', { firstName: 'Bea', lastName: 'Boss' });
  await createUser(runtime, 'admin@example.com', 'admin password', 'admin', { firstName: 'Ada', lastName: 'Admin' });
  await createUser(runtime, 'plain@example.com', 'plain password', 'user', { firstName: 'Pat', lastName: 'Plain' });
  const managerId = (await createUser(runtime, 'pm@example.com', 'pm password', 'user', { firstName: 'Max', lastName: 'Manager' })).userId;
  projectId = await createProject(runtime.store, { name: 'Substation', customer: 'Grid', number: 'P-1' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, projectId, { type: 'add', userId: managerId, role: 'admin' }, { metadata: SYSTEM_ACTOR });
  boss = await signIn(app, 'boss@example.com', 'boss password');
  admin = await signIn(app, 'admin@example.com', 'admin password');
  plain = await signIn(app, 'plain@example.com', 'plain password');
  projectManager = await signIn(app, 'pm@example.com', 'pm password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const send = (method: 'POST' | 'PATCH', cookie: string, url: string, payload: object = {}) => app.inject({ method, url, payload, headers: { cookie } });
const post = (cookie: string, url: string, payload: object = {}) => send('POST', cookie, url, payload);
const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const rackA2 = { rack: 'A', shelf: '2' };
const rackB = { rack: 'B' };

async function warehouseRow() {
  const response = await get(admin, `/api/warehouses/${warehouseId}/inventory?mode=materials`);
  expect(response.statusCode).toBe(200);
  return response.json().items.find((r: { material: { part_number: string } }) => r.material.part_number === 'BLT-10');
}
async function projectOnHand() {
  const response = await get(projectManager, `/api/inventory/materials?project_id=${projectId}`);
  return response.json().items.find((r: { PartNumber: string }) => r.PartNumber === 'BLT-10')?.QtyOnHand ?? 0;
}
const places = (row: { locations: Array<{ label: string; qty: number }> }) => row.locations.map((l) => [l.label, l.qty]);

describe('the Warehouse Manager', () => {
  it('creates warehouses numbered one after another, labelled "#n · name"', async () => {
    const first = await post(boss, '/api/warehouses', { name: 'North Yard', yard_info: { location: 'Gate 4', capacity_summary: '40 racks' } });
    expect(first.statusCode).toBe(200);
    warehouseId = first.json().id;
    expect(first.json()).toMatchObject({
      num_id: 1,
      name: 'North Yard',
      label: '#1 · North Yard',
      active: true,
      yard_info: { location: 'Gate 4', capacity_summary: '40 racks' },
    });
    const second = await post(boss, '/api/warehouses', { name: 'South Depot' });
    expect(second.json()).toMatchObject({ num_id: 2, label: '#2 · South Depot' });
  });

  it('refuses a blank name with the message', async () => {
    const response = await post(boss, '/api/warehouses', { name: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Warehouse name is required');
  });

  it('renames a warehouse and keeps the yard details not sent', async () => {
    const response = await send('PATCH', boss, `/api/warehouses/${warehouseId}`, { name: 'North Yard East' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'North Yard East', label: '#1 · North Yard East', yard_info: { location: 'Gate 4' } });
  });

  it('lists the warehouses to admins', async () => {
    const response = await get(admin, '/api/warehouses');
    expect(response.json().items.map((w: { label: string }) => w.label)).toEqual(['#1 · North Yard East', '#2 · South Depot']);
  });
});

describe('receive 50 at rack A shelf 2, relocate 20 to rack B, assign 15 to a project, unassign 5 back to rack B', () => {
  it('receives 50 of a new part at rack A shelf 2', async () => {
    const response = await post(admin, `/api/warehouses/${warehouseId}/materials/receive`, {
      part_number: 'BLT-10',
      part_name: 'Bolt M10',
      part_nickname: 'Bolt',
      quantity: 50,
      location: rackA2,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().item).toMatchObject({
      qty_on_hand: 50,
      qty_assigned: 0,
      warning_stock_limit: 15,
      critical_stock_limit: 0,
      material: { part_number: 'BLT-10', part_name: 'Bolt M10', part_nickname: 'Bolt' },
    });
    expect(places(response.json().item)).toEqual([['Rack A · Shelf 2', 50]]);
  });

  it('relocates 20 to rack B: still 50, in two places', async () => {
    const response = await post(admin, `/api/warehouses/${warehouseId}/materials/relocate`, {
      part_number: 'BLT-10',
      quantity: 20,
      from_location: rackA2,
      to_location: rackB,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().item.qty_on_hand).toBe(50);
    expect(places(response.json().item)).toEqual([
      ['Rack A · Shelf 2', 30],
      ['Rack B', 20],
    ]);
    relocatedAt = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 15));
  });

  it('assigns 15 from rack A shelf 2 to the project: the warehouse shows 35 across two locations, the project 15 on hand', async () => {
    const response = await post(admin, `/api/warehouses/${warehouseId}/materials/assign`, {
      part_number: 'BLT-10',
      quantity: 15,
      from_location: rackA2,
      project_id: projectId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().project_item).toMatchObject({ PartNumber: 'BLT-10', QtyOnHand: 15, MatVendorQty: 15 });
    const row = await warehouseRow();
    expect(row).toMatchObject({ qty_on_hand: 35, qty_assigned: 15, projects: [{ project_id: projectId, qty: 15 }] });
    expect(places(row)).toEqual([
      ['Rack B', 20],
      ['Rack A · Shelf 2', 15],
    ]);
    expect(await projectOnHand()).toBe(15);
  });

  it('shows the move in both logs, each naming the other side', async () => {
    const warehouseLog = (await get(admin, `/api/materials/logs?warehouse_id=${warehouseId}`)).json().items;
    expect(warehouseLog.map((r: Record<string, unknown>) => [r.LogType, r.LogAmount, r.location_a, r.location_b])).toEqual([
      ['Assign', 15, 'Rack A · Shelf 2', 'P-1 · Substation'],
      ['Relocate', 20, 'Rack A · Shelf 2', 'Rack B'],
      ['Receive', 50, null, 'Rack A · Shelf 2'],
    ]);
    const projectLog = (await get(projectManager, `/api/materials/logs?project_id=${projectId}`)).json().items;
    expect(projectLog.map((r: Record<string, unknown>) => [r.LogType, r.LogAmount, r.location_a, r.location_b, r.d_on_hand])).toEqual([
      ['Receive', 15, '#1 · North Yard East — Rack A · Shelf 2', null, 15],
    ]);
  });

  it('unassigns 5 back to rack B: the warehouse 40, the project 10', async () => {
    const response = await post(admin, `/api/warehouses/${warehouseId}/materials/unassign`, {
      part_number: 'BLT-10',
      quantity: 5,
      to_location: rackB,
      project_id: projectId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().project_item).toMatchObject({ QtyOnHand: 10 });
    const row = await warehouseRow();
    expect(row).toMatchObject({ qty_on_hand: 40, qty_assigned: 10 });
    expect(places(row)).toEqual([
      ['Rack B', 25],
      ['Rack A · Shelf 2', 15],
    ]);
    expect(await projectOnHand()).toBe(10);
    const projectLog = (await get(projectManager, `/api/materials/logs?project_id=${projectId}&type=Return`)).json().items;
    expect(projectLog.map((r: Record<string, unknown>) => [r.LogType, r.LogAmount, r.location_b])).toEqual([['Return', 5, '#1 · North Yard East — Rack B']]);
  });

  it('filters the warehouse log by type and exports it as material_warehouse_logs_{timestamp}.csv', async () => {
    const relocations = (await get(admin, `/api/materials/logs?warehouse_id=${warehouseId}&type=Relocate`)).json();
    expect(relocations.total).toBe(1);
    const csv = await get(admin, `/api/materials/logs?warehouse_id=${warehouseId}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/material_warehouse_logs_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.csv/);
    const rows = parse(csv.body.replace(/^\uFEFF/, ''), { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.Type, r.Amount, r.From, r.To])).toEqual([
      ['Unassign', '5', 'P-1 · Substation', 'Rack B'],
      ['Assign', '15', 'Rack A · Shelf 2', 'P-1 · Substation'],
      ['Relocate', '20', 'Rack A · Shelf 2', 'Rack B'],
      ['Receive', '50', '', 'Rack A · Shelf 2'],
    ]);
  });

  it('answers the stock as it stood at an instant: 50 before the move to the project', async () => {
    const response = await get(admin, `/api/warehouses/${warehouseId}/inventory?mode=materials&as_of=${encodeURIComponent(relocatedAt)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toMatchObject([{ material: { part_number: 'BLT-10' }, qty_on_hand: 50, locations: [] }]);
  });

  it('answers the stock as the ledger knew it on a day: as of the same instant when nothing came late, nothing before it began', async () => {
    const at = encodeURIComponent(relocatedAt);
    const known = await get(admin, `/api/warehouses/${warehouseId}/inventory?mode=materials&as_known_on=${at}`);
    expect(known.json().items).toMatchObject([{ material: { part_number: 'BLT-10' }, qty_on_hand: 50 }]);
    const before = await get(admin, `/api/warehouses/${warehouseId}/inventory?mode=materials&as_known_on=2000-01-01T00:00:00Z`);
    expect(before.json().items).toEqual([]);
  });

  it('says where the part is held: the project and the warehouse with its locations', async () => {
    const row = await warehouseRow();
    const response = await get(admin, `/api/catalog/materials/${row.material_id}/holdings`);
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((h: { kind: string; label: string; qty_on_hand: number }) => [h.kind, h.label, h.qty_on_hand])).toEqual([
      ['project', 'P-1 · Substation', 10],
      ['warehouse', '#1 · North Yard East', 40],
    ]);
  });
});

describe('the Material Catalog', () => {
  it('adds a part before any stock exists, and refuses its number again in any case', async () => {
    const added = await post(admin, '/api/catalog/materials', { part_number: 'NUT-10', part_name: 'Nut M10', part_nickname: 'Nut' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ part_number: 'NUT-10', part_name: 'Nut M10', part_nickname: 'Nut', display: 'NUT-10 — Nut M10 (Nut)' });
    const again = await post(admin, '/api/catalog/materials', { part_number: 'nut-10', part_name: 'Other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Part number already exists');
    const blank = await post(admin, '/api/catalog/materials', { part_number: 'X-1', part_name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Part Number and Part Name are required');
  });

  it('searches by number, name or nickname', async () => {
    const found = (await get(admin, '/api/catalog/materials?q=m10')).json();
    expect(found.items.map((p: { part_number: string }) => p.part_number)).toEqual(['BLT-10', 'NUT-10']);
  });

  it('renames and renumbers a part; the warehouse shows the new number, a taken number is refused', async () => {
    const nut = (await get(admin, '/api/catalog/materials?q=NUT-10')).json().items[0];
    const renamed = await app.inject({
      method: 'PUT',
      url: `/api/catalog/materials/${nut.material_id}`,
      headers: { cookie: admin },
      payload: { part_name: 'Hex nut M10', part_nickname: 'Hex nut', new_part_number: 'NUT-10H' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ part_number: 'NUT-10H', part_name: 'Hex nut M10' });
    const taken = await app.inject({
      method: 'PUT',
      url: `/api/catalog/materials/${nut.material_id}`,
      headers: { cookie: admin },
      payload: { part_name: 'Hex nut M10', new_part_number: 'blt-10' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Part number already exists');
  });
});

describe('refusals', () => {
  it('refuses a relocation beyond the source location, or without a new location', async () => {
    const tooMany = await post(admin, `/api/warehouses/${warehouseId}/materials/relocate`, {
      part_number: 'BLT-10',
      quantity: 16,
      from_location: rackA2,
      to_location: rackB,
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toBe('Quantity exceeds the 15 available at Rack A · Shelf 2');
    const nowhere = await post(admin, `/api/warehouses/${warehouseId}/materials/relocate`, {
      part_number: 'BLT-10',
      quantity: 1,
      from_location: rackA2,
      to_location: { notes: 'by the door' },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().message).toBe('Please specify at least one location field for the new location');
    const noPart = await post(admin, `/api/warehouses/${warehouseId}/materials/relocate`, {
      part_number: '',
      quantity: 1,
      from_location: rackA2,
      to_location: rackB,
    });
    expect(noPart.json().message).toBe('Please select a material and enter a valid quantity');
  });

  it('refuses a receive without a material or with a quantity under 1, with the spec words', async () => {
    const noPart = await post(admin, `/api/warehouses/${warehouseId}/materials/receive`, { quantity: 3, location: rackA2 });
    expect(noPart.statusCode).toBe(400);
    expect(noPart.json().message).toBe('Select a material to receive.');
    const zero = await post(admin, `/api/warehouses/${warehouseId}/materials/receive`, { part_number: 'BLT-10', quantity: 0, location: rackA2 });
    expect(zero.json().message).toBe('Quantity must be at least 1.');
  });

  it('refuses to unassign more than the project has on hand, and changes neither side', async () => {
    const response = await post(admin, `/api/warehouses/${warehouseId}/materials/unassign`, {
      part_number: 'BLT-10',
      quantity: 11,
      to_location: rackB,
      project_id: projectId,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Insufficient quantity available');
    expect((await warehouseRow()).qty_on_hand).toBe(40);
    expect(await projectOnHand()).toBe(10);
  });

  it('refuses to deactivate a warehouse holding stock', async () => {
    const response = await post(boss, `/api/warehouses/${warehouseId}/deactivate`);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('This warehouse still holds stock; move or return it before deactivating.');
  });

  it('deactivates an empty warehouse, refuses movements into it, and reactivates it', async () => {
    const empty = (await get(admin, '/api/warehouses')).json().items.find((w: { num_id: number }) => w.num_id === 2).id;
    expect((await post(boss, `/api/warehouses/${empty}/deactivate`)).json()).toMatchObject({ active: false });
    expect((await get(admin, '/api/warehouses')).json().items).toHaveLength(1);
    expect((await get(admin, '/api/warehouses?include_inactive=true')).json().items).toHaveLength(2);
    const receive = await post(admin, `/api/warehouses/${empty}/materials/receive`, { part_number: 'BLT-10', quantity: 1, location: rackB });
    expect(receive.statusCode).toBe(422);
    expect(receive.json().message).toBe('This warehouse is deactivated; reactivate it before moving stock.');
    expect((await post(boss, `/api/warehouses/${empty}/reactivate`)).json()).toMatchObject({ active: true, num_id: 2 });
  });

  it('answers 404 for an unknown warehouse', async () => {
    const response = await get(admin, '/api/warehouses/00000000-0000-4000-8000-000000000000/inventory?mode=materials');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Warehouse not found');
  });
});

describe('who may', () => {
  const routes = () => [
    ['GET', '/api/warehouses'],
    ['GET', `/api/warehouses/${warehouseId}`],
    ['POST', '/api/warehouses'],
    ['PATCH', `/api/warehouses/${warehouseId}`],
    ['POST', `/api/warehouses/${warehouseId}/deactivate`],
    ['POST', `/api/warehouses/${warehouseId}/reactivate`],
    ['GET', `/api/warehouses/${warehouseId}/inventory?mode=materials`],
    ['GET', `/api/materials/logs?warehouse_id=${warehouseId}`],
    ['GET', `/api/materials/logs?warehouse_id=${warehouseId}&format=csv`],
    ['GET', '/api/catalog/materials/00000000-0000-4000-8000-000000000000/holdings'],
    ['GET', '/api/catalog/materials?q=BLT'],
    ['POST', '/api/catalog/materials'],
    ['PUT', '/api/catalog/materials/00000000-0000-4000-8000-000000000000'],
    ...['receive', 'return', 'relocate', 'assign', 'unassign', 'lost', 'found'].map((action) => ['POST', `/api/warehouses/${warehouseId}/materials/${action}`]),
  ];
  const body = () => ({
    name: 'X',
    part_name: 'X',
    part_number: 'BLT-10',
    quantity: 1,
    location: rackB,
    from_location: rackB,
    to_location: rackA2,
    project_id: projectId,
  });

  it('answers 403 to a plain user and to a project admin without a global admin role, on every warehouse route', async () => {
    for (const cookie of [plain, projectManager]) {
      for (const [method, url] of routes()) {
        const response = await app.inject({ method: method as 'GET', url: url!, headers: { cookie }, ...(method === 'GET' ? {} : { payload: body() }) });
        expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(403);
      }
    }
  });

  it('keeps the Warehouse Manager to superadmins: a global admin gets 403 there', async () => {
    expect((await post(admin, '/api/warehouses', { name: 'Admin Yard' })).statusCode).toBe(403);
    expect((await send('PATCH', admin, `/api/warehouses/${warehouseId}`, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await post(admin, `/api/warehouses/${warehouseId}/deactivate`)).statusCode).toBe(403);
  });

  it('answers 401 to nobody signed in', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/warehouses' })).statusCode).toBe(401);
  });
});

describe('a frozen site', () => {
  it('refuses every warehouse movement with 423', async () => {
    expect((await send('PATCH', boss, '/api/site/settings', { freeze_transactions: true })).statusCode).toBe(200);
    const moves: Array<[string, object]> = [
      ['receive', { part_number: 'BLT-10', quantity: 1, location: rackB }],
      ['return', { part_number: 'BLT-10', quantity: 1, from_location: rackB }],
      ['relocate', { part_number: 'BLT-10', quantity: 1, from_location: rackB, to_location: rackA2 }],
      ['assign', { part_number: 'BLT-10', quantity: 1, from_location: rackB, project_id: projectId }],
      ['unassign', { part_number: 'BLT-10', quantity: 1, to_location: rackB, project_id: projectId }],
      ['lost', { part_number: 'BLT-10', quantity: 1, from_location: rackB }],
      ['found', { part_number: 'BLT-10', quantity: 1, to_location: rackB }],
    ];
    for (const [action, payload] of moves) {
      const response = await post(admin, `/api/warehouses/${warehouseId}/materials/${action}`, payload);
      expect(response.statusCode, action).toBe(423);
      expect(response.json().message).toBe('Transactions are frozen');
    }
    expect((await send('PATCH', boss, '/api/site/settings', { freeze_transactions: false })).statusCode).toBe(200);
    expect((await warehouseRow()).qty_on_hand).toBe(40);
  });
});
