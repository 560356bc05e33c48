/**
 * The print routes' rows of the route × role matrix (matrix-suite.ts). A print reads: labels and
 * parts of a project are its viewers' (auditors too), its assets its viewers' and the admins', a
 * warehouse's locations the admins'. The routes judge the source the body names, so the rows name no policy.
 */
import { findPreset } from '../../contract/label-media.ts';
import { createAssetCatalogItem, createAssetCategory } from '../../server/assets/catalog-commands.ts';
import { runInstance } from '../../server/assets/instance-commands.ts';
import { importLabels } from '../../server/labels/label-commands.ts';
import { runStock } from '../../server/materials/stock-commands.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { createWarehouse } from '../../server/warehouses/warehouse-commands.ts';
import { type Actor, can, type MatrixContext, type RouteCase, when } from './matrix.ts';

const system = { metadata: SYSTEM_ACTOR };
const medium = findPreset('avery-l7160')!.medium;

export function labelPrintPermissionRows({ runtime, projectId }: MatrixContext): RouteCase[] {
  let fixtures: Promise<{ warehouseId: string; instanceId: string }> | null = null;
  const setup = () => {
    fixtures ??= (async () => {
      const store = runtime().store;
      await importLabels(store, { projectId: projectId(), labels: [{ lines: ['PRINT-1', 'Rack 9'], system: null, clusterPod: null }] }, system);
      await runStock(
        store,
        { type: 'receive', location: { kind: 'project', id: projectId() }, partNumber: 'PRN-1', quantity: 1, partName: 'Print part', partNickname: 'Printed' },
        system,
      );
      const warehouseId = await createWarehouse(store, { name: 'Print Yard', location: null, capacitySummary: null }, system);
      const categoryId = await createAssetCategory(store, { name: 'Print tools', kind: 'serialized' }, system);
      const catalogId = await createAssetCatalogItem(store, { assetNumber: 'PRINT-A', assetName: 'Printed drill', categoryId }, system);
      const W = { type: 'warehouse' as const, id: warehouseId };
      const receive = {
        type: 'receive-new' as const,
        catalogId,
        serialNumber: 'PRINT-SN-1',
        assetName: null,
        condition: null,
        notes: null,
        to: W,
        parentWarehouseId: null,
      };
      const instanceId = await runInstance(store, null, { ...receive, metadata: {} }, system);
      await runInstance(store, instanceId, { type: 'move', from: W, to: { type: 'project', id: projectId() }, notes: null }, system);
      return { warehouseId, instanceId };
    })();
    return fixtures;
  };
  const viewersOrAdmins = (a: Actor) => can.view(a) || can.admins(a);

  return [
    {
      name: "POST /api/labels/print (the project's labels by search)",
      request: async () => {
        await setup();
        return { method: 'POST', url: '/api/labels/print', payload: { source: { kind: 'labels', project_id: projectId(), search: { q: 'PRINT-1' } }, medium } };
      },
      expected: when(can.view),
    },
    {
      name: "POST /api/labels/print/preview (the project's parts)",
      request: async () => {
        await setup();
        return {
          method: 'POST',
          url: '/api/labels/print/preview',
          payload: { source: { kind: 'parts', project_id: projectId(), part_numbers: ['PRN-1'] }, medium },
        };
      },
      expected: when(can.view),
    },
    {
      name: "POST /api/labels/print/preview (the project's assets)",
      request: async () => ({
        method: 'POST',
        url: '/api/labels/print/preview',
        payload: { source: { kind: 'assets', project_id: projectId(), instance_ids: [(await setup()).instanceId] }, medium },
      }),
      expected: when(viewersOrAdmins),
    },
    {
      name: "POST /api/labels/print/preview (a warehouse's locations)",
      request: async () => ({
        method: 'POST',
        url: '/api/labels/print/preview',
        payload: { source: { kind: 'locations', warehouse_id: (await setup()).warehouseId, places: [{ rack: 'A', shelf: '1', bin: '', zone: '' }] }, medium },
      }),
      expected: when(can.admins),
    },
  ];
}
