/**
 * The material routes' rows of the route × role matrix (matrix-suite.ts): the
 * Material Catalog, a project's inventory and pickers, stock movements and edits. A row that
 * consumes stock (unassign, found, a bulk reversal) makes its own fresh target for each call, so
 * every allowed actor's call can succeed.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { type Actor, can, changes, type MatrixContext, onlyInMatrixProject, type RouteCase, when } from './matrix.ts';
import { guarded } from './policy-rules.ts';
import { OCCURRED_AT_HEADER } from '../../contract/offline.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { runStock } from '../../server/materials/stock-commands.ts';
import { definePart } from '../../server/materials/catalog-commands.ts';
import { applyBulk } from '../../server/materials/bulk-batch.ts';

const system = { metadata: SYSTEM_ACTOR };
/** Edit names and stock warnings, mark lost or found (spec 01 §6): a superadmin, or a project admin or manager; never an auditor. */
const curate = changes((a: Actor) => a.global === 'superadmin' || a.project === 'admin' || a.project === 'manager');
/** Inventory export (spec 01 §6: for admins), of a project the caller may see. */
const exporter = (a: Actor) => can.admins(a) && can.view(a);
const uniquePart = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;
const BULK_HEADER = 'Part Number,Part Name,Part Nickname,Quantity';

export function materialPermissionRows(context: MatrixContext): RouteCase[] {
  const store = () => context.runtime().store;
  const here = () => ({ kind: 'project' as const, id: context.projectId() });
  /** A part with plenty on hand in the project, made once when a row first runs. */
  let stocked: Promise<string> | null = null;
  const part = () => {
    stocked ??= (async () => {
      const partNumber = uniquePart('MAT');
      await runStock(
        store(),
        { type: 'receive', location: here(), partNumber, quantity: 100_000, partName: 'Matrix material', partNickname: 'Matrix material' },
        system,
      );
      return partNumber;
    })();
    return stocked;
  };
  const query = async (extra: Record<string, string> = {}) =>
    new URLSearchParams({ project_id: context.projectId(), number: await part(), ...extra }).toString();
  const get = (url: string): InjectOptions => ({ method: 'GET', url });
  /** A catalogue part of its own, with no stock anywhere. */
  const newCatalogPart = () => definePart(store(), { partNumber: uniquePart('CAT'), partName: 'Catalogue part', partNickname: 'Catalogue part' }, system);

  return [
    // The Material Catalog: global admins and superadmins, as the warehouses.
    { name: 'GET /api/catalog/materials', request: () => get('/api/catalog/materials?q=MAT'), ...guarded('catalog.use') },
    {
      name: 'POST /api/catalog/materials',
      request: () => ({
        method: 'POST',
        url: '/api/catalog/materials',
        payload: { part_number: uniquePart('NEW'), part_name: 'New part', part_nickname: 'New' },
      }),
      ...guarded('catalog.use'),
    },
    {
      name: 'PUT /api/catalog/materials/:material_id',
      request: async () => ({ method: 'PUT', url: `/api/catalog/materials/${await newCatalogPart()}`, payload: { part_name: 'Renamed part' } }),
      ...guarded('catalog.use'),
    },
    {
      name: 'GET /api/catalog/materials/:material_id/holdings',
      request: async () => {
        const number = await part();
        const row = await store().db.selectFrom('materials').select('material_id').where('part_number', '=', number).executeTakeFirstOrThrow();
        return get(`/api/catalog/materials/${row.material_id}/holdings`);
      },
      ...guarded('catalog.use'),
    },

    // Reads of one project's stock: whoever may see the project (auditors included).
    { name: 'GET /api/inventory/materials', request: () => get(`/api/inventory/materials?project_id=${context.projectId()}`), expected: when(can.view) },
    {
      name: 'GET /api/inventory/materials (csv export)',
      request: () => get(`/api/inventory/materials?project_id=${context.projectId()}&format=csv`),
      expected: when(exporter),
    },
    ...(['item', 'available', 'assigned', 'assignees'] as const).map((what) => ({
      name: `GET /api/materials/${what}`,
      request: async () => get(`/api/materials/${what}?${await query()}`),
      expected: when(can.view),
    })),
    {
      name: 'GET /api/materials/max-assignable',
      request: async () => get(`/api/materials/max-assignable?${await query({ user: context.memberId() })}`),
      expected: when(can.view),
    },
    { name: 'GET /api/materials/info', request: () => get(`/api/materials/info?project_id=${context.projectId()}`), expected: when(can.view) },
    {
      name: 'GET /api/materials/options',
      request: async () => get(`/api/materials/options?project_id=${context.projectId()}&q=${await part()}`),
      expected: when(can.view),
    },
    {
      name: 'GET /api/materials/:projectId/search',
      request: async () => get(`/api/materials/${context.projectId()}/search?q=${await part()}`),
      expected: when(can.view),
    },
    // The transfer wizard's source search (spec 02 §7): any signed-in user may start a transfer; only project ids come back.
    // Which projects hold a part: the transfer wizard's, for whoever may request a transfer.
    ...['/api/inventory/materials/search-projects', '/api/materials/search-projects'].map((path) => ({
      name: `GET ${path}`,
      request: async (a: Actor) => {
        await onlyInMatrixProject(context, a);
        return get(`${path}?q=MAT`);
      },
      ...guarded('transfer.request'),
    })),

    // The Project Actions bar (spec 01 §6): whoever manages the project.
    {
      name: 'POST /api/materials/return',
      request: async () => ({
        method: 'POST',
        url: '/api/materials/return',
        payload: { project_id: context.projectId(), part_number: await part(), quantity: 1, bin_info: 'R1 S1' },
      }),
      expected: when(can.manage),
    },
    {
      name: 'POST /api/inventory/:action (assign)',
      request: async () => ({
        method: 'POST',
        url: '/api/inventory/assign',
        payload: { project_id: context.projectId(), part_number: await part(), quantity: 1, user_id: context.memberId() },
      }),
      expected: when(can.manage),
    },
    {
      // Sent late from a device that was offline: the same people may, nobody more.
      name: 'POST /api/inventory/:action (assign, Occurred-At)',
      request: async () => ({
        method: 'POST',
        url: '/api/inventory/assign',
        headers: { [OCCURRED_AT_HEADER]: new Date(Date.now() - 3_600_000).toISOString() },
        payload: { project_id: context.projectId(), part_number: await part(), quantity: 1, user_id: context.memberId() },
      }),
      expected: when(can.manage),
    },
    {
      name: 'POST /api/inventory/:action (unassign)',
      request: async () => {
        const partNumber = await part();
        await runStock(store(), { type: 'assign', location: here(), partNumber, quantity: 1, userId: context.memberId() }, system);
        return {
          method: 'POST',
          url: '/api/inventory/unassign',
          payload: { project_id: context.projectId(), part_number: partNumber, quantity: 1, user_id: context.memberId() },
        };
      },
      expected: when(can.manage),
    },
    {
      name: 'POST /api/materials/bulk (receive)',
      request: () => ({
        method: 'POST',
        url: `/api/materials/bulk?project_id=${context.projectId()}&action=receive`,
        headers: { 'content-type': 'text/csv' },
        payload: `${BULK_HEADER}\n${uniquePart('BLK')},Bulk part,Bulk,3\n`,
      }),
      expected: when(can.manage),
    },
    {
      name: 'POST /api/materials/bulk/:batch_id/reverse',
      request: async () => {
        const csv = `${BULK_HEADER}\n${uniquePart('REV')},Reversed part,Reversed,2\n`;
        const applied = await applyBulk(store(), system, here(), 'receive', csv, `matrix:${randomUUID()}`);
        return { method: 'POST', url: `/api/materials/bulk/${applied.batch_id}/reverse?project_id=${context.projectId()}` };
      },
      expected: when(can.manage),
    },

    // Lost and found, names and stock warnings (spec 01 §6): superadmins, project admins and managers.
    {
      name: 'POST /api/materials/lost',
      request: async () => ({
        method: 'POST',
        url: '/api/materials/lost',
        payload: { project_id: context.projectId(), part_number: await part(), quantity: 1, source: 'on_hand', note: 'Matrix' },
      }),
      expected: when(curate),
    },
    {
      name: 'POST /api/materials/found',
      request: async () => {
        const partNumber = await part();
        await runStock(store(), { type: 'lost', location: here(), partNumber, quantity: 1, source: 'on_hand', userId: null, note: null }, system);
        return {
          method: 'POST',
          url: '/api/materials/found',
          payload: { project_id: context.projectId(), part_number: partNumber, quantity: 1, source: 'on_hand' },
        };
      },
      expected: when(curate),
    },
    {
      name: 'PUT /api/materials/stock-warnings',
      request: () => ({
        method: 'PUT',
        url: '/api/materials/stock-warnings',
        payload: { project_id: context.projectId(), low_threshold: 15, critical_threshold: 0 },
      }),
      expected: when(curate),
    },
    {
      name: 'PUT /api/materials/:part/stock-warnings',
      request: async () => ({
        method: 'PUT',
        url: `/api/materials/${encodeURIComponent(await part())}/stock-warnings`,
        payload: { project_id: context.projectId(), low_threshold: 10, critical_threshold: 2 },
      }),
      expected: when(curate),
    },
    {
      name: 'PUT /api/materials/:part',
      request: async () => ({
        method: 'PUT',
        url: `/api/materials/${encodeURIComponent(await part())}`,
        payload: { project_id: context.projectId(), part_name: 'Matrix material', part_nickname: 'Matrix material' },
      }),
      expected: when(curate),
    },
  ];
}
