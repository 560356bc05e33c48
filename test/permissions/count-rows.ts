/**
 * The stock count routes' rows of the route × role matrix (matrix-suite.ts). A project's
 * counts are opened and reviewed by whoever curates its stock (its admins and managers, and
 * superadmins); they are read by those and by auditors (as the project's logs), and by the counters
 * the manager picked, who count and read the lines and nothing more. A warehouse's counts are the
 * global admins'. Auditors change nothing. Each row works on a fresh session.
 */
import { randomUUID } from 'node:crypto';
import { runStock } from '../../server/materials/stock-commands.ts';
import { openCount, runCountCommand } from '../../server/stock-count/count-commands.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { createWarehouse } from '../../server/warehouses/warehouse-commands.ts';
import { runWarehouseStock } from '../../server/warehouses/warehouse-stock-commands.ts';
import { type Actor, can, changes, type MatrixContext, type Rule, type RouteCase, when } from './matrix.ts';

const system = { metadata: SYSTEM_ACTOR };
const PART = 'CNT-1';

/** Who opens, recounts, changes counters and cancels a project's counts: whoever curates its stock. */
const reviewer: Rule = changes((a) => a.global === 'superadmin' || a.project === 'admin' || a.project === 'manager');
/** Who reads every count of the project: its reviewers and auditors. */
const reader: Rule = can.logs;

export function countPermissionRows(context: MatrixContext): RouteCase[] {
  const store = () => context.runtime().store;
  let stocked: Promise<void> | null = null;
  const stock = () => {
    stocked ??= (async () => {
      const location = { kind: 'project' as const, id: context.projectId() };
      await runStock(store(), { type: 'receive', location, partNumber: PART, quantity: 50, partName: 'Counted part', partNickname: 'Counted part' }, system);
    })();
    return stocked;
  };
  let warehouse: Promise<string> | null = null;
  const stockedWarehouse = () => {
    warehouse ??= (async () => {
      const warehouseId = await createWarehouse(store(), { name: `Count yard ${randomUUID().slice(0, 6)}`, location: null, capacitySummary: null }, system);
      await runWarehouseStock(
        store(),
        {
          type: 'receive',
          warehouseId,
          partNumber: PART,
          quantity: 10,
          place: { rack: 'A', bin: '1' },
          partName: 'Counted part',
          partNickname: 'Counted part',
        },
        system,
      );
      return warehouseId;
    })();
    return warehouse;
  };
  /** A fresh session of the matrix project counting PART, by these counters (a plain member unless told). */
  const session = async (counters: string[] = [context.memberId()]) => {
    await stock();
    return openCount(
      store(),
      {
        location: { kind: 'project', id: context.projectId() },
        scope: { kind: 'filter', part_prefix: PART },
        includeAssets: false,
        name: `Matrix count ${randomUUID().slice(0, 6)}`,
        dueDate: null,
        blind: true,
        doubleCount: false,
        counterIds: counters,
      },
      system,
    );
  };
  /** A session whose one line the plain member has counted. */
  const counted = async () => {
    const id = await session();
    const counter = { userId: context.memberId(), userName: 'Matrix member' };
    const { result } = await runCountCommand(store(), { type: 'count', sessionId: id, entry: { part_number: PART, counted: 49 }, counter }, system);
    return { id, lineId: 'line_id' in result ? result.line_id : '' };
  };
  const readsSession = (a: Actor) => (reader(a) || a.userId === context.memberId() ? 200 : 403);
  const project = () => ({ kind: 'project', id: context.projectId() });

  return [
    {
      name: 'GET /api/counts',
      request: () => ({ method: 'GET', url: `/api/counts?project_id=${context.projectId()}` }),
      expected: when(can.view, 200),
    },
    {
      name: 'POST /api/counts/plan',
      request: async () => {
        await stock();
        return { method: 'POST', url: '/api/counts/plan', payload: { location: project(), scope: { kind: 'all' } } };
      },
      expected: when(reviewer, 200),
    },
    {
      name: 'POST /api/counts/plan (a warehouse)',
      request: async () => ({
        method: 'POST',
        url: '/api/counts/plan',
        payload: { location: { kind: 'warehouse', id: await stockedWarehouse() }, scope: { kind: 'all' } },
      }),
      expected: when(can.admins, 200),
    },
    {
      name: 'POST /api/counts',
      request: async () => {
        await stock();
        const payload = { location: project(), scope: { kind: 'filter', part_prefix: PART }, name: 'Matrix', counters: [context.memberId()] };
        return { method: 'POST', url: '/api/counts', payload };
      },
      expected: when(reviewer, 201),
    },
    { name: 'GET /api/counts/:id', request: async () => ({ method: 'GET', url: `/api/counts/${await session()}` }), expected: readsSession },
    { name: 'GET /api/counts/:id/lines', request: async () => ({ method: 'GET', url: `/api/counts/${await session()}/lines` }), expected: readsSession },
    {
      name: 'POST /api/counts/:id/count',
      // Each member counts a session they were picked for; whoever is not a member cannot be picked.
      request: async (a) => ({
        method: 'POST',
        url: `/api/counts/${await session(a.project === 'none' ? [context.memberId()] : [a.userId])}/count`,
        payload: { part_number: PART, counted: 48 },
      }),
      expected: when(
        changes((a) => a.project !== 'none'),
        200,
      ),
    },
    {
      name: 'POST /api/counts/:id/recount',
      request: async () => {
        const { id, lineId } = await counted();
        return { method: 'POST', url: `/api/counts/${id}/recount`, payload: { line_ids: [lineId] } };
      },
      expected: when(reviewer, 200),
    },
    {
      name: 'PUT /api/counts/:id/counters',
      request: async () => ({ method: 'PUT', url: `/api/counts/${await session()}/counters`, payload: { counters: [context.memberId()] } }),
      expected: when(reviewer, 200),
    },
    {
      name: 'POST /api/counts/:id/cancel',
      request: async () => ({ method: 'POST', url: `/api/counts/${await session()}/cancel`, payload: { reason: 'Matrix' } }),
      expected: when(reviewer, 200),
    },
  ];
}
