/**
 * The asset routes' rows of the route × role matrix (matrix-suite.ts): each row
 * builds its own fresh target (an instance where the route expects one) so every actor's call can
 * succeed when the rules allow it.
 */
import { randomUUID } from 'node:crypto';
import { type Actor, can, changes, type MatrixContext, type RouteCase, when } from './matrix.ts';
import { guarded } from './policy-rules.ts';
import type { Owner } from '../../ledger/asset/events.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { createWarehouse } from '../../server/warehouses/warehouse-commands.ts';
import { createAssetCatalogItem, createAssetCategory } from '../../server/assets/catalog-commands.ts';
import { runInstance } from '../../server/assets/instance-commands.ts';
import { runBulk } from '../../server/assets/bulk-commands.ts';

const system = { metadata: SYSTEM_ACTOR };

/** Rows for every asset route. */
export function assetPermissionRows({ runtime, projectId, memberId }: MatrixContext): RouteCase[] {
  let fixtures: Promise<{ warehouseId: string; categoryId: string; catalogId: string; bulkId: string }> | null = null;
  const setup = () => {
    fixtures ??= (async () => {
      const store = runtime().store;
      const warehouseId = await createWarehouse(store, { name: 'Matrix Yard', location: null, capacitySummary: null }, system);
      const categoryId = await createAssetCategory(store, { name: 'Matrix tools', kind: 'serialized' }, system);
      const catalogId = await createAssetCatalogItem(store, { assetNumber: 'MX-1', assetName: 'Matrix drill', categoryId }, system);
      const bulkCategory = await createAssetCategory(store, { name: 'Matrix bulk', kind: 'bulk' }, system);
      const bulkId = await createAssetCatalogItem(store, { assetNumber: 'MX-BULK', assetName: 'Matrix cones', categoryId: bulkCategory }, system);
      await runBulk(store, { type: 'receive', catalogId: bulkId, at: { type: 'project', id: projectId() }, quantity: 5, notes: null }, system);
      return { warehouseId, categoryId, catalogId, bulkId };
    })();
    return fixtures;
  };
  /** A fresh instance at W (or in the project), optionally in use or lost. */
  const instance = async (where: 'warehouse' | 'project', state: 'available' | 'lost' = 'available') => {
    const f = await setup();
    const store = runtime().store;
    const W: Owner = { type: 'warehouse', id: f.warehouseId };
    const id = await runInstance(
      store,
      null,
      {
        type: 'receive-new',
        catalogId: f.catalogId,
        serialNumber: randomUUID(),
        assetName: null,
        condition: null,
        notes: null,
        to: W,
        parentWarehouseId: null,
        metadata: {},
      },
      system,
    );
    const P: Owner = { type: 'project', id: projectId() };
    if (where === 'project') await runInstance(store, id, { type: 'move', from: W, to: P, notes: null }, system);
    if (state === 'lost') await runInstance(store, id, { type: 'lost', at: where === 'project' ? P : W, notes: null }, system);
    return { id, ...f };
  };
  const curate = (a: Actor) => a.global === 'superadmin' || a.project === 'admin' || a.project === 'manager';
  const always = () => 200;
  const or = (x: (a: Actor) => boolean, y: (a: Actor) => boolean) => (a: Actor) => x(a) || y(a);

  return [
    { name: 'GET /api/assets/categories', request: () => ({ method: 'GET', url: '/api/assets/categories' }), expected: always },
    {
      name: 'POST /api/assets/categories',
      request: () => ({ method: 'POST', url: '/api/assets/categories', payload: { category: `C-${randomUUID()}` } }),
      ...guarded('asset.admin'),
    },
    {
      name: 'PUT /api/assets/categories/:id',
      request: async () => ({
        method: 'PUT',
        url: `/api/assets/categories/${(await setup()).categoryId}`,
        payload: { category: 'Matrix tools', kind: 'serialized' },
      }),
      ...guarded('asset.admin'),
    },
    {
      name: 'DELETE /api/assets/categories/:id',
      request: async () => ({
        method: 'DELETE',
        url: `/api/assets/categories/${await createAssetCategory(runtime().store, { name: `D-${randomUUID()}`, kind: 'bulk' }, system)}`,
      }),
      ...guarded('asset.admin'),
    },
    { name: 'GET /api/assets/catalog', request: () => ({ method: 'GET', url: '/api/assets/catalog?q=MX' }), expected: always },
    {
      name: 'POST /api/assets/catalog',
      request: async () => ({
        method: 'POST',
        url: '/api/assets/catalog',
        payload: { asset_number: `N-${randomUUID()}`, asset_name: 'New', category: (await setup()).categoryId },
      }),
      ...guarded('asset.admin'),
    },
    {
      name: 'PUT /api/assets/catalog/:id',
      request: async () => {
        const f = await setup();
        return {
          method: 'PUT',
          url: `/api/assets/catalog/${f.catalogId}`,
          payload: { asset_number: 'MX-1', asset_name: 'Matrix drill', category: f.categoryId },
        };
      },
      ...guarded('asset.admin'),
    },
    {
      name: 'DELETE /api/assets/catalog/:id',
      request: async () => {
        const f = await setup();
        const id = await createAssetCatalogItem(runtime().store, { assetNumber: `X-${randomUUID()}`, assetName: 'Doomed', categoryId: f.categoryId }, system);
        return { method: 'DELETE', url: `/api/assets/catalog/${id}` };
      },
      ...guarded('asset.admin'),
    },
    {
      name: 'GET /api/assets/catalog/:id/asset-numbers',
      request: async () => ({ method: 'GET', url: `/api/assets/catalog/${(await setup()).catalogId}/asset-numbers` }),
      expected: always,
    },
    {
      name: 'GET /api/assets/inventory/project/:id',
      request: () => ({ method: 'GET', url: `/api/assets/inventory/project/${projectId()}` }),
      expected: when(can.view),
    },
    {
      name: 'GET /api/assets/inventory/warehouse/:id',
      request: async () => ({ method: 'GET', url: `/api/assets/inventory/warehouse/${(await setup()).warehouseId}` }),
      ...guarded('asset.admin'),
    },
    {
      name: 'GET /api/warehouses/:id/inventory?mode=assets',
      request: async () => ({ method: 'GET', url: `/api/warehouses/${(await setup()).warehouseId}/inventory?mode=assets` }),
      ...guarded('warehouse.read'),
    },
    {
      name: 'GET /api/assets/instances (project)',
      request: () => ({ method: 'GET', url: `/api/assets/instances?project_id=${projectId()}` }),
      expected: when(or(can.admins, can.view)),
    },
    { name: 'GET /api/assets/instances (all)', request: () => ({ method: 'GET', url: '/api/assets/instances?asset_number=MX-1' }), expected: when(can.admins) },
    { name: 'GET /api/assets/search', request: () => ({ method: 'GET', url: '/api/assets/search?q=MX&limit=5' }), ...guarded('asset.admin') },
    {
      name: 'GET /api/assets/location/:id (in the project)',
      request: async () => ({ method: 'GET', url: `/api/assets/location/${(await instance('project')).id}` }),
      expected: when(or(can.admins, can.view)),
    },
    {
      name: 'GET /api/assets/transactions (project)',
      request: () => ({ method: 'GET', url: `/api/assets/transactions?project_id=${projectId()}&limit=500` }),
      // As a project's material logs: a global admin who does not curate the project is refused.
      expected: when(can.logs),
    },
    {
      name: 'GET /api/assets/transactions (warehouse)',
      request: async () => ({ method: 'GET', url: `/api/assets/transactions?warehouse_id=${(await setup()).warehouseId}` }),
      expected: when(can.admins),
    },
    {
      name: 'GET /api/assets/item',
      request: async () => {
        await setup();
        return { method: 'GET', url: `/api/assets/item?project_id=${projectId()}&number=MX-BULK` };
      },
      expected: when(can.view),
    },
    ...(['available', 'assigned', 'assignees', 'max-assignable'] as const).map((what) => ({
      name: `GET /api/assets/${what}`,
      request: async () => {
        await setup();
        return { method: 'GET' as const, url: `/api/assets/${what}?project_id=${projectId()}&number=MX-BULK` };
      },
      expected: when(can.view),
    })),
    { name: 'GET /api/assets/info', request: () => ({ method: 'GET', url: `/api/assets/info?project_id=${projectId()}` }), expected: when(can.view) },
    {
      name: 'POST /api/warehouses/:id/assets/receive',
      request: async () => {
        const f = await setup();
        return { method: 'POST', url: `/api/warehouses/${f.warehouseId}/assets/receive`, payload: { catalog_id: f.catalogId, serial_number: randomUUID() } };
      },
      ...guarded('asset.admin'),
    },
    {
      name: 'POST /api/warehouses/:id/assets/assign',
      request: async () => {
        const i = await instance('warehouse');
        return {
          method: 'POST',
          url: `/api/warehouses/${i.warehouseId}/assets/assign`,
          payload: { instance_id: i.id, to_owner_type: 'project', to_owner_id: projectId() },
        };
      },
      ...guarded('asset.admin'),
    },
    {
      name: 'POST /api/warehouses/:id/assets/return',
      request: async () => {
        const i = await instance('project');
        return { method: 'POST', url: `/api/warehouses/${i.warehouseId}/assets/return`, payload: { instance_id: i.id } };
      },
      ...guarded('asset.admin'),
    },
    {
      name: 'POST /api/projects/:id/assets/receive',
      request: async () => {
        const f = await setup();
        return {
          method: 'POST',
          url: `/api/projects/${projectId()}/assets/receive`,
          payload: { catalog_id: f.catalogId, serial_number: randomUUID(), parent_warehouse_id: f.warehouseId },
        };
      },
      expected: when(can.manage),
    },
    {
      name: 'POST /api/projects/:id/assets/return',
      request: async () => {
        const i = await instance('project');
        return { method: 'POST', url: `/api/projects/${projectId()}/assets/return`, payload: { instance_id: i.id, to_owner_id: i.warehouseId } };
      },
      expected: when(can.manage),
    },
    {
      name: 'POST /api/assets/instances/assign',
      request: async () => {
        const i = await instance('warehouse');
        return { method: 'POST', url: '/api/assets/instances/assign', payload: { instance_id: i.id, to_owner_type: 'project', to_owner_id: projectId() } };
      },
      ...guarded('asset.admin'),
    },
    {
      name: 'POST /api/assets/instances/:id/in-use',
      request: async () => ({
        method: 'POST',
        url: `/api/assets/instances/${(await instance('project')).id}/in-use`,
        payload: { in_use: true, assigned_user_id: memberId() },
      }),
      expected: when(or(can.admins, can.manage)),
    },
    {
      name: 'POST /api/assets/lost',
      request: async () => ({ method: 'POST', url: '/api/assets/lost', payload: { project_id: projectId(), instance_id: (await instance('project')).id } }),
      // As the materials' lost and found: the project's admins and managers, or a superadmin.
      expected: when(changes(curate)),
    },
    {
      name: 'POST /api/assets/found',
      request: async () => ({
        method: 'POST',
        url: '/api/assets/found',
        payload: { project_id: projectId(), instance_id: (await instance('project', 'lost')).id },
      }),
      expected: when(changes(curate)),
    },
  ];
}
