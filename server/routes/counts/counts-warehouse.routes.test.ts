/**
 * A warehouse's counts: one line per part and place holding units, filters and cycle sets, serial
 * numbers counted as asset lines, and a part found at a place the plan did not list becoming a
 * line of its own. A warehouse's counts are the global admins'; any active user may be a counter.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_MESSAGES, type CounterLine, type CountPlanAnswer } from '../../../contract/counts.ts';
import { createAssetCatalogItem, createAssetCategory } from '../../assets/catalog-commands.ts';
import { runInstance } from '../../assets/instance-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';
import { createWarehouse } from '../../warehouses/warehouse-commands.ts';
import { runWarehouseStock } from '../../warehouses/warehouse-stock-commands.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let warehouseId: string;
const ids: Record<string, string> = {};
const cookies: Record<string, string> = {};
const system = { metadata: SYSTEM_ACTOR };

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  for (const [name, role] of [
    ['admin', 'admin'],
    ['crew', 'user'],
    ['other', 'user'],
  ] as const) {
    ids[name] = (await createUser(runtime, `${name}@acme.test`, `${name} password`, role, { firstName: name, lastName: 'Person' })).userId;
    cookies[name] = await signIn(app, `${name}@acme.test`, `${name} password`);
  }
  warehouseId = await createWarehouse(runtime.store, { name: 'North Yard', location: null, capacitySummary: null }, system);
  const receive = (partNumber: string, quantity: number, place: Record<string, string>) =>
    runWarehouseStock(
      runtime.store,
      { type: 'receive', warehouseId, partNumber, quantity, place, partName: `Part ${partNumber}`, partNickname: partNumber },
      system,
    );
  await receive('PN-1', 10, { rack: 'A', bin: '1' });
  await receive('PN-1', 5, { rack: 'B' });
  await receive('PN-2', 3, { rack: 'A', bin: '2' });
  const category = await createAssetCategory(runtime.store, { name: 'Tools', kind: 'serialized' }, system);
  const catalogId = await createAssetCatalogItem(runtime.store, { assetNumber: 'DRL', assetName: 'Drill', categoryId: category }, system);
  for (const serialNumber of ['D-1', 'D-2']) {
    const request = {
      type: 'receive-new' as const,
      catalogId,
      serialNumber,
      assetName: null,
      condition: null,
      notes: null,
      parentWarehouseId: null,
      metadata: {},
    };
    await runInstance(runtime.store, null, { ...request, to: { type: 'warehouse', id: warehouseId } }, system);
  }
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({ method, url, headers: { cookie: cookies[who]! }, ...(payload === undefined ? {} : { payload: payload as object }) });
const location = () => ({ kind: 'warehouse', id: warehouseId });
const plan = async (scope: unknown, includeAssets = false) => {
  const answer = await call('admin', 'POST', '/api/counts/plan', { location: location(), scope, include_assets: includeAssets });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as CountPlanAnswer;
};
const where = (p: CountPlanAnswer) => p.items.map((i) => `${i.part_number ?? i.serial_number} @ ${i.place_label}`);

describe('warehouse counts', () => {
  it('plans one line per part and place, narrowed by part number and place, with the assets held when asked', async () => {
    expect(where(await plan({ kind: 'all' }))).toEqual(['PN-1 @ Rack A · Bin 1', 'PN-1 @ Rack B', 'PN-2 @ Rack A · Bin 2']);
    expect(where(await plan({ kind: 'filter', place: 'b' }))).toEqual(['PN-1 @ Rack B']);
    expect(where(await plan({ kind: 'filter', part_prefix: 'pn-2' }))).toEqual(['PN-2 @ Rack A · Bin 2']);
    expect(where(await plan({ kind: 'filter', part_prefix: 'PN_' }))).toEqual([]);
    expect((await plan({ kind: 'filter', below_threshold: true })).total).toBe(3);
    expect(where(await plan({ kind: 'all' }, true)).slice(3)).toEqual(['D-1 @ null', 'D-2 @ null']);
  });

  it('proposes cycle sets: the most moved, the never counted, none with past variances yet', async () => {
    expect(where(await plan({ kind: 'cycle', strategy: 'most_moved', size: 2 }))).toEqual(['PN-1 @ Rack A · Bin 1', 'PN-1 @ Rack B']);
    expect((await plan({ kind: 'cycle', strategy: 'oldest', size: 2 })).total).toBe(2);
    expect((await plan({ kind: 'cycle', strategy: 'variances', size: 5 })).total).toBe(0);
    const none = await call('admin', 'POST', '/api/counts', {
      location: location(),
      scope: { kind: 'cycle', strategy: 'variances', size: 5 },
      name: 'Nothing',
      counters: [ids.crew],
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(COUNT_MESSAGES.noLines);
  });

  it('lets an admin open it for any user, who counts places and serials, planned or not', async () => {
    const refused = await call('crew', 'POST', '/api/counts', { location: location(), scope: { kind: 'all' }, name: 'Mine', counters: [ids.crew] });
    expect(refused.statusCode).toBe(403);
    const opened = await call('admin', 'POST', '/api/counts', {
      location: location(),
      scope: { kind: 'all' },
      include_assets: true,
      name: 'Yard',
      counters: [ids.crew],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const session = opened.json();
    expect(session).toMatchObject({ location_label: expect.stringContaining('North Yard'), line_total: 5, scope_label: 'All parts, with assets' });
    const count = (body: Record<string, unknown>) => call('crew', 'POST', `/api/counts/${session.id}/count`, body);
    expect((await count({ part_number: 'pn-1', place: { rack: 'a', bin: '1' }, counted: 9 })).json()).toMatchObject({ seq: 1, counted: 9 });
    expect((await count({ part_number: 'PN-1', place: { rack: 'C' }, counted: 2 })).json()).toMatchObject({ seq: 6 });
    expect((await count({ serial_number: 'd-1', counted: 1 })).json()).toMatchObject({ seq: 4 });
    const missing = await count({ serial_number: 'NOPE', counted: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(COUNT_MESSAGES.serialNotFound('NOPE'));
    const lines = (await call('crew', 'GET', `/api/counts/${session.id}/lines`)).json().items as CounterLine[];
    expect(lines.map((l) => [l.seq, l.part_number ?? l.serial_number, l.place_label, l.status, l.planned])).toEqual([
      [1, 'PN-1', 'Rack A · Bin 1', 'counted', true],
      [2, 'PN-1', 'Rack B', 'to_count', true],
      [3, 'PN-2', 'Rack A · Bin 2', 'to_count', true],
      [4, 'D-1', null, 'counted', true],
      [5, 'D-2', null, 'to_count', true],
      [6, 'PN-1', 'Rack C', 'counted', false],
    ]);
    const mine = await call('crew', 'GET', `/api/counts?warehouse_id=${warehouseId}`);
    expect(mine.json().items.map((s: { id: string }) => s.id)).toEqual([session.id]);
    expect((await call('other', 'GET', `/api/counts?warehouse_id=${warehouseId}`)).json().items).toEqual([]);
    expect((await call('other', 'GET', `/api/counts/${session.id}/lines`)).statusCode).toBe(403);
    expect((await call('admin', 'GET', `/api/counts?warehouse_id=${warehouseId}&status=open`)).json().items).toHaveLength(1);
  });
  it('takes a serial sent as a part number when the count takes assets, and refuses it when not', async () => {
    const open = async (name: string, includeAssets: boolean) => {
      const opened = await call('admin', 'POST', '/api/counts', {
        location: location(),
        scope: { kind: 'all' },
        include_assets: includeAssets,
        name,
        counters: [ids.crew],
      });
      expect(opened.statusCode, opened.body).toBe(201);
      return opened.json().id as string;
    };
    const withAssets = await open('Typed serials', true);
    const typed = await call('crew', 'POST', `/api/counts/${withAssets}/count`, { part_number: 'd-2', counted: 1 });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({ seq: 5, counted: 1 });
    const lines = (await call('crew', 'GET', `/api/counts/${withAssets}/lines`)).json().items as CounterLine[];
    expect(lines.find((l) => l.seq === 5)).toMatchObject({ serial_number: 'D-2', status: 'counted', planned: true });
    const neither = await call('crew', 'POST', `/api/counts/${withAssets}/count`, { part_number: 'NOPE-9', counted: 1 });
    expect(neither.statusCode).toBe(404);
    expect(neither.json()).toMatchObject({ message: COUNT_MESSAGES.partNotFound('NOPE-9'), field: 'part_number' });

    const partsOnly = await open('Parts only', false);
    const refused = await call('crew', 'POST', `/api/counts/${partsOnly}/count`, { part_number: 'D-1', counted: 1 });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(COUNT_MESSAGES.partNotFound('D-1'));
  });
});
