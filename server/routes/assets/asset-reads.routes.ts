/**
 * Asset reads: a project's and a warehouse's Asset rows, instances by filter, search, the location
 * lookup (the asset tracker), the transactions of a project, warehouse or instance (JSON or CSV), and
 * the dashboard's asset item and info. Project reads need membership; warehouse-wide reads are for
 * global admins and superadmins.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ASSET_MESSAGES as M,
  assetAssigned,
  assetAssignees as assetAssigneesAnswer,
  assetAvailable,
  assetInfo,
  assetMaxAssignable,
  maxAssignableQuery,
  assetInventory as assetInventoryAnswer,
  assetLocation,
  type AssetRow,
  assetProjectLogsFileName,
  assetWarehouseLogsFileName,
  infoQuery,
  instanceList,
  instancesQuery,
  itemQuery,
  locationParams,
  ownerParams,
  assetInventoryQuery,
  searchQuery,
  transactionList,
  transactionsQuery,
} from '../../../contract/assets.ts';
import { errorResponses as errors } from '../../../contract/errors.ts';
import { ASSET_MESSAGES } from '../../../contract/messages/assets.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { assetInventoryAsOf } from '../../../projections/asset-transactions/as-of.ts';
import { assetTransactions } from '../../../projections/asset-transactions/queries.ts';
import type { Owner } from '../../../ledger/asset/events.ts';
import { assetAssignees, assetInventory, listInstances, locateInstance } from '../../../projections/assets/queries.ts';
import { findWarehouse } from '../../../projections/warehouses/queries.ts';
import { allows, demand, NO_PERMISSION } from '../../auth/policies.ts';
import { sendCsv } from '../../csv.ts';
import { checkLevel, projectAccess, type AccessLevel } from '../../projects/project-access.ts';

const tags = ['assets'];

/** The rows whose number, name or serial contains q (the live query filters in SQL; as-of rows are filtered here). */
export function matching(rows: AssetRow[], q: string | undefined): AssetRow[] {
  const needle = q?.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((r) => [r.AssetNumber, r.AssetName, r.serial_number ?? ''].some((v) => v.toLowerCase().includes(needle)));
}
const CSV_HEADER = ['Date', 'Type', 'Asset Number', 'Asset Name', 'Serial Number', 'Quantity', 'From', 'To', 'Transacted By', 'Notes', 'Position', 'Hash'];

export async function assetReadRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { config: { access: 'asset.admin' } } as const;
  const isAdmin = (request: FastifyRequest) => allows('asset.admin', request.caller);

  async function requireProject(request: FastifyRequest, projectId: string, level: AccessLevel) {
    checkLevel(await projectAccess(app.access, request.caller, projectId), level);
  }
  /** An owner's rows now, or as they stood at as_of. */
  async function ownerRows(owner: Owner, query: { q?: string; as_of?: string }) {
    if (!query.as_of) return { items: await assetInventory(app.db, owner, query.q), as_of: null };
    const asOf = new Date(query.as_of);
    return { items: matching(await assetInventoryAsOf(app.db, owner, asOf), query.q), as_of: asOf.toISOString() };
  }
  async function requireWarehouse(id: string) {
    if (!(await findWarehouse(app.db, id))) throw new DomainError('NOT_FOUND', M.warehouseNotFound);
  }

  r.get(
    '/api/assets/inventory/project/:id',
    {
      config: { projectAccess: { level: 'view', from: 'params' } },
      schema: {
        summary: "A project's Asset rows: one per instance, one per bulk type (members); as_of: as they stood then",
        tags,
        params: ownerParams,
        querystring: assetInventoryQuery,
        response: { 200: assetInventoryAnswer, ...errors },
      },
    },
    async (request) => ownerRows({ type: 'project', id: request.params.id }, request.query),
  );

  r.get(
    '/api/assets/inventory/warehouse/:id',
    {
      ...admin,
      schema: {
        summary: "A warehouse's Asset rows (admins); as_of: as they stood then",
        tags,
        params: ownerParams,
        querystring: assetInventoryQuery,
        response: { 200: assetInventoryAnswer, ...errors },
      },
    },
    async (request) => {
      await requireWarehouse(request.params.id);
      return ownerRows({ type: 'warehouse', id: request.params.id }, request.query);
    },
  );

  r.get(
    '/api/assets/instances',
    {
      schema: {
        summary: 'Instances by asset number, name, type, warehouse, project and status (members of project_id; admins otherwise)',
        tags,
        querystring: instancesQuery,
        response: { 200: instanceList, ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      if (q.project_id && !isAdmin(request)) await requireProject(request, q.project_id, 'view');
      else demand('asset.admin', request.caller);
      const items = await listInstances(app.db, {
        assetNumber: q.asset_number,
        assetName: q.asset_name,
        catalogId: q.catalog_id,
        warehouseId: q.warehouse_id,
        projectId: q.project_id,
        status: q.status,
      });
      return { items };
    },
  );

  r.get(
    '/api/assets/search',
    {
      ...admin,
      schema: {
        summary: 'Instances whose serial, asset number, name or id contains q (admins; limit default 50)',
        tags,
        querystring: searchQuery,
        response: { 200: instanceList, ...errors },
      },
    },
    async (request) => ({ items: request.query.q.trim() ? await listInstances(app.db, { q: request.query.q, limit: request.query.limit }) : [] }),
  );

  r.get(
    '/api/assets/location/:id',
    {
      schema: {
        summary: 'Where an instance is (by id, or a serial naming one instance): warehouse, project, assigned user (admins, members of the holding project)',
        tags,
        params: locationParams,
        response: { 200: assetLocation, ...errors },
      },
    },
    async (request) => {
      const found = await locateInstance(app.db, request.params.id);
      if (!found) throw new DomainError('NOT_FOUND', ASSET_MESSAGES.locationNotFound);
      if (!isAdmin(request)) {
        if (!found.instance.project_id) throw new DomainError('FORBIDDEN', NO_PERMISSION);
        await requireProject(request, found.instance.project_id, 'view');
      }
      return found;
    },
  );

  r.get(
    '/api/assets/transactions',
    {
      schema: {
        summary:
          'Asset transactions newest first, with ledger position and hash: of a project (its admins and managers), a warehouse or an instance (admins); format=csv downloads asset_warehouse_logs_{timestamp}.csv',
        tags,
        querystring: transactionsQuery,
        response: { 200: transactionList, ...errors },
      },
    },
    async (request, reply) => {
      const q = request.query;
      // A project's asset logs follow its material logs: its curators and auditors (a global admin
      // who is not its admin or manager included); warehouses and instances anywhere are the admins'.
      if (q.project_id) await requireProject(request, q.project_id, 'logs');
      else demand('asset.admin', request.caller);
      if (q.warehouse_id) await requireWarehouse(q.warehouse_id);
      const items = await assetTransactions(app.db, {
        projectId: q.project_id,
        warehouseId: q.warehouse_id,
        instanceId: q.instance_id,
        type: q.type,
        q: q.q,
        limit: q.limit,
      });
      if (q.format === 'csv') {
        const name = q.project_id ? assetProjectLogsFileName(new Date()) : assetWarehouseLogsFileName(new Date());
        const rows = items.map((t) => [
          t.created_at,
          t.action_type,
          t.asset_number,
          t.asset_name,
          t.serial_number,
          t.quantity,
          t.from_owner_label,
          t.to_owner_label,
          t.created_by,
          t.notes,
          t.position,
          t.hash,
        ]);
        return sendCsv(
          reply,
          name,
          CSV_HEADER,
          (async function* () {
            yield rows;
          })(),
        );
      }
      return { items };
    },
  );

  r.get(
    '/api/assets/item',
    {
      config: { projectAccess: { level: 'view', from: 'query' } },
      schema: {
        summary: "A project's Asset rows of one asset number (members)",
        tags,
        querystring: itemQuery,
        response: { 200: assetInventoryAnswer, ...errors },
      },
    },
    async (request) => ({ items: await numberRows(request.query.project_id, request.query.number), as_of: null }),
  );

  /** A project's rows of one asset number; 404 when it has none. */
  async function numberRows(projectId: string, number: string) {
    const rows = (await assetInventory(app.db, { type: 'project', id: projectId })).filter(
      (row) => row.AssetNumber.toLowerCase() === number.trim().toLowerCase(),
    );
    if (rows.length === 0) throw new DomainError('NOT_FOUND', M.notInProject);
    return rows;
  }
  const availableOf = (rows: AssetRow[]) => rows.reduce((sum, row) => sum + row.QtyOnHand, 0);
  const viewer = { config: { projectAccess: { level: 'view' as const, from: 'query' as const } } };

  r.get(
    '/api/assets/available',
    {
      ...viewer,
      schema: {
        summary: 'Instances available plus bulk units on hand of one asset number in a project (members)',
        tags,
        querystring: itemQuery,
        response: { 200: assetAvailable, ...errors },
      },
    },
    async (request) => {
      const rows = await numberRows(request.query.project_id, request.query.number);
      return { asset_number: rows[0]!.AssetNumber, available: availableOf(rows) };
    },
  );

  r.get(
    '/api/assets/assigned',
    {
      ...viewer,
      schema: {
        summary: 'Who has instances of one asset number in use, and how many (members)',
        tags,
        querystring: itemQuery,
        response: { 200: assetAssigned, ...errors },
      },
    },
    async (request) => {
      await numberRows(request.query.project_id, request.query.number);
      const items = await assetAssignees(app.db, request.query.project_id, request.query.number);
      return { items, total: items.reduce((n, i) => n + i.quantity, 0) };
    },
  );

  r.get(
    '/api/assets/assignees',
    {
      ...viewer,
      schema: {
        summary: 'Users with instances of one asset number in use (to mark available or lost)',
        tags,
        querystring: itemQuery,
        response: { 200: assetAssigneesAnswer, ...errors },
      },
    },
    async (request) => {
      await numberRows(request.query.project_id, request.query.number);
      return { items: await assetAssignees(app.db, request.query.project_id, request.query.number) };
    },
  );

  r.get(
    '/api/assets/max-assignable',
    {
      ...viewer,
      schema: {
        summary: 'How many can be marked in use (available), and how many the user has in use',
        tags,
        querystring: maxAssignableQuery,
        response: { 200: assetMaxAssignable, ...errors },
      },
    },
    async (request) => {
      const { project_id, number, user } = request.query;
      const rows = await numberRows(project_id, number);
      const held = user ? (await assetAssignees(app.db, project_id, number)).find((a) => a.uuid === user)?.quantity : 0;
      return { max: availableOf(rows), assigned: held ?? 0 };
    },
  );

  r.get(
    '/api/assets/info',
    {
      config: { projectAccess: { level: 'view', from: 'query' } },
      schema: {
        summary: "Totals of a project's assets: types, instances, available, in use, lost, bulk units on hand (members)",
        tags,
        querystring: infoQuery,
        response: { 200: assetInfo, ...errors },
      },
    },
    async (request) => {
      const rows = await assetInventory(app.db, { type: 'project', id: request.query.project_id });
      const instances = rows.filter((row) => row.kind === 'serialized');
      const count = (status: string) => instances.filter((row) => row.Status === status).length;
      return {
        types: new Set(rows.map((row) => row.catalog_id)).size,
        instances: instances.length,
        available: count('Available'),
        in_use: count('In-Use'),
        lost: count('Lost'),
        bulk_on_hand: rows.filter((row) => row.kind === 'bulk').reduce((sum, row) => sum + row.QtyOnHand, 0),
      };
    },
  );
}
