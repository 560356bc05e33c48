/**
 * The asset-number picker tells where each instance is only to someone who may see that place:
 * a member of the holding project (or a superadmin), an admin for a warehouse. Anyone else gets the
 * instance with its place, its user and its notes left out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';
import { createWarehouse } from '../../warehouses/warehouse-commands.ts';
import { createAssetCatalogItem, createAssetCategory } from '../../assets/catalog-commands.ts';
import { runInstance } from '../../assets/instance-commands.ts';
import type { AssetNumberItem } from '../../../contract/asset-rows.ts';

const system = { metadata: SYSTEM_ACTOR };
let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let catalogId: string;
let mine: string;
let theirs: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  const store = runtime.store;
  mine = await createProject(store, { name: 'Mine', customer: null, number: 'MINE-1' }, system);
  theirs = await createProject(store, { name: 'Secret Tower', customer: null, number: 'SECRET-9' }, system);
  const warehouseId = await createWarehouse(store, { name: 'North Yard', location: null, capacitySummary: null }, system);
  const categoryId = await createAssetCategory(store, { name: 'Drills', kind: 'serialized' }, system);
  catalogId = await createAssetCatalogItem(store, { assetNumber: 'DR-1', assetName: 'Drill', categoryId }, system);
  const W = { type: 'warehouse' as const, id: warehouseId };
  for (const [serial, place] of [
    ['SN-MINE', mine],
    ['SN-THEIRS', theirs],
    ['SN-YARD', null],
  ] as const) {
    const receive = { type: 'receive-new' as const, catalogId, serialNumber: serial, assetName: null, condition: null, notes: `note ${serial}` };
    const id = await runInstance(store, null, { ...receive, to: W, parentWarehouseId: null, metadata: {} }, system);
    if (place) await runInstance(store, id, { type: 'move', from: W, to: { type: 'project', id: place }, notes: null }, system);
  }
  for (const [email, role] of [
    ['member@example.com', 'user'],
    ['admin@example.com', 'admin'],
    ['boss@example.com', 'superadmin'],
  ] as const) {
    const { userId } = await createUser(runtime, email, 'password 12345', role);
    if (role !== 'superadmin') await changeMembership(store, mine, { type: 'add', userId, role: 'user' }, system);
  }
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

async function pickerAs(email: string): Promise<Record<string, AssetNumberItem>> {
  const cookie = await signIn(app, email, 'password 12345');
  const response = await app.inject({ method: 'GET', url: `/api/assets/catalog/${catalogId}/asset-numbers`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return Object.fromEntries((response.json().items as AssetNumberItem[]).map((item) => [item.serial_number, item]));
}

describe('the asset-number picker', () => {
  it('shows a plain member where an instance is only in their own project', async () => {
    const items = await pickerAs('member@example.com');
    expect(Object.keys(items).sort()).toEqual(['SN-MINE', 'SN-THEIRS', 'SN-YARD']);
    expect(items['SN-MINE']).toMatchObject({ owner_id: mine, project_id: mine, owner_label: 'MINE-1 · Mine', notes: 'note SN-MINE' });
    for (const hidden of ['SN-THEIRS', 'SN-YARD']) {
      expect(items[hidden]).toMatchObject({ owner_id: null, owner_label: null, project_id: null, warehouse_id: null, notes: null, assigned_user_id: null });
    }
    expect(JSON.stringify(items)).not.toContain('Secret Tower');
  });

  it('shows a global admin the warehouses, but not a project they are not in', async () => {
    const items = await pickerAs('admin@example.com');
    expect(items['SN-YARD']!.owner_label).toMatch(/North Yard$/);
    expect(items['SN-THEIRS']).toMatchObject({ owner_id: null, owner_label: null, project_id: null });
    expect(JSON.stringify(items)).not.toContain('SECRET-9');
  });

  it('shows a superadmin every place', async () => {
    const items = await pickerAs('boss@example.com');
    expect(items['SN-THEIRS']).toMatchObject({ owner_id: theirs, owner_label: 'SECRET-9 · Secret Tower' });
    expect(items['SN-YARD']!.owner_label).toMatch(/North Yard$/);
  });
});

describe('the transfer wizard lists', () => {
  it('refuse a plain member with a message that says who may request a transfer, before looking at the query', async () => {
    const cookie = await signIn(app, 'member@example.com', 'password 12345');
    for (const url of ['/api/transfers/source-projects', '/api/transfers/source-items?project_id=not-a-uuid', '/api/materials/search-projects?q=DR']) {
      const response = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'FORBIDDEN', message: 'Only a project admin or manager can request a transfer.' });
    }
  });
});
