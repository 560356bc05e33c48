/**
 * The warehouse routes' rows of the route × role matrix (matrix-suite.ts).
 *
 * Warehouses are global, not a project's: spec 02 §6 gives warehouse inventory and logs to admins
 * (the route table) or superadmins (the screens), and the Warehouse Manager to the superadmin
 * (2.2's Administration group). The server reads the route table: global admins and superadmins
 * read warehouses and move their stock, superadmins create, edit, deactivate and reactivate them
 * (README, "Warehouse reads and moves"). The caller's role in the matrix project plays no part,
 * not even for an assign to or unassign from it: the move is the warehouse's. Auditors read
 * project logs and the ledger, not warehouses, and change nothing.
 */
import { randomUUID } from 'node:crypto';
import { can, type MatrixContext, type RouteCase } from './matrix.ts';
import { guarded } from './policy-rules.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { changeWarehouse, createWarehouse } from '../../server/warehouses/warehouse-commands.ts';
import { runWarehouseStock } from '../../server/warehouses/warehouse-stock-commands.ts';

const system = { metadata: SYSTEM_ACTOR };
const PART = 'WHM-1';
/** Where the stock sits, and where a relocate puts it. */
const A = { rack: 'A', shelf: '1' };
const B = { rack: 'B', shelf: '2' };

export function warehousePermissionRows(context: MatrixContext): RouteCase[] {
  const store = () => context.runtime().store;
  /** A warehouse of its own (fresh for the routes that change it, so every allowed call can succeed). */
  const newWarehouse = () => createWarehouse(store(), { name: `Matrix ${randomUUID().slice(0, 8)}`, location: null, capacitySummary: null }, system);

  /** One warehouse holding plenty at A, with some lost there and some assigned to the matrix project, so every move has cover. */
  let stocked: Promise<string> | null = null;
  const stock = () => {
    stocked ??= (async () => {
      const warehouseId = await newWarehouse();
      const at = { warehouseId, partNumber: PART };
      await runWarehouseStock(store(), { ...at, type: 'receive', quantity: 10_000, place: A, partName: 'Matrix beam', partNickname: 'Beam' }, system);
      await runWarehouseStock(store(), { ...at, type: 'lost', quantity: 1_000, from: A }, system);
      await runWarehouseStock(store(), { ...at, type: 'assign', quantity: 1_000, from: A, projectId: context.projectId() }, system);
      return warehouseId;
    })();
    return stocked;
  };
  /** One unit of PART moved; the body is built when the row runs (the matrix project exists by then). */
  const move = (action: string, body: () => Record<string, unknown>) => async () => ({
    method: 'POST' as const,
    url: `/api/warehouses/${await stock()}/materials/${action}`,
    payload: { part_number: PART, quantity: 1, ...body() },
  });

  return [
    { name: 'GET /api/warehouses', request: () => ({ method: 'GET', url: '/api/warehouses?include_inactive=true' }), ...guarded('warehouse.read') },
    {
      name: 'POST /api/warehouses',
      request: () => ({ method: 'POST', url: '/api/warehouses', payload: { name: `New ${randomUUID().slice(0, 8)}`, yard_info: { location: 'North' } } }),
      ...guarded('warehouse.manage'),
    },
    { name: 'GET /api/warehouses/:id', request: async () => ({ method: 'GET', url: `/api/warehouses/${await stock()}` }), ...guarded('warehouse.read') },
    {
      name: 'PATCH /api/warehouses/:id',
      request: async () => ({ method: 'PATCH', url: `/api/warehouses/${await newWarehouse()}`, payload: { name: 'Renamed' } }),
      ...guarded('warehouse.manage'),
    },
    {
      name: 'POST /api/warehouses/:id/deactivate (an empty one)',
      request: async () => ({ method: 'POST', url: `/api/warehouses/${await newWarehouse()}/deactivate` }),
      ...guarded('warehouse.manage'),
    },
    {
      name: 'POST /api/warehouses/:id/reactivate',
      request: async () => {
        const id = await newWarehouse();
        await changeWarehouse(store(), id, { type: 'deactivate' }, system);
        return { method: 'POST', url: `/api/warehouses/${id}/reactivate` };
      },
      ...guarded('warehouse.manage'),
    },
    {
      name: 'POST /api/warehouses/:id/materials/receive',
      request: move('receive', () => ({ location: A, note: 'matrix' })),
      ...guarded('warehouse.move'),
    },
    { name: 'POST /api/warehouses/:id/materials/return', request: move('return', () => ({ from_location: A })), ...guarded('warehouse.move') },
    {
      name: 'POST /api/warehouses/:id/materials/relocate',
      request: move('relocate', () => ({ from_location: A, to_location: B })),
      ...guarded('warehouse.move'),
    },
    {
      name: 'POST /api/warehouses/:id/materials/assign (to the matrix project, whatever the role there)',
      request: move('assign', () => ({ from_location: A, project_id: context.projectId() })),
      ...guarded('warehouse.move'),
    },
    {
      name: 'POST /api/warehouses/:id/materials/unassign (from the matrix project, whatever the role there)',
      request: move('unassign', () => ({ to_location: A, project_id: context.projectId() })),
      ...guarded('warehouse.move'),
    },
    { name: 'POST /api/warehouses/:id/materials/lost', request: move('lost', () => ({ from_location: A })), ...guarded('warehouse.move') },
    { name: 'POST /api/warehouses/:id/materials/found', request: move('found', () => ({ to_location: A })), ...guarded('warehouse.move') },
    {
      name: 'GET /api/warehouses/:id of none',
      access: 'warehouse.read',
      request: () => ({ method: 'GET', url: `/api/warehouses/${randomUUID()}` }),
      expected: (a) => (can.admins(a) ? 404 : 403),
    },
  ];
}
