/**
 * The asset read tables are folds of the events alone: after a history of every asset command
 * (categories, types, instances moved, in use, lost and found, bulk units moved, deletions), a
 * rebuild of each asset projection gives identical rows, verify finds no difference, every chain
 * holds, and each event names the `assets` topic for the projects it touches.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyHashChains } from '../../ledger/event-store/verify-chains.ts';
import { changesOf } from '../../ledger/events.ts';
import { readStreams } from '../../ledger/event-store/event-store.ts';
import { assetInventoryAsOf } from '../../projections/asset-transactions/as-of.ts';
import { assetInventory } from '../../projections/assets/queries.ts';
import { projectors } from '../../projections/registry.ts';
import { rebuildProjection } from '../../projections/rebuild.ts';
import { verifyProjection } from '../../projections/verify.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { createUser } from '../../test/helpers/test-app.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { createWarehouse } from '../warehouses/warehouse-commands.ts';
import { runBulk } from './bulk-commands.ts';
import { changeAssetCatalogItem, changeAssetCategory, createAssetCatalogItem, createAssetCategory } from './catalog-commands.ts';
import { runInstance } from './instance-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const system = { metadata: SYSTEM_ACTOR };
const assetProjectors = projectors.filter((p) => p.name.startsWith('asset'));
let instanceId: string;
let P: string;

async function snapshot(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of assetProjectors.flatMap((p) => p.tables)) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)} order by ${sql.join(table.key.map((k) => sql.ref(k)))}`.execute(
      runtime.store.db,
    );
    out[table.name] = rows.map((r) => JSON.parse(JSON.stringify(r)));
  }
  return out;
}

beforeAll(async () => {
  runtime = await openTestRuntime();
  const user = (await createUser(runtime, 'crew@example.com', 'crew password')).userId;
  const W = { type: 'warehouse' as const, id: await createWarehouse(runtime.store, { name: 'Main', location: null, capacitySummary: null }, system) };
  P = await createProject(runtime.store, { name: 'Bridge', customer: null, number: 'B-1' }, system);
  await changeMembership(runtime.store, P, { type: 'add', userId: user, role: 'user' }, system);
  const project = { type: 'project' as const, id: P };
  const serialized = await createAssetCategory(runtime.store, { name: 'Tools', kind: 'serialized' }, system);
  const bulk = await createAssetCategory(runtime.store, { name: 'Barriers', kind: 'bulk' }, system);
  const unused = await createAssetCategory(runtime.store, { name: 'Old', kind: 'bulk' }, system);
  await changeAssetCategory(runtime.store, unused, { type: 'delete' }, system);
  const drill = await createAssetCatalogItem(runtime.store, { assetNumber: 'DRL', assetName: 'Drill', categoryId: serialized }, system);
  const barrier = await createAssetCatalogItem(runtime.store, { assetNumber: 'BAR', assetName: 'Barrier', categoryId: bulk }, system);
  const gone = await createAssetCatalogItem(runtime.store, { assetNumber: 'GONE', assetName: 'Gone', categoryId: serialized }, system);
  await changeAssetCatalogItem(runtime.store, gone, { type: 'edit', assetNumber: 'GONE', assetName: 'Gone "quoted"\ttab', categoryId: serialized }, system);
  await changeAssetCatalogItem(runtime.store, gone, { type: 'delete' }, system);
  const receive = (serial: string) =>
    runInstance(
      runtime.store,
      null,
      {
        type: 'receive-new',
        catalogId: drill,
        serialNumber: serial,
        assetName: null,
        condition: 'fair',
        notes: 'line\nbreak',
        to: W,
        parentWarehouseId: null,
        metadata: { bay: 3 },
      },
      system,
    );
  instanceId = await receive('D-1');
  const other = await receive('D-2');
  await runInstance(runtime.store, instanceId, { type: 'move', from: W, to: project, notes: null }, system);
  await runInstance(runtime.store, instanceId, { type: 'in-use', inUse: true, userId: user, notes: null }, system);
  await runInstance(runtime.store, instanceId, { type: 'lost', at: project, notes: 'gone' }, system);
  await runInstance(runtime.store, instanceId, { type: 'found', at: project, notes: null }, system);
  await runInstance(runtime.store, other, { type: 'move', from: null, to: project, notes: null }, system);
  await runInstance(runtime.store, other, { type: 'move', from: project, to: W, notes: null }, system);
  await runBulk(runtime.store, { type: 'receive', catalogId: barrier, at: W, quantity: 30, notes: null }, system);
  await runBulk(runtime.store, { type: 'move', catalogId: barrier, from: W, to: project, quantity: 12, notes: null }, system);
  await runBulk(runtime.store, { type: 'lost', catalogId: barrier, at: project, quantity: 2, notes: null }, system);
  await runBulk(runtime.store, { type: 'found', catalogId: barrier, at: project, quantity: 1, notes: null }, system);
  await runBulk(runtime.store, { type: 'move', catalogId: barrier, from: project, to: W, quantity: 5, notes: null }, system);
});
afterAll(async () => {
  await runtime.close();
});

describe('asset projections', () => {
  it('hold what the history says', async () => {
    const tables = await snapshot();
    expect(tables.asset_stock).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ owner_type: 'warehouse', on_hand: 23, assigned: 7, lost: 0 }),
        expect.objectContaining({ owner_type: 'project', on_hand: 6, assigned: 0, lost: 1 }),
      ]),
    );
    expect(tables.asset_transactions).toHaveLength(13);
    expect(tables.asset_categories).toHaveLength(3);
  });

  it('rebuild to identical rows, verify finds nothing and every chain holds', async () => {
    const before = await snapshot();
    expect(assetProjectors.map((p) => p.name).sort()).toEqual(['asset-transactions', 'assets', 'assets-catalog']);
    for (const projector of assetProjectors) await rebuildProjection(runtime.store, projector, { batchSize: 5, databaseUrl: runtime.database.url });
    expect(await snapshot()).toEqual(before);
    for (const projector of assetProjectors) expect((await verifyProjection(runtime.store, projector)).differences, projector.name).toEqual([]);
    expect((await verifyHashChains(runtime.store)).problems).toEqual([]);
  });

  it('name the assets topic for every screen and for the project an event touches', async () => {
    const events = (await readStreams(runtime.store.db, [`asset:${instanceId}`])).get(`asset:${instanceId}`)!;
    expect(changesOf(events[1]!)).toEqual([
      { projectId: '*', topics: ['assets'] },
      { projectId: P, topics: ['assets'] },
    ]);
  });
});

describe('asset rows as of an instant', () => {
  it('show where instances and bulk units were then, and now the same rows as the live tables', async () => {
    const day = 86_400_000;
    const t0 = Date.UTC(2026, 5, 1);
    const at = (d: number) => ({ ...system, now: new Date(t0 + d * day) });
    const user = (await createUser(runtime, 'asof@example.com', 'asof password')).userId;
    const W = { type: 'warehouse' as const, id: await createWarehouse(runtime.store, { name: 'As-of Yard', location: null, capacitySummary: null }, system) };
    const project = { type: 'project' as const, id: await createProject(runtime.store, { name: 'As-of site', customer: null, number: 'AS-1' }, system) };
    await changeMembership(runtime.store, project.id, { type: 'add', userId: user, role: 'user' }, system);
    const category = await createAssetCategory(runtime.store, { name: 'As-of tools', kind: 'serialized' }, system);
    const bulkCategory = await createAssetCategory(runtime.store, { name: 'As-of cones', kind: 'bulk' }, system);
    const saw = await createAssetCatalogItem(runtime.store, { assetNumber: 'SAW', assetName: 'Saw', assetNickname: 'Chop saw', categoryId: category }, system);
    const cone = await createAssetCatalogItem(runtime.store, { assetNumber: 'CONE-AS', assetName: 'Cone', categoryId: bulkCategory }, system);
    const id = await runInstance(
      runtime.store,
      null,
      { type: 'receive-new', catalogId: saw, serialNumber: 'S-1', assetName: null, condition: null, notes: null, to: W, parentWarehouseId: null, metadata: {} },
      at(1),
    );
    await runBulk(runtime.store, { type: 'receive', catalogId: cone, at: W, quantity: 10, notes: null }, at(1));
    await runInstance(runtime.store, id, { type: 'move', from: W, to: project, notes: null }, at(3));
    await runBulk(runtime.store, { type: 'move', catalogId: cone, from: W, to: project, quantity: 4, notes: null }, at(3));
    await runInstance(runtime.store, id, { type: 'in-use', inUse: true, userId: user, notes: null }, at(5));
    await runBulk(runtime.store, { type: 'lost', catalogId: cone, at: project, quantity: 1, notes: null }, at(5));

    const brief = (rows: Awaited<ReturnType<typeof assetInventory>>) => rows.map((r) => [r.AssetNumber, r.Status, r.QtyOnHand, r.AssignedQty, r.QtyLost]);
    expect(brief(await assetInventoryAsOf(runtime.store.db, W, new Date(t0 + 2 * day)))).toEqual([
      ['CONE-AS', 'Available', 10, 0, 0],
      ['SAW', 'Available', 1, 0, 0],
    ]);
    expect(brief(await assetInventoryAsOf(runtime.store.db, project, new Date(t0 + 2 * day)))).toEqual([]);
    expect(brief(await assetInventoryAsOf(runtime.store.db, project, new Date(t0 + 4 * day)))).toEqual([
      ['CONE-AS', 'Available', 4, 0, 0],
      ['SAW', 'Available', 1, 0, 0],
    ]);
    const now = new Date();
    for (const owner of [W, project]) {
      const live = (await assetInventory(runtime.store.db, owner)).map((r) => ({ ...r, assigned_user_name: null }));
      expect(await assetInventoryAsOf(runtime.store.db, owner, now)).toEqual(live);
    }
    expect(brief(await assetInventory(runtime.store.db, W))).toEqual([['CONE-AS', 'Available', 6, 4, 0]]);
  });
});
