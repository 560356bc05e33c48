/**
 * Two moves of one instance to different projects at the same moment: both decide on the same
 * version of `asset:<id>`, one appends, the other loses the version check, is decided again on the
 * new owner and refused. Exactly one succeeds, on PGlite and on PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureCommands } from '../../ledger/command-runner.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { onPostgres, openTestRuntime } from '../../test/helpers/test-database.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { createWarehouse } from '../warehouses/warehouse-commands.ts';
import { createAssetCatalogItem, createAssetCategory } from './catalog-commands.ts';
import { runInstance } from './instance-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let admin: string;
let warehouseId: string;
let catalogId: string;
const projects: string[] = [];
const system = { metadata: SYSTEM_ACTOR };

beforeAll(async () => {
  runtime = await openTestRuntime();
  // On PostgreSQL, commands written side by side in small batches, so the two moves really race.
  if (onPostgres) configureCommands(runtime.store, { concurrency: 4, maxBatch: 1 });
  app = await buildTestApp(runtime);
  await createUser(runtime, 'admin@example.com', 'admin password', 'admin');
  admin = await signIn(app, 'admin@example.com', 'admin password');
  warehouseId = await createWarehouse(runtime.store, { name: 'Race Yard', location: null, capacitySummary: null }, system);
  for (let i = 0; i < 2; i += 1) projects.push(await createProject(runtime.store, { name: `Site ${i}`, customer: null, number: `S-${i}` }, system));
  const categoryId = await createAssetCategory(runtime.store, { name: 'Lifts', kind: 'serialized' }, system);
  catalogId = await createAssetCatalogItem(runtime.store, { assetNumber: 'LIFT', assetName: 'Scissor lift', categoryId }, system);
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('two moves of one instance to different projects at once', () => {
  it('lets exactly one succeed, refuses the other with the spec message, and records one move', async () => {
    for (let round = 0; round < 5; round += 1) {
      const to = { type: 'warehouse' as const, id: warehouseId };
      const instanceId = await runInstance(
        runtime.store,
        null,
        {
          type: 'receive-new',
          catalogId,
          serialNumber: `L-${round}`,
          assetName: null,
          condition: null,
          notes: null,
          to,
          parentWarehouseId: null,
          metadata: {},
        },
        system,
      );
      const responses = await Promise.all(
        projects.map((projectId) =>
          app.inject({
            method: 'POST',
            url: `/api/warehouses/${warehouseId}/assets/assign`,
            headers: { cookie: admin },
            payload: { instance_id: instanceId, to_owner_type: 'project', to_owner_id: projectId },
          }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 404]);
      expect(responses.find((r) => r.statusCode === 404)!.json().message).toBe('Asset not found in this warehouse');
      const winner = responses.find((r) => r.statusCode === 200)!.json().instance.project_id;
      const row = await runtime.store.db
        .selectFrom('asset_instances')
        .select(['owner_type', 'owner_id'])
        .where('id', '=', instanceId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ owner_type: 'project', owner_id: winner });
      const moves = await runtime.store.db.selectFrom('events').select('type').where('stream_id', '=', `asset:${instanceId}`).execute();
      expect(moves.map((e) => e.type)).toEqual(['AssetInstanceReceived', 'AssetInstanceMoved']);
    }
  });
});
