import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let boss: string;
let manager: string;
let member: string;
let crewId: string;
let projectId: string;
const instants: Record<string, string> = {};

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin', { firstName: 'Bea', lastName: 'Boss' });
  const managerId = (await createUser(runtime, 'manager@example.com', 'manager password', 'user', { firstName: 'Max', lastName: 'Manager' })).userId;
  crewId = (await createUser(runtime, 'crew@example.com', 'crew password', 'user', { firstName: 'Cy', lastName: 'Crew' })).userId;
  projectId = await createProject(runtime.store, { name: 'Substation', customer: 'Grid', number: 'P-1' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, projectId, { type: 'add', userId: managerId, role: 'manager' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, projectId, { type: 'add', userId: crewId, role: 'user' }, { metadata: SYSTEM_ACTOR });
  boss = await signIn(app, 'boss@example.com', 'boss password');
  manager = await signIn(app, 'manager@example.com', 'manager password');
  member = await signIn(app, 'crew@example.com', 'crew password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const post = (cookie: string, url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: { cookie } });
const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const figures = async (asOf?: string) => {
  const response = await get(manager, `/api/inventory/materials?project_id=${projectId}${asOf ? `&as_of=${encodeURIComponent(asOf)}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json().items.map((r: Record<string, unknown>) => [r.PartNumber, r.MatVendorQty, r.QtyOnHand, r.FieldAssigned, r.QtyLost]);
};
const holdings = async () =>
  (await get(manager, `/api/materials/assigned?project_id=${projectId}&number=CBL-100`))
    .json()
    .items.map((h: { user_email: string; quantity: number }) => [h.user_email, h.quantity]);
const mark = async (step: string) => {
  instants[step] = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 15));
};

describe('a part through its life: receive 10, assign 4, lose 1 in the field, find it, return 2', () => {
  it('receives a new part: it joins the catalogue with 10 on hand', async () => {
    const response = await post(manager, '/api/materials/receive', {
      project_id: projectId,
      part_number: 'CBL-100',
      quantity: 10,
      part_name: 'Cable 100 m',
      standard_name: 'Cable',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      reopenedCount: 0,
      item: {
        PartNumber: 'CBL-100',
        PartName: 'Cable 100 m',
        StandardName: 'Cable',
        MatVendorQty: 10,
        QtyOnHand: 10,
        FieldAssigned: 0,
        QtyLost: 0,
        LowStockWarning: 15,
        CriticalStockWarning: 0,
      },
    });
    expect(await figures()).toEqual([['CBL-100', 10, 10, 0, 0]]);
    await mark('received');
  });

  it('assigns 4 to a crew member', async () => {
    const response = await post(manager, '/api/inventory/assign', { project_id: projectId, part_number: 'CBL-100', quantity: 4, user_id: crewId });
    expect(response.statusCode).toBe(200);
    expect(await figures()).toEqual([['CBL-100', 10, 6, 4, 0]]);
    expect(await holdings()).toEqual([['crew@example.com', 4]]);
    await mark('assigned');
  });

  it('refuses to lose more from the field than the user holds, with the spec message', async () => {
    const response = await post(manager, '/api/materials/lost', {
      project_id: projectId,
      part_number: 'CBL-100',
      quantity: 5,
      source: 'field_assigned',
      associated_user: crewId,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: 'DOMAIN_RULE', message: 'Cannot exceed available on-hand or field-assigned quantity (4)' });
  });

  it("loses 1 from the crew member's field stock", async () => {
    const response = await post(manager, '/api/materials/lost', {
      project_id: projectId,
      part_number: 'CBL-100',
      quantity: 1,
      source: 'field_assigned',
      associated_user: crewId,
      note: 'fell off the truck',
    });
    expect(response.statusCode).toBe(200);
    expect(await figures()).toEqual([['CBL-100', 10, 6, 3, 1]]);
    expect(await holdings()).toEqual([['crew@example.com', 3]]);
    await mark('lost');
  });

  it('refuses to find more than is lost, then finds it back to on hand', async () => {
    const tooMany = await post(manager, '/api/materials/found', { project_id: projectId, part_number: 'CBL-100', quantity: 2, source: 'on_hand' });
    expect(tooMany.json()).toEqual({ error: 'DOMAIN_RULE', message: 'Cannot exceed outstanding lost quantity (1)' });
    const response = await post(manager, '/api/materials/found', { project_id: projectId, part_number: 'CBL-100', quantity: 1, source: 'on_hand' });
    expect(response.statusCode).toBe(200);
    expect(await figures()).toEqual([['CBL-100', 10, 7, 3, 0]]);
    await mark('found');
  });

  it('returns 2', async () => {
    const response = await post(manager, '/api/materials/return', { project_id: projectId, part_number: 'CBL-100', quantity: 2, bin_info: 'Rack 3 / Shelf B' });
    expect(response.statusCode).toBe(200);
    expect(await figures()).toEqual([['CBL-100', 8, 5, 3, 0]]);
    await mark('returned');
  });

  it('gives the stock as it stood at each step', async () => {
    expect(await figures('2000-01-01T00:00:00Z')).toEqual([]);
    expect(await figures(instants.received)).toEqual([['CBL-100', 10, 10, 0, 0]]);
    expect(await figures(instants.assigned)).toEqual([['CBL-100', 10, 6, 4, 0]]);
    expect(await figures(instants.lost)).toEqual([['CBL-100', 10, 6, 3, 1]]);
    expect(await figures(instants.found)).toEqual([['CBL-100', 10, 7, 3, 0]]);
    expect(await figures(instants.returned)).toEqual([['CBL-100', 8, 5, 3, 0]]);
  });

  it('logs every movement newest first, with who, amount and the associated user', async () => {
    const logs = (await get(manager, `/api/materials/logs?project_id=${projectId}`)).json();
    expect(logs.total).toBe(5);
    expect(logs.items.map((l: Record<string, unknown>) => [l.LogType, l.LogAmount, l.LogName, l.AssociatedName, l.AssociatedEmail])).toEqual([
      ['Return', 2, 'Max Manager', null, null],
      ['Found', 1, 'Max Manager', null, null],
      ['Lost', 1, 'Max Manager', 'Cy Crew', 'crew@example.com'],
      ['Assign', 4, 'Max Manager', 'Cy Crew', 'crew@example.com'],
      ['Receive', 10, 'Max Manager', null, null],
    ]);
    const assigns = (await get(manager, `/api/materials/logs?project_id=${projectId}&type=assign,unassign&days=7`)).json();
    expect(assigns.items.map((l: { LogType: string }) => l.LogType)).toEqual(['Assign']);
    expect((await get(manager, `/api/materials/logs?project_id=${projectId}&q=cy%20crew`)).json().total).toBe(2);
    expect((await get(manager, `/api/materials/logs?project_id=${projectId}&type=RECEIVE`)).json().total).toBe(1);
    const bad = await get(manager, `/api/materials/logs?project_id=${projectId}&days=3`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'VALIDATION', message: 'Days must be 1, 7, 30, 365 or all.', field: 'days' });
  });

  it('explains the on-hand figure by the movements behind it', async () => {
    const explained = (await get(manager, `/api/materials/explain?project_id=${projectId}&number=CBL-100&figure=on_hand`)).json();
    expect(explained.current).toBe(5);
    expect(explained.items.map((i: { type: string; change: number; balance: number }) => [i.type, i.change, i.balance])).toEqual([
      ['Receive', 10, 10],
      ['Assign', -4, 6],
      ['Found', 1, 7],
      ['Return', -2, 5],
    ]);
  });

  it('exports the logs as CSV with position and hash, every field quoted', async () => {
    const response = await get(manager, `/api/materials/logs?project_id=${projectId}&format=csv`);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="material_logs_\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.csv"$/);
    expect(response.body.split('\r\n')[1]).toMatch(/^"\d+","/);
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(5);
    expect(rows[0]).toMatchObject({ Type: 'Return', 'Part Number': 'CBL-100', Amount: '2', 'On Hand Change': '-2', Bin: 'Rack 3 / Shelf B' });
    const event = await runtime.store.db
      .selectFrom('events')
      .select(['global_position', 'hash'])
      .where('global_position', '=', Number(rows[0]!.Position))
      .executeTakeFirstOrThrow();
    expect(rows[0]!.Hash).toBe(Buffer.from(event.hash).toString('hex'));
  });

  it('neutralises text that a spreadsheet would run as a formula, and keeps numbers numbers', async () => {
    await post(manager, '/api/materials/receive', {
      project_id: projectId,
      part_number: '=HYPERLINK("x")',
      quantity: 1,
      part_name: '+cmd',
      standard_name: '@sum',
    });
    const response = await get(boss, `/api/inventory/materials?project_id=${projectId}&format=csv`);
    expect(response.body).toContain(`"'=HYPERLINK(""x"")","'+cmd","'@sum","1","1","0","0","15","0"`);
    const logs = await get(manager, `/api/materials/logs?project_id=${projectId}&format=csv`);
    expect(logs.body).toContain('"-2"');
  });
});

describe('who may move stock', () => {
  const mutations = () =>
    [
      ['/api/materials/receive', { project_id: projectId, part_number: 'CBL-100', quantity: 1 }],
      ['/api/materials/return', { project_id: projectId, part_number: 'CBL-100', quantity: 1 }],
      ['/api/inventory/assign', { project_id: projectId, part_number: 'CBL-100', quantity: 1, user_id: crewId }],
      ['/api/inventory/unassign', { project_id: projectId, part_number: 'CBL-100', quantity: 1, user_id: crewId }],
      ['/api/materials/lost', { project_id: projectId, part_number: 'CBL-100', quantity: 1 }],
      ['/api/materials/found', { project_id: projectId, part_number: 'CBL-100', quantity: 1 }],
    ] as const;

  it('refuses every mutation to a plain project member with 403', async () => {
    for (const [url, body] of mutations()) {
      expect((await post(member, url, body)).statusCode, url).toBe(403);
    }
    for (const [url, body] of [
      ['/api/materials/stock-warnings', { project_id: projectId, low_threshold: 1 }],
      ['/api/materials/CBL-100/stock-warnings', { project_id: projectId, low_threshold: 1 }],
      ['/api/materials/CBL-100', { project_id: projectId, part_name: 'x' }],
    ] as const) {
      expect((await app.inject({ method: 'PUT', url, payload: body, headers: { cookie: member } })).statusCode, url).toBe(403);
    }
    expect(await figures()).toContainEqual(['CBL-100', 8, 5, 3, 0]);
  });

  it('refuses receive, return, assign and unassign with 423 while transactions are frozen, but not lost and found', async () => {
    await app.inject({ method: 'PATCH', url: '/api/site/settings', headers: { cookie: boss }, payload: { freeze_transactions: true } });
    for (const [url, body] of mutations().slice(0, 4)) {
      const response = await post(manager, url, body);
      expect(response.statusCode, url).toBe(423);
      expect(response.json()).toEqual({ error: 'FROZEN', message: 'Transactions are frozen' });
    }
    expect((await post(manager, '/api/materials/lost', { project_id: projectId, part_number: 'CBL-100', quantity: 1 })).statusCode).toBe(200);
    await app.inject({ method: 'PATCH', url: '/api/site/settings', headers: { cookie: boss }, payload: { freeze_transactions: false } });
    expect((await post(manager, '/api/materials/found', { project_id: projectId, part_number: 'CBL-100', quantity: 1 })).statusCode).toBe(200);
  });

  it('answers an unknown part with the spec message and bad fields with their names', async () => {
    const unknown = await post(manager, '/api/materials/return', { project_id: projectId, part_number: 'NOPE', quantity: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Part number not found in this project');
    const zero = await post(manager, '/api/materials/return', { project_id: projectId, part_number: 'CBL-100', quantity: 0 });
    expect(zero.json()).toEqual({ error: 'VALIDATION', message: 'Quantity must be greater than zero', field: 'quantity' });
    const missing = await post(manager, '/api/inventory/assign', { project_id: projectId, part_number: '', quantity: 1, user_id: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: 'VALIDATION', message: 'Enter or select a part before continuing', field: 'part_number' });
    const tooMuch = await post(manager, '/api/materials/return', { project_id: projectId, part_number: 'CBL-100', quantity: 99 });
    expect(tooMuch.json()).toEqual({ error: 'DOMAIN_RULE', message: 'Insufficient quantity available' });
    const notMine = await post(manager, '/api/inventory/unassign', { project_id: projectId, part_number: 'CBL-100', quantity: 9, user_id: crewId });
    expect(notMine.json().message).toBe('Quantity exceeds what the user currently has assigned');
  });
});

describe('stock warnings and names', () => {
  it('sets per-part thresholds, blank meaning the default, and refuses negatives with the spec messages', async () => {
    const set = await app.inject({
      method: 'PUT',
      url: '/api/materials/CBL-100/stock-warnings',
      headers: { cookie: manager },
      payload: { project_id: projectId, low_threshold: 20, critical_threshold: '' },
    });
    expect(set.json().item).toMatchObject({ LowStockWarning: 20, CriticalStockWarning: 0 });
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/materials/CBL-100/stock-warnings',
      headers: { cookie: manager },
      payload: { project_id: projectId, low_threshold: -1 },
    });
    expect(bad.json()).toEqual({ error: 'VALIDATION', message: 'Low warning threshold must be a non-negative number.' });
    const badCritical = await app.inject({
      method: 'PUT',
      url: '/api/materials/CBL-100/stock-warnings',
      headers: { cookie: manager },
      payload: { project_id: projectId, critical_threshold: 'abc' },
    });
    expect(badCritical.json().message).toBe('Critical warning threshold must be a non-negative number.');
    const projectWide = await app.inject({
      method: 'PUT',
      url: '/api/materials/stock-warnings',
      headers: { cookie: manager },
      payload: { project_id: projectId, low_threshold: 5, critical_threshold: 2 },
    });
    expect(projectWide.statusCode).toBe(200);
    const item = (await get(manager, `/api/materials/item?project_id=${projectId}&number=CBL-100`)).json();
    expect(item).toMatchObject({ LowStockWarning: 20, CriticalStockWarning: 2 });
  });

  it('edits names and renumbers a part; the old log lines keep the old number', async () => {
    const missing = await app.inject({
      method: 'PUT',
      url: '/api/materials/CBL-100',
      headers: { cookie: manager },
      payload: { project_id: projectId, part_name: ' ' },
    });
    expect(missing.json()).toEqual({ error: 'VALIDATION', message: 'Part Number and Part Name are required' });
    const edited = await app.inject({
      method: 'PUT',
      url: '/api/materials/CBL-100',
      headers: { cookie: manager },
      payload: { project_id: projectId, part_name: 'Cable, 100 m drum', part_nickname: 'Drum', new_part_number: 'CBL-100D' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ PartNumber: 'CBL-100D', PartName: 'Cable, 100 m drum', StandardName: 'Drum', QtyOnHand: 5 });
    const logs = (await get(manager, `/api/materials/logs?project_id=${projectId}&type=receive`)).json();
    expect(logs.items.map((l: { PartNumber: string }) => l.PartNumber)).toContain('CBL-100');
    const clash = await app.inject({
      method: 'PUT',
      url: '/api/materials/CBL-100D',
      headers: { cookie: manager },
      payload: { project_id: projectId, part_name: 'x', new_part_number: '=HYPERLINK("x")' },
    });
    expect(clash.json()).toEqual({ error: 'CONFLICT', message: 'Part number already exists' });
  });

  it('suggests parts for pickers with a display text, at most 10 for search', async () => {
    const found = (await get(manager, `/api/materials/${projectId}/search?q=cbl`)).json().items;
    expect(found).toEqual([expect.objectContaining({ part_number: 'CBL-100D', display: 'CBL-100D — Cable, 100 m drum (Drum)' })]);
  });
});
