/**
 * Reviewing and posting a warehouse's count: each place measured against its own units when it was
 * counted (a relocation after the count moves neither line's expected figure), serials found,
 * missing and unexpected, and posting takes the shortage from the counted place and marks the
 * missing asset lost.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterLine, VarianceLine } from '../../../contract/counts.ts';
import { projectors } from '../../../projections/registry.ts';
import { verifyProjections } from '../../../projections/verify.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { createAssetCatalogItem, createAssetCategory } from '../../assets/catalog-commands.ts';
import { runInstance } from '../../assets/instance-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';
import { createWarehouse } from '../../warehouses/warehouse-commands.ts';
import { runWarehouseStock } from '../../warehouses/warehouse-stock-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let warehouseId: string;
const ids: Record<string, string> = {};
const cookies: Record<string, string> = {};
const system = { metadata: SYSTEM_ACTOR };
const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie: cookies[who]! }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  for (const [name, role] of [
    ['admin', 'admin'],
    ['crew', 'user'],
  ] as const) {
    ids[name] = (await createUser(runtime, `${name}@yard.test`, `${name} password`, role, { firstName: name, lastName: 'Person' })).userId;
    cookies[name] = await signIn(app, `${name}@yard.test`, `${name} password`);
  }
  warehouseId = await createWarehouse(runtime.store, { name: 'Yard', location: null, capacitySummary: null }, system);
  const elsewhere = await createWarehouse(runtime.store, { name: 'Other yard', location: null, capacitySummary: null }, system);
  const receive = (quantity: number, place: Record<string, string>) =>
    runWarehouseStock(runtime.store, { type: 'receive', warehouseId, partNumber: 'PN-1', quantity, place, partName: 'Part', partNickname: 'Part' }, system);
  await receive(10, { rack: 'A', bin: '1' });
  await receive(5, { rack: 'B' });
  const category = await createAssetCategory(runtime.store, { name: 'Tools', kind: 'serialized' }, system);
  const catalogId = await createAssetCatalogItem(runtime.store, { assetNumber: 'DRL', assetName: 'Drill', categoryId: category }, system);
  for (const [serialNumber, at] of [
    ['D-1', warehouseId],
    ['D-2', warehouseId],
    ['D-3', elsewhere],
  ] as const) {
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
    await runInstance(runtime.store, null, { ...request, to: { type: 'warehouse', id: at } }, system);
  }
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe("a warehouse's count", () => {
  let sessionId: string;
  const byName = (items: VarianceLine[]) => Object.fromEntries(items.map((l) => [`${l.part_number ?? l.serial_number} @ ${l.place_label}`, l]));

  it('measures each place as it stood when counted, and each serial where the books hold it', async () => {
    const opened = await call('admin', 'POST', '/api/counts', {
      location: { kind: 'warehouse', id: warehouseId },
      scope: { kind: 'all' },
      include_assets: true,
      name: 'Yard stocktake',
      counters: [ids.crew],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    sessionId = opened.json().id;
    const lines = (await call('crew', 'GET', `/api/counts/${sessionId}/lines`)).json().items as CounterLine[];
    const lineAt = (label: string) => lines.find((l) => l.place_label === label && l.kind === 'part')!.line_id;
    const count = async (body: object) => {
      const answer = await call('crew', 'POST', `/api/counts/${sessionId}/count`, body);
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await count({ line_id: lineAt('Rack A · Bin 1'), counted: 9 });
    await count({ line_id: lineAt('Rack B'), counted: 5 });
    await count({ serial_number: 'D-1', counted: 1 });
    await count({ serial_number: 'D-3', counted: 1 });
    // After the count, 4 move from A to B: neither line's expected figure changes.
    await runWarehouseStock(
      runtime.store,
      { type: 'relocate', warehouseId, partNumber: 'PN-1', quantity: 4, from: { rack: 'A', bin: '1' }, to: { rack: 'B' } },
      system,
    );

    const variance = await call('admin', 'GET', `/api/counts/${sessionId}/variance`);
    expect(variance.statusCode, variance.body).toBe(200);
    const items = byName(variance.json().items);
    expect(items['PN-1 @ Rack A · Bin 1']).toMatchObject({ expected: 10, difference: -1, percent: -10, moved_since: -4, movements_since: 1 });
    expect(items['PN-1 @ Rack B']).toMatchObject({ expected: 5, difference: 0, percent: 0, moved_since: 4, movements_since: 1 });
    expect(items['D-1 @ null']).toMatchObject({ asset_result: 'found', expected: null });
    expect(items['D-2 @ null']).toMatchObject({ asset_result: 'missing' });
    expect(items['D-3 @ null']).toMatchObject({ asset_result: 'unexpected', planned: false });
    expect((await call('crew', 'GET', `/api/counts/${sessionId}/variance`)).statusCode).toBe(403);
  });

  it('posts the shortage at its place and marks the missing serial lost', async () => {
    const posted = await call('admin', 'POST', `/api/counts/${sessionId}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ adjustments: 1, assets_lost: 1, assets_found: 0 });
    const { rows: places } = await sql<{ place_key: string; qty: number }>`
      select place_key, qty from warehouse_stock_places where warehouse_id = ${warehouseId} order by place_key`.execute(runtime.store.db);
    expect(places.map((p) => Number(p.qty))).toEqual([5, 9]);
    const { rows: lost } = await sql<{ serial_number: string }>`
      select serial_number from asset_instances where lost order by serial_number`.execute(runtime.store.db);
    expect(lost.map((r) => r.serial_number)).toEqual(['D-2']);
    const last = await call('admin', 'GET', `/api/counts/last-counted?warehouse_id=${warehouseId}`);
    expect(last.json().items.map((r: { place_label: string; last_difference: number | null }) => [r.place_label, r.last_difference])).toEqual([
      ['Rack A · Bin 1', -1],
      ['Rack B', 0],
    ]);
    const reports = await verifyProjections(runtime.store, projectors);
    expect(reports.flatMap((r) => r.differences)).toEqual([]);
  });
});
