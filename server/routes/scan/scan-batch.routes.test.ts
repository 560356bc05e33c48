/**
 * The scan batches end to end: a box of serials received into a warehouse (one command, each line
 * its new instance, the rows in the warehouse's inventory), refused lines answered per line with
 * nothing recorded, two boxes sharing a serial at once, several instances checked out and returned,
 * and the roles and bodies the routes turn away.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_MESSAGES as M } from '../../../contract/messages/assets.ts';
import { projectors } from '../../../projections/registry.ts';
import { rebuildProjections } from '../../../projections/rebuild.ts';
import { verifyLedger } from '../../../projections/verify.ts';
import { SCAN_BATCH_MAX, SCAN_BATCH_MESSAGES, SCAN_PATHS, type ScanBatchAnswer, scanSerialAmbiguous, trackerUrl } from '../../../contract/scan.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { createAssetCatalogItem, createAssetCategory } from '../../assets/catalog-commands.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';
import { createWarehouse } from '../../warehouses/warehouse-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let admin: string;
let manager: string;
let plain: string;
let memberId: string;
let P: string;
let W: string;
let radios: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'admin@example.com', 'admin password', 'admin');
  await createUser(runtime, 'plain@example.com', 'plain password', 'user');
  const managerId = (await createUser(runtime, 'pm@example.com', 'pm password', 'user')).userId;
  memberId = (await createUser(runtime, 'crew@example.com', 'crew password', 'user')).userId;
  const system = { metadata: SYSTEM_ACTOR };
  P = await createProject(runtime.store, { name: 'Tower', customer: 'Grid', number: 'P-100' }, system);
  await changeMembership(runtime.store, P, { type: 'add', userId: managerId, role: 'manager' }, system);
  await changeMembership(runtime.store, P, { type: 'add', userId: memberId, role: 'user' }, system);
  W = await createWarehouse(runtime.store, { name: 'North Yard', location: null, capacitySummary: null }, system);
  const serialized = await createAssetCategory(runtime.store, { name: 'Radios', kind: 'serialized' }, system);
  radios = serialized;
  const bulk = await createAssetCategory(runtime.store, { name: 'Cones', kind: 'bulk' }, system);
  await createAssetCatalogItem(runtime.store, { assetNumber: 'RAD-1', assetName: 'Radio', categoryId: serialized }, system);
  await createAssetCatalogItem(runtime.store, { assetNumber: 'CONE-1', assetName: 'Cone', categoryId: bulk }, system);
  admin = await signIn(app, 'admin@example.com', 'admin password');
  manager = await signIn(app, 'pm@example.com', 'pm password');
  plain = await signIn(app, 'plain@example.com', 'plain password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const post = (cookie: string, url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: { cookie } });
const batch = (response: { statusCode: number; body: string; json: () => unknown }): ScanBatchAnswer => {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ScanBatchAnswer;
};
const intoW = (serials: string[], over: object = {}) => ({
  to_owner_type: 'warehouse',
  to_owner_id: W,
  asset_number: 'RAD-1',
  lines: serials.map((serial_number) => ({ serial_number })),
  ...over,
});
const inventory = async (owner: 'warehouse' | 'project', id: string) => {
  const response = await app.inject({
    method: 'GET',
    url: `/api/assets/inventory/${owner}/${id}`,
    headers: { cookie: owner === 'warehouse' ? admin : manager },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: Array<{ serial_number: string | null; instance_id: string | null; in_use: boolean; assigned_user_id: string | null }> })
    .items;
};

describe('receiving a box of scanned serials', () => {
  it('receives every serial as a new instance in one command, each line with its instance, the rows in the warehouse', async () => {
    const before = await runtime.store.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const answer = batch(await post(admin, SCAN_PATHS.receive, intoW(['R-001', 'R-002', 'R-003'], { notes: 'Box 7' })));
    expect(answer.applied).toBe(true);
    expect(answer.summary).toEqual({ ok: 3, failed: 0, not_applied: 0 });
    expect(answer.results.map(({ line, code, ok, status }) => ({ line, code, ok, status }))).toEqual([
      { line: 1, code: 'R-001', ok: true, status: 'OK' },
      { line: 2, code: 'R-002', ok: true, status: 'OK' },
      { line: 3, code: 'R-003', ok: true, status: 'OK' },
    ]);
    const rows = await inventory('warehouse', W);
    for (const result of answer.results) {
      expect(rows.find((row) => row.instance_id === result.instance_id)?.serial_number).toBe(result.code);
    }
    const after = await runtime.store.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(3);
    const events = await runtime.store.db
      .selectFrom('events')
      .select(['transaction_id', 'type'])
      .where(
        'stream_id',
        'in',
        answer.results.map((r) => `asset:${r.instance_id}`),
      )
      .execute();
    // One command: the three instances' events, the instance-received events every projection reads, in one transaction.
    expect(events.map((e) => e.type)).toEqual(['AssetInstanceReceived', 'AssetInstanceReceived', 'AssetInstanceReceived']);
    expect(new Set(events.map((e) => String(e.transaction_id))).size).toBe(1);
  });

  it('refuses a duplicate, an unknown type, a bulk type and a taken serial per line and records nothing', async () => {
    const before = await inventory('warehouse', W);
    const answer = batch(
      await post(admin, SCAN_PATHS.receive, {
        to_owner_type: 'warehouse',
        to_owner_id: W,
        asset_number: 'RAD-1',
        lines: [
          { serial_number: 'R-100' },
          { serial_number: 'r-100' },
          { serial_number: 'R-101', asset_number: 'NOPE-9' },
          { serial_number: 'R-102', asset_number: 'CONE-1' },
          { serial_number: 'R-001' },
          { serial_number: 'R-103' },
        ],
      }),
    );
    expect(answer.applied).toBe(false);
    expect(answer.results.map((r) => r.status)).toEqual([
      SCAN_BATCH_MESSAGES.notApplied,
      SCAN_BATCH_MESSAGES.duplicateInBatch,
      'Asset type NOPE-9 not found',
      M.bulkNeedsQuantity,
      M.serialTaken,
      SCAN_BATCH_MESSAGES.notApplied,
    ]);
    expect(answer.results.every((r) => !r.ok && r.instance_id === null)).toBe(true);
    expect(answer.summary).toEqual({ ok: 0, failed: 4, not_applied: 2 });
    expect(await inventory('warehouse', W)).toEqual(before);
  });

  it('lets a project manager receive into the project with the warehouse the instances belong to', async () => {
    const body = { to_owner_type: 'project', to_owner_id: P, asset_number: 'RAD-1', lines: [{ serial_number: 'R-200' }] };
    const refused = batch(await post(manager, SCAN_PATHS.receive, body));
    expect(refused.results[0]!.status).toBe(M.parentWarehouseRequired);
    const answer = batch(await post(manager, SCAN_PATHS.receive, { ...body, parent_warehouse_id: W }));
    expect(answer.applied).toBe(true);
    expect((await inventory('project', P)).map((r) => r.serial_number)).toContain('R-200');
  });

  it('of two boxes sharing a serial at once, exactly one is applied', async () => {
    const answers = (
      await Promise.all([post(admin, SCAN_PATHS.receive, intoW(['R-300', 'R-301'])), post(admin, SCAN_PATHS.receive, intoW(['R-302', 'R-300']))])
    ).map(batch);
    expect(answers.map((a) => a.applied).sort()).toEqual([false, true]);
    const loser = answers.find((a) => !a.applied)!;
    expect(loser.results.find((r) => r.code === 'R-300')!.status).toBe(M.serialTaken);
    const serials = (await inventory('warehouse', W)).map((r) => r.serial_number);
    expect(serials.filter((s) => s === 'R-300')).toHaveLength(1);
  });

  it('refuses a project member, a manager or plain user into a warehouse, an admin outside the project, and anyone signed out', async () => {
    expect((await post(plain, SCAN_PATHS.receive, intoW(['R-400']))).statusCode).toBe(403);
    expect((await post(manager, SCAN_PATHS.receive, intoW(['R-400']))).statusCode).toBe(403);
    const member = await signIn(app, 'crew@example.com', 'crew password');
    const intoP = { to_owner_type: 'project', to_owner_id: P, parent_warehouse_id: W, asset_number: 'RAD-1', lines: [{ serial_number: 'R-400' }] };
    expect((await post(member, SCAN_PATHS.receive, intoP)).statusCode).toBe(403);
    // As /api/projects/:id/assets/receive: into a project, whoever manages it; an admin is not one without a role in it.
    expect((await post(admin, SCAN_PATHS.receive, intoP)).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: SCAN_PATHS.receive, payload: intoW(['R-400']) })).statusCode).toBe(401);
  });

  it('answers 400 naming the field for a bad body', async () => {
    const tooMany = await post(admin, SCAN_PATHS.receive, intoW(Array.from({ length: SCAN_BATCH_MAX + 1 }, (_, i) => `X-${i}`)));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ message: SCAN_BATCH_MESSAGES.tooMany, field: 'lines' });
    const empty = await post(admin, SCAN_PATHS.receive, intoW([]));
    expect(empty.json()).toMatchObject({ message: SCAN_BATCH_MESSAGES.emptyBatch, field: 'lines' });
    const noType = await post(admin, SCAN_PATHS.receive, intoW(['R-500'], { asset_number: undefined }));
    expect(noType.statusCode).toBe(400);
    expect(noType.json()).toMatchObject({ message: 'Asset number is required.', field: 'lines.0.asset_number' });
    const badOwner = await post(admin, SCAN_PATHS.receive, intoW(['R-500'], { to_owner_type: 'shelf' }));
    expect(badOwner.json()).toMatchObject({ message: 'to_owner_type must be warehouse or project', field: 'to_owner_type' });
  });
});

describe('checking out and returning several scanned assets', () => {
  let ids: string[];
  beforeAll(async () => {
    const answer = batch(
      await post(manager, SCAN_PATHS.receive, {
        to_owner_type: 'project',
        to_owner_id: P,
        parent_warehouse_id: W,
        asset_number: 'RAD-1',
        lines: [{ serial_number: 'U-1' }, { serial_number: 'U-2' }, { serial_number: 'U-3' }],
      }),
    );
    ids = answer.results.map((r) => r.instance_id!);
  });

  it('checks out instances named by tracker link, bare id and serial number to a member, then returns them', async () => {
    const codes = [trackerUrl('https://stock.example.com', ids[0]!), ids[1]!, 'u-3'];
    const out = batch(await post(manager, SCAN_PATHS.inUse, { in_use: true, assigned_user_id: memberId, lines: codes.map((code) => ({ code })) }));
    expect(out.applied).toBe(true);
    expect(out.results.map((r) => r.instance_id)).toEqual(ids);
    const rows = await inventory('project', P);
    for (const id of ids) expect(rows.find((r) => r.instance_id === id)).toMatchObject({ in_use: true, assigned_user_id: memberId });
    const back = batch(await post(manager, SCAN_PATHS.inUse, { in_use: false, lines: ids.map((code) => ({ code })) }));
    expect(back.applied).toBe(true);
    for (const id of ids) expect((await inventory('project', P)).find((r) => r.instance_id === id)?.in_use).toBe(false);
  });

  it('refuses per line and records nothing: not in use, an unknown code, a second scan', async () => {
    const before = await inventory('project', P);
    const answer = batch(
      await post(manager, SCAN_PATHS.inUse, { in_use: false, lines: [{ code: ids[0]! }, { code: 'NO-SUCH' }, { code: 'U-2' }, { code: ids[1]! }] }),
    );
    expect(answer.results.map((r) => r.status)).toEqual([
      M.onlyInUseUnassigned,
      'No match for “NO-SUCH”.',
      M.onlyInUseUnassigned,
      SCAN_BATCH_MESSAGES.duplicateInBatch,
    ]);
    expect(await inventory('project', P)).toEqual(before);
  });

  it('refuses a serial two types carry, asking for the asset label', async () => {
    await createAssetCatalogItem(runtime.store, { assetNumber: 'RAD-2', assetName: 'Radio mk2', categoryId: radios }, { metadata: SYSTEM_ACTOR });
    const twin = { to_owner_type: 'project', to_owner_id: P, parent_warehouse_id: W, asset_number: 'RAD-2', lines: [{ serial_number: 'U-3' }] };
    expect(batch(await post(manager, SCAN_PATHS.receive, twin)).applied).toBe(true);
    const answer = batch(await post(manager, SCAN_PATHS.inUse, { in_use: true, assigned_user_id: memberId, lines: [{ code: 'U-3' }] }));
    expect(answer.results[0]!.status).toBe(scanSerialAmbiguous('U-3'));
  });

  it('refuses a member who does not manage the project, a user not in it, and a missing person', async () => {
    const member = await signIn(app, 'crew@example.com', 'crew password');
    expect((await post(member, SCAN_PATHS.inUse, { in_use: false, lines: [{ code: ids[0]! }] })).statusCode).toBe(403);
    const outsider = (await createUser(runtime, 'out@example.com', 'out password', 'user')).userId;
    const answer = batch(await post(manager, SCAN_PATHS.inUse, { in_use: true, assigned_user_id: outsider, lines: [{ code: ids[0]! }] }));
    expect(answer.results[0]!.status).toBe(M.notAMember);
    const missing = await post(manager, SCAN_PATHS.inUse, { in_use: true, lines: [{ code: ids[0]! }] });
    expect(missing.json()).toMatchObject({ message: M.missingInstanceOrUser, field: 'assigned_user_id' });
  });
});

describe('the batches write the events every asset projection already reads', () => {
  it('verify finds the projections as the ledger says, before and after the asset projections are rebuilt', async () => {
    const before = await verifyLedger(runtime.store, projectors, runtime.database.url);
    expect(before.chains.problems).toEqual([]);
    expect(before.projections.flatMap((p) => p.differences)).toEqual([]);
    const rows = await inventory('warehouse', W);
    await rebuildProjections(
      runtime.store,
      projectors.filter((p) => p.name.startsWith('asset')),
      { databaseUrl: runtime.database.url },
    );
    const after = await verifyLedger(runtime.store, projectors, runtime.database.url);
    expect(after.projections.flatMap((p) => p.differences)).toEqual([]);
    expect(await inventory('warehouse', W)).toEqual(rows);
  });
});
