/**
 * GET /api/scan/resolve end to end: each kind of code resolves to what it names; the actions
 * offered follow the caller's role (a project's user, its manager, a global admin who is not a
 * member); whoever may not see a thing is told "No match for …"; a malformed code is a 400 with the
 * parser's words; nobody signed out learns anything.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelCode, locationCode, requestCode, requestNumberNeedsProject, SCAN_MESSAGES, transferCode, trackerUrl } from '../../../contract/scan.ts';
import type { Owner } from '../../../ledger/asset/events.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { createAssetCatalogItem, createAssetCategory } from '../../assets/catalog-commands.ts';
import { runInstance } from '../../assets/instance-commands.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { runRequest } from '../../requests/request-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';
import { createWarehouse } from '../../warehouses/warehouse-commands.ts';

const system = { metadata: SYSTEM_ACTOR };
let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let admin: string;
let manager: string;
let crew: string;
let outsider: string;
let P: string;
let Q: string;
let W: string;
let warehouseNum: number;
const ids = { available: '', inUse: '', lost: '', yard: '', quay: '', transfer: '', request: '', label: '' };

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  const store = runtime.store;
  await createUser(runtime, 'admin@example.com', 'admin password', 'admin');
  const managerId = (await createUser(runtime, 'pm@example.com', 'pm password', 'user', { firstName: 'Max', lastName: 'Manager' })).userId;
  const crewId = (await createUser(runtime, 'crew@example.com', 'crew password', 'user', { firstName: 'Cara', lastName: 'Crew' })).userId;
  const outsiderId = (await createUser(runtime, 'out@example.com', 'out password', 'user', { firstName: 'Otto', lastName: 'Out' })).userId;
  P = await createProject(store, { name: 'Tower', customer: null, number: 'P-100' }, system);
  Q = await createProject(store, { name: 'Quay', customer: null, number: 'Q-200' }, system);
  await changeMembership(store, P, { type: 'add', userId: managerId, role: 'manager' }, system);
  await changeMembership(store, P, { type: 'add', userId: crewId, role: 'user' }, system);
  await changeMembership(store, Q, { type: 'add', userId: outsiderId, role: 'admin' }, system);
  W = await createWarehouse(store, { name: 'North Yard', location: null, capacitySummary: null }, system);
  warehouseNum = Number((await store.db.selectFrom('warehouses').select('num_id').where('id', '=', W).executeTakeFirstOrThrow()).num_id);
  admin = await signIn(app, 'admin@example.com', 'admin password');
  manager = await signIn(app, 'pm@example.com', 'pm password');
  crew = await signIn(app, 'crew@example.com', 'crew password');
  outsider = await signIn(app, 'out@example.com', 'out password');

  // Drills in the project (available, in use, lost) and in the yard; a saw in Quay sharing a serial.
  const categoryId = await createAssetCategory(store, { name: 'Tools', kind: 'serialized' }, system);
  const drill = await createAssetCatalogItem(store, { assetNumber: 'DR-1', assetName: 'Drill', categoryId }, system);
  const saw = await createAssetCatalogItem(store, { assetNumber: 'SAW-1', assetName: 'Saw', categoryId }, system);
  const yard: Owner = { type: 'warehouse', id: W };
  const receive = async (catalogId: string, serialNumber: string, to: Owner | null) => {
    const base = { type: 'receive-new' as const, catalogId, serialNumber, assetName: null, condition: null, notes: null, parentWarehouseId: null };
    const id = await runInstance(store, null, { ...base, to: yard, metadata: {} }, system);
    if (to) await runInstance(store, id, { type: 'move', from: yard, to, notes: null }, system);
    return id;
  };
  const tower: Owner = { type: 'project', id: P };
  ids.available = await receive(drill, 'SN-P1', tower);
  ids.inUse = await receive(drill, 'SN-USE', tower);
  await runInstance(store, ids.inUse, { type: 'in-use', inUse: true, userId: crewId, notes: null }, system);
  ids.lost = await receive(drill, 'SN-LOST', tower);
  await runInstance(store, ids.lost, { type: 'lost', at: tower, notes: null }, system);
  ids.yard = await receive(drill, 'SN-YARD', null);
  ids.quay = await receive(saw, 'sn-p1', { type: 'project', id: Q });

  // Parts: PN-100 in the project (5), the yard's Rack A · Shelf 2 (7) and Quay (2); a bolt in the yard; an EAN in the project.
  const ok = async (cookie: string, url: string, payload: object) => {
    const response = await app.inject({ method: 'POST', url, payload, headers: { cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const part = { part_name: 'Cable tray', standard_name: 'Tray' };
  await ok(manager, '/api/materials/receive', { project_id: P, part_number: 'PN-100', quantity: 5, ...part });
  await ok(manager, '/api/materials/receive', { project_id: P, part_number: '4006381333931', quantity: 1, part_name: 'Boxed lamp', standard_name: 'Lamp' });
  await ok(outsider, '/api/materials/receive', { project_id: Q, part_number: 'PN-100', quantity: 2 });
  const rack = { rack: 'Rack A', shelf: '2' };
  await ok(admin, `/api/warehouses/${W}/materials/receive`, { part_number: 'PN-100', quantity: 7, location: rack });
  await ok(admin, `/api/warehouses/${W}/materials/receive`, {
    part_number: 'BLT-10',
    quantity: 3,
    part_name: 'Bolt M10',
    part_nickname: 'Bolt',
    location: rack,
  });

  // A transfer from Quay into the project, a request by the crew, a label of the project.
  const address = { attn: 'Dock', name: 'Tower', line1: '1 Main St', line2: '', city: 'Springfield', state: 'IL', zip: '62701' };
  const transfer = { Type: 'materials', FromID: Q, ToID: P, PickList: [{ part_number: 'PN-100', qty: 1 }], DeliveryMethod: 'label', shipping_address: address };
  ids.transfer = (await ok(manager, '/api/transfers', transfer)).id;
  ids.request = randomUUID();
  const requester = { id: crewId, name: 'Cara Crew', email: 'crew@example.com' };
  const lines = [{ lineId: randomUUID(), partNumber: 'PN-100', partName: null, qty: 2, notes: null }];
  const submit = {
    type: 'submit' as const,
    requestId: ids.request,
    projectId: P,
    requestType: 'Material' as const,
    requester,
    lines,
    notes: null,
    imagePath: null,
  };
  await runRequest(store, submit, { manager: false, requester: true }, system);
  // Labels are imported by a global admin of the project.
  const labellerId = (await createUser(runtime, 'labels@example.com', 'labels password', 'admin')).userId;
  await changeMembership(store, Q, { type: 'add', userId: labellerId, role: 'user' }, system);
  const labels = await app.inject({
    method: 'POST',
    url: '/api/labels/import',
    headers: { cookie: await signIn(app, 'labels@example.com', 'labels password') },
    payload: { project_id: Q, labels: [{ label_lines: ['RACK 7', 'Port 1'], system: 'Power' }] },
  });
  expect(labels.statusCode, labels.body).toBe(201);
  ids.label = (await store.db.selectFrom('labels').select('id').where('project_id', '=', Q).executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const resolve = (cookie: string | null, code: string, page: { project_id?: string; warehouse_id?: string } = {}) =>
  app.inject({
    method: 'GET',
    url: `/api/scan/resolve?${new URLSearchParams({ code, ...page })}`,
    headers: cookie ? { cookie } : {},
  });
// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely here; their shape is the contract's, checked by the route's schema
const answer = async (cookie: string, code: string, page: { project_id?: string; warehouse_id?: string } = {}): Promise<any> => {
  const response = await resolve(cookie, code, page);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const actionsOf = async (cookie: string, code: string) => {
  const { matches } = await answer(cookie, code);
  expect(matches).toHaveLength(1);
  return matches[0].actions;
};
const noMatch = (code: string) => ({ code, matches: [], message: `No match for “${code}”.` });

describe('who may ask', () => {
  it('answers someone signed out 401 before reading the code', async () => {
    for (const code of ['PN-100', 'LOC:abc']) {
      const response = await resolve(null, code);
      expect([response.statusCode, response.json()]).toEqual([401, { error: 'UNAUTHORIZED', message: 'Sign in to continue.' }]);
    }
  });
  it("refuses a malformed code with the parser's words on the code field", async () => {
    for (const [code, message] of [
      ['LOC:abc:A', SCAN_MESSAGES.brokenLocation],
      ['TRF:12', SCAN_MESSAGES.brokenTransfer],
      ['REQ:x', SCAN_MESSAGES.brokenRequest],
      ['LBL:', SCAN_MESSAGES.brokenLabel],
      ['https://stock.example.com/warehouses?track=nope', SCAN_MESSAGES.brokenAssetLink],
      ['   ', SCAN_MESSAGES.empty],
      ['', 'Scan or type a code.'],
      ['AB\rC', SCAN_MESSAGES.control],
    ]) {
      const response = await resolve(crew, code!);
      expect([response.statusCode, response.json()], code).toEqual([400, { error: 'VALIDATION', message, field: 'code' }]);
    }
  });
});

describe('an asset, by its tracker link or its bare id', () => {
  it('offers a project instance to its members with what each role may do', async () => {
    const link = trackerUrl('https://scan.example.com', ids.available);
    const { matches, message } = await answer(manager, link);
    expect(message).toBeNull();
    expect(matches[0]).toMatchObject({ kind: 'asset', instance: { id: ids.available, serial_number: 'SN-P1', asset_number: 'DR-1', Status: 'Available' } });
    expect(matches[0].actions).toEqual(['mark_in_use', 'move_to_warehouse', 'lost']);
    expect(await actionsOf(crew, link)).toEqual([]);
    // A global admin outside the project moves it and marks it in use, but lost and found are the project's curators'.
    expect(await actionsOf(admin, ids.available)).toEqual(['mark_in_use', 'move_to_warehouse', 'move_to_project']);
  });
  it('narrows the actions by state: in use comes back, lost is only found', async () => {
    expect(await actionsOf(manager, ids.inUse)).toEqual(['return_from_use', 'lost']);
    expect(await actionsOf(admin, ids.inUse)).toEqual(['return_from_use']);
    expect(await actionsOf(manager, ids.lost)).toEqual(['found']);
    expect(await actionsOf(admin, ids.lost)).toEqual([]);
    expect(await actionsOf(admin, ids.yard)).toEqual(['move_to_warehouse', 'move_to_project', 'lost']);
  });
  it('tells no one outside the holding project that the instance exists', async () => {
    expect(await answer(outsider, ids.available)).toEqual(noMatch(ids.available));
    expect(await answer(manager, ids.yard)).toEqual(noMatch(ids.yard));
    const link = trackerUrl('http://10.0.0.5', ids.lost);
    expect(await answer(outsider, link)).toEqual(noMatch(link));
  });
});

describe('transfers, requests and labels', () => {
  it('answers a transfer to a member of either side, by its code or its bare id', async () => {
    const expected = { kind: 'transfer', id: ids.transfer, status: 'Requested', from_id: Q, from_name: 'Quay', to_id: P, to_name: 'Tower' };
    expect((await answer(crew, transferCode(ids.transfer))).matches).toEqual([expected]);
    expect((await answer(outsider, ids.transfer)).matches).toEqual([expected]);
    expect(await answer(admin, transferCode(ids.transfer))).toEqual(noMatch(transferCode(ids.transfer)));
  });
  it('answers a request to its requester and its managers, by id or by number in the project', async () => {
    const expected = { kind: 'request', id: ids.request, num: 1, project_id: P, status: 'requested' };
    expect((await answer(crew, requestCode(ids.request))).matches).toEqual([expected]);
    expect((await answer(manager, ids.request)).matches).toEqual([expected]);
    expect((await answer(manager, 'R-1', { project_id: P })).matches).toEqual([expected]);
    expect(await answer(manager, 'R-2', { project_id: P })).toEqual(noMatch('R-2'));
    expect(await answer(outsider, 'r-1', { project_id: P })).toEqual(noMatch('r-1'));
    expect(await answer(outsider, requestCode(ids.request))).toEqual(noMatch(requestCode(ids.request)));
  });
  it('asks for a project first when a request number is scanned outside one', async () => {
    expect(await answer(manager, 'R-1')).toEqual({ code: 'R-1', matches: [], message: requestNumberNeedsProject('R-1') });
    expect(requestNumberNeedsProject('R-1')).toBe('Open a project first: “R-1” is a request number, and each project numbers its own.');
  });
  it("answers a label to its project's members", async () => {
    const expected = { kind: 'label', id: ids.label, label_lines: ['RACK 7', 'Port 1'], system: 'Power', cluster_pod: null };
    expect((await answer(outsider, labelCode(ids.label))).matches).toEqual([expected]);
    expect((await answer(outsider, ids.label)).matches).toEqual([expected]);
    expect(await answer(crew, labelCode(ids.label))).toEqual(noMatch(labelCode(ids.label)));
  });
});

describe('text: serial numbers, asset numbers, part numbers', () => {
  it('finds every instance a serial names without case, among those the caller may see', async () => {
    const serials = async (cookie: string) => (await answer(cookie, 'Sn-P1')).matches.map((m: { instance: { id: string } }) => m.instance.id).sort();
    expect(await serials(admin)).toEqual([ids.available, ids.quay].sort());
    expect(await serials(crew)).toEqual([ids.available]);
    const quay = (await answer(outsider, 'sn-p1')).matches;
    expect(quay).toEqual([expect.objectContaining({ kind: 'asset', actions: ['mark_in_use', 'move_to_warehouse', 'lost'] })]);
  });
  it('names the asset type of an asset number to anyone signed in', async () => {
    const expected = { kind: 'asset-type', asset_number: 'DR-1', asset_name: 'Drill', serial_required: true };
    expect((await answer(outsider, 'dr-1')).matches).toEqual([expect.objectContaining(expected)]);
  });
  it("finds a part in the page's project with the figures and the role's actions", async () => {
    const at = { type: 'project', id: P, label: 'P-100 · Tower' };
    const part = { kind: 'part', part_number: 'PN-100', part_name: 'Cable tray', at, on_hand: 5 };
    expect((await answer(manager, 'pn-100', { project_id: P })).matches).toEqual([
      expect.objectContaining({ ...part, actions: ['receive', 'return', 'assign', 'lost'] }),
    ]);
    expect((await answer(crew, 'PN-100', { project_id: P })).matches).toEqual([expect.objectContaining({ ...part, actions: [] })]);
    // A part the project has never held is there to receive.
    expect((await answer(manager, 'BLT-10', { project_id: P })).matches).toEqual([
      expect.objectContaining({ kind: 'part', part_number: 'BLT-10', at, on_hand: 0, actions: ['receive'] }),
    ]);
    expect(await answer(outsider, 'PN-100', { project_id: P })).toEqual(noMatch('PN-100'));
    expect(await answer(crew, 'PN-100', { warehouse_id: W })).toEqual(noMatch('PN-100'));
  });
  it("finds a part in the page's warehouse for admins, and everywhere the caller may look without a page", async () => {
    const yard = { type: 'warehouse', id: W, label: `#${warehouseNum} · North Yard` };
    expect((await answer(admin, 'PN-100', { warehouse_id: W })).matches).toEqual([
      expect.objectContaining({ kind: 'part', at: yard, on_hand: 7, actions: ['receive', 'return', 'assign', 'unassign', 'lost'] }),
    ]);
    const places = async (cookie: string) => (await answer(cookie, 'PN-100')).matches.map((m: { at: { id: string }; on_hand: number }) => [m.at.id, m.on_hand]);
    expect(await places(admin)).toEqual([[W, 7]]);
    expect(await places(manager)).toEqual([[P, 5]]);
    expect(await places(outsider)).toEqual([[Q, 2]]);
  });
  it('looks an EAN up as a part number', async () => {
    expect((await answer(crew, '4006381333931')).matches).toEqual([expect.objectContaining({ kind: 'part', part_name: 'Boxed lamp', on_hand: 1 })]);
  });
  it('says no match for what names nothing', async () => {
    expect(await answer(admin, 'NOPE-1')).toEqual(noMatch('NOPE-1'));
  });
});

describe('a warehouse location', () => {
  it('lists what the place holds, for admins, with the place as the warehouse writes it', async () => {
    const code = locationCode(warehouseNum, { rack: 'rack a', shelf: '2', bin: null, zone: null });
    const { matches } = await answer(admin, code);
    expect(matches).toEqual([
      {
        kind: 'location',
        warehouse_id: W,
        warehouse_label: `#${warehouseNum} · North Yard`,
        place: { rack: 'Rack A', shelf: '2', bin: null, zone: null, notes: null },
        code: `LOC:${warehouseNum}:Rack A|2`,
        items: [expect.objectContaining({ part_number: 'BLT-10', qty: 3 }), expect.objectContaining({ part_number: 'PN-100', qty: 7 })],
      },
    ]);
    const empty = (await answer(admin, `LOC:${warehouseNum}:B|9`)).matches[0];
    expect([empty.place, empty.items]).toEqual([{ rack: 'B', shelf: '9', bin: null, zone: null, notes: null }, []]);
  });
  it('is no match for anyone else, and for a warehouse number that does not exist', async () => {
    expect(await answer(manager, `LOC:${warehouseNum}:Rack A|2`)).toEqual(noMatch(`LOC:${warehouseNum}:Rack A|2`));
    expect(await answer(admin, 'LOC:999999:A')).toEqual(noMatch('LOC:999999:A'));
  });
});
