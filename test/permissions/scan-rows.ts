/**
 * The scan routes' rows of the route × role matrix (matrix-suite.ts). A scan answers everyone
 * signed in: what they may not see is "No match", never a refusal (scan.routes.test.ts). Each batch receives
 * fresh serials or checks out a fresh instance, so every actor's call can succeed when the rules
 * allow it. The routes judge the owner the body names, so the rows name no policy.
 */
import { randomUUID } from 'node:crypto';
import { SCAN_PATHS } from '../../contract/scan.ts';
import type { Owner } from '../../ledger/asset/events.ts';
import { createAssetCatalogItem, createAssetCategory } from '../../server/assets/catalog-commands.ts';
import { runInstance } from '../../server/assets/instance-commands.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { createWarehouse } from '../../server/warehouses/warehouse-commands.ts';
import { type Actor, always, can, type MatrixContext, type RouteCase, when } from './matrix.ts';

const system = { metadata: SYSTEM_ACTOR };

export function scanPermissionRows({ runtime, projectId, memberId }: MatrixContext): RouteCase[] {
  let fixtures: Promise<{ warehouseId: string; catalogId: string }> | null = null;
  const setup = () => {
    fixtures ??= (async () => {
      const store = runtime().store;
      const warehouseId = await createWarehouse(store, { name: 'Scan Yard', location: null, capacitySummary: null }, system);
      const categoryId = await createAssetCategory(store, { name: 'Scan tools', kind: 'serialized' }, system);
      const catalogId = await createAssetCatalogItem(store, { assetNumber: 'SCAN-1', assetName: 'Scanned drill', categoryId }, system);
      return { warehouseId, catalogId };
    })();
    return fixtures;
  };
  /** A fresh instance held by the matrix project. */
  const inProject = async () => {
    const { warehouseId, catalogId } = await setup();
    const store = runtime().store;
    const W: Owner = { type: 'warehouse', id: warehouseId };
    const to = {
      type: 'receive-new' as const,
      catalogId,
      serialNumber: randomUUID(),
      assetName: null,
      condition: null,
      notes: null,
      to: W,
      parentWarehouseId: null,
    };
    const id = await runInstance(store, null, { ...to, metadata: {} }, system);
    await runInstance(store, id, { type: 'move', from: W, to: { type: 'project', id: projectId() }, notes: null }, system);
    return id;
  };
  const box = () => [{ serial_number: randomUUID() }, { serial_number: randomUUID() }];
  const adminsOrManagers = (a: Actor) => can.admins(a) || can.manage(a);

  return [
    {
      name: 'GET /api/scan/resolve',
      request: () => ({ method: 'GET', url: `${SCAN_PATHS.resolve}?code=MX-1&project_id=${projectId()}` }),
      expected: always(200),
    },
    {
      name: 'POST /api/scan/assets/receive (into a warehouse)',
      request: async () => ({
        method: 'POST',
        url: SCAN_PATHS.receive,
        payload: { to_owner_type: 'warehouse', to_owner_id: (await setup()).warehouseId, asset_number: 'SCAN-1', lines: box() },
      }),
      expected: when(can.admins),
    },
    {
      name: 'POST /api/scan/assets/receive (into the project)',
      request: async () => ({
        method: 'POST',
        url: SCAN_PATHS.receive,
        payload: { to_owner_type: 'project', to_owner_id: projectId(), parent_warehouse_id: (await setup()).warehouseId, asset_number: 'SCAN-1', lines: box() },
      }),
      expected: when(can.manage),
    },
    {
      name: 'POST /api/scan/assets/in-use',
      request: async () => ({
        method: 'POST',
        url: SCAN_PATHS.inUse,
        payload: { in_use: true, assigned_user_id: memberId(), lines: [{ code: await inProject() }, { code: await inProject() }] },
      }),
      expected: when(adminsOrManagers),
    },
  ];
}
