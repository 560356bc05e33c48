/** Reads of materials: the catalogue, a project's inventory (now or as of an instant), logs, pickers and one item. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../contract/errors.ts';
import { id } from '../../../contract/fields.ts';
import {
  assignee,
  catalogPart,
  explainQuery,
  explanation,
  inventoryAnswer,
  inventoryQuery,
  inventoryRow,
  itemQuery,
  logPage,
  logsQuery,
  maxAssignable,
  maxAssignableQuery,
  optionsAnswer,
  optionsQuery,
  searchQuery,
  stockTotals as stockTotalsAnswer,
} from '../../../contract/materials.ts';
import { PICKER_LIMIT } from '../../../contract/limits.ts';
import { PART_NOT_FOUND } from '../../../contract/messages.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { projectLocation, type StockLocation } from '../../../ledger/stock-item/events.ts';
import {
  exportLogPages,
  explainFigure,
  LOG_EXPORT_COLUMNS,
  logPage as readLogPage,
  WAREHOUSE_LOG_EXPORT_COLUMNS,
} from '../../../projections/activity-log/queries.ts';
import { findWarehouse } from '../../../projections/warehouses/queries.ts';
import { WAREHOUSE_MESSAGES, warehouseLogsFileName } from '../../../contract/warehouses.ts';
import { holders, inventoryPage, inventoryTag, searchStock, stockItem as findStockItem, stockTotals } from '../../../projections/material-stock/queries.ts';
import { catalogue } from '../../../projections/materials/queries.ts';
import { findProject } from '../../../projections/projects/queries.ts';
import { sendCsv, timestampedName } from '../../csv.ts';
import { demand } from '../../auth/policies.ts';
import { StateTagCache } from '../../http/state-tag-cache.ts';
import { conditional, notModifiedAnswer, sendCached } from '../conditional.ts';

const tags = ['materials'];

const INVENTORY_CSV = [
  'Part Number',
  'Part Name',
  'Part Nickname',
  'Logistics Qty',
  'Qty On Hand',
  'Field Assigned',
  'Qty Lost',
  'Low Stock Warning',
  'Critical Stock Warning',
];

export async function materialReadRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewer = { config: { projectAccess: { level: 'view', from: 'query' } } } as const;
  // A project's inventory tag is remembered until a commit may have changed it; readers that miss
  // at the same moment share one tag query (never one that began before they asked).
  const inventoryTags = new StateTagCache(app.store, (projectId: string) => inventoryTag(app.db, projectLocation(projectId)));
  app.addHook('onClose', async () => inventoryTags.stop());

  /** A warehouse's log: the caller must be a global admin or superadmin, and the warehouse must exist. */
  async function warehouseLogLocation(request: FastifyRequest, warehouseId: string): Promise<StockLocation> {
    demand('warehouse.read', request.caller);
    if (!(await findWarehouse(app.db, warehouseId))) throw new DomainError('NOT_FOUND', WAREHOUSE_MESSAGES.notFound);
    return { kind: 'warehouse', id: warehouseId };
  }

  async function stockItem(projectId: string, number: string) {
    const item = await findStockItem(app.db, projectLocation(projectId), number);
    if (!item) throw new DomainError('NOT_FOUND', PART_NOT_FOUND);
    return item;
  }

  r.get(
    '/api/materials',
    {
      config: { access: 'material.catalogue' },
      schema: {
        summary: 'The material catalogue shared by all projects (superadmins, global admins, and project admins and managers)',
        tags,
        response: { 200: z.object({ items: z.array(catalogPart) }), ...errorResponses },
      },
    },
    async () => ({ items: await catalogue(app.db) }),
  );

  r.get(
    '/api/inventory/materials',
    {
      ...viewer,
      schema: {
        summary:
          "A project's material inventory, whole or a page (limit, offset) searched (q: part number, name or nickname) and sorted (sort=PartNumber, -QtyOnHand, …); as_of gives the stock as it stood then (by when things happened), as_known_on as the ledger knew it on that day (by when things were recorded; both together: what was true at as_of as known on as_known_on); format=csv downloads it (admins). The ETag changes with the project's stock: If-None-Match answers 304.",
        tags,
        querystring: inventoryQuery,
        response: { 200: inventoryAnswer, 304: notModifiedAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { as_of, as_known_on, format, q, sort, limit, offset } = request.query;
      const project = request.project!;
      const location = projectLocation(project.id);
      const asOf = as_of ? new Date(as_of) : null;
      const knownOn = as_known_on ? new Date(as_known_on) : null;
      if (format === 'csv') {
        demand('material.export', request.caller);
        const { project_number } = (await findProject(app.db, project.id))!;
        const rows = (await inventoryPage(app.db, location, { asOf, knownOn, q, sort })).items;
        async function* batches() {
          yield rows.map((row) => [
            row.PartNumber,
            row.PartName,
            row.StandardName,
            row.MatVendorQty,
            row.QtyOnHand,
            row.FieldAssigned,
            row.QtyLost,
            row.LowStockWarning,
            row.CriticalStockWarning,
          ]);
        }
        return sendCsv(reply, timestampedName(`inventory_${project_number.replace(/[^\w-]+/g, '_')}`), INVENTORY_CSV, batches());
      }
      const { etag, notModified: unchanged } = conditional(request, reply, await inventoryTags.read(location.id));
      if (unchanged) return reply.code(304).send();
      return sendCached(reply, app.answers, `inventory|${location.id}|${etag}`, async () => ({
        ...(await inventoryPage(app.db, location, { asOf, knownOn, q, sort, limit, offset })),
        as_of: asOf?.toISOString() ?? null,
        as_known_on: knownOn?.toISOString() ?? null,
      }));
    },
  );

  r.get(
    '/api/materials/logs',
    {
      // A warehouse's log (warehouse_id instead of project_id) is for global admins and superadmins.
      config: { projectAccess: { level: 'logs', from: 'query', optional: true } },
      schema: {
        summary:
          "Material logs of a project, or of a warehouse with warehouse_id (global admins and superadmins; a move between a warehouse and a project names the other side in location_a and location_b) (type, time window of 1/7/30/365 days or all, search in the shown fields, each row saying which it matched), newest first (sort=LogDate for oldest first), paged by page and page_size or by limit and offset (total counts up to 10,000; total_capped says there are more); format=csv streams every row. The ETag changes with the project's stock: If-None-Match answers 304.",
        tags,
        querystring: logsQuery,
        response: { 200: logPage, 304: notModifiedAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { type, days, q, page, page_size, limit, offset, sort, format, warehouse_id } = request.query;
      const location = warehouse_id ? await warehouseLogLocation(request, warehouse_id) : projectLocation(request.project!.id);
      if (format === 'csv') {
        const filter = { location, types: type, days: days === 'all' ? null : Number(days), q };
        if (warehouse_id)
          return sendCsv(
            reply,
            warehouseLogsFileName(new Date()),
            WAREHOUSE_LOG_EXPORT_COLUMNS,
            exportLogPages(app.db, filter, undefined, WAREHOUSE_LOG_EXPORT_COLUMNS),
          );
        return sendCsv(reply, timestampedName('material_logs'), LOG_EXPORT_COLUMNS, exportLogPages(app.db, filter));
      }
      // A window of days starts at a whole minute, so its answer is the same for that minute and the
      // stock's tag: the tag and the minute together name it, for 304s and for the answer cache.
      const minute = Math.floor(Date.now() / 60_000);
      const filter = { location, types: type, days: days === 'all' ? null : Number(days), q, now: new Date(minute * 60_000) };
      const stateTag = warehouse_id ? await inventoryTag(app.db, location) : await inventoryTags.read(location.id);
      const { etag, notModified: unchanged } = conditional(request, reply, days === 'all' ? stateTag : `${stateTag}.${minute}`);
      if (unchanged) return reply.code(304).send();
      const window = { limit: limit ?? page_size, offset: offset ?? (page - 1) * page_size, oldestFirst: sort === 'LogDate' };
      return sendCached(reply, app.answers, `logs|${location.id}|${etag}`, () => readLogPage(app.db, filter, window));
    },
  );

  r.get(
    '/api/materials/options',
    {
      ...viewer,
      schema: {
        summary: `Parts in a project's stock matching a text, for pickers: at most ${PICKER_LIMIT}, and how many matched in all`,
        tags,
        querystring: optionsQuery,
        response: { 200: optionsAnswer, ...errorResponses },
      },
    },
    async (request) => searchStock(app.db, projectLocation(request.project!.id), request.query.q, PICKER_LIMIT),
  );

  r.get(
    '/api/materials/:projectId/search',
    {
      config: { projectAccess: { level: 'view', from: 'params' } },
      schema: {
        summary: "Up to 10 suggestions from a project's parts",
        tags,
        params: z.object({ projectId: id('Project id', 'projectId must be a valid id') }),
        querystring: searchQuery,
        response: { 200: z.object({ items: z.array(catalogPart) }), ...errorResponses },
      },
    },
    async (request) => ({ items: (await searchStock(app.db, projectLocation(request.project!.id), request.query.q, 10)).items }),
  );

  r.get(
    '/api/materials/item',
    { ...viewer, schema: { summary: 'One part of a project', tags, querystring: itemQuery, response: { 200: inventoryRow, ...errorResponses } } },
    async (request) => stockItem(request.project!.id, request.query.number),
  );

  r.get(
    '/api/materials/info',
    {
      ...viewer,
      schema: {
        summary: "Totals of a project's material stock",
        tags,
        querystring: z.object({ project_id: itemQuery.shape.project_id }),
        response: { 200: stockTotalsAnswer, ...errorResponses },
      },
    },
    async (request) => stockTotals(app.db, projectLocation(request.project!.id)),
  );

  r.get(
    '/api/materials/available',
    {
      ...viewer,
      schema: {
        summary: 'Quantity on hand of one part',
        tags,
        querystring: itemQuery,
        response: { 200: z.object({ part_number: z.string(), available: z.number() }), ...errorResponses },
      },
    },
    async (request) => {
      const item = await stockItem(request.project!.id, request.query.number);
      return { part_number: item.PartNumber, available: item.QtyOnHand };
    },
  );

  const assigneesOf = async (projectId: string, number: string) => {
    const item = await stockItem(projectId, number);
    const rows = await holders(app.db, projectLocation(projectId), item.material_id);
    return rows.map((h) => ({ uuid: h.id, user_email: h.email, user_firstname: h.user_firstname, user_lastname: h.user_lastname, quantity: h.qty }));
  };

  r.get(
    '/api/materials/assigned',
    {
      ...viewer,
      schema: {
        summary: 'Who holds how many of one part',
        tags,
        querystring: itemQuery,
        response: { 200: z.object({ items: z.array(assignee), total: z.number() }), ...errorResponses },
      },
    },
    async (request) => {
      const items = await assigneesOf(request.project!.id, request.query.number);
      return { items, total: items.reduce((n, i) => n + i.quantity, 0) };
    },
  );

  r.get(
    '/api/materials/assignees',
    {
      ...viewer,
      schema: {
        summary: 'Users with some of one part assigned (for unassign and field losses)',
        tags,
        querystring: itemQuery,
        response: { 200: z.object({ items: z.array(assignee) }), ...errorResponses },
      },
    },
    async (request) => ({ items: await assigneesOf(request.project!.id, request.query.number) }),
  );

  r.get(
    '/api/materials/max-assignable',
    {
      ...viewer,
      schema: {
        summary: 'How many can be assigned (on hand), and how many a user holds (the most that can be unassigned)',
        tags,
        querystring: maxAssignableQuery,
        response: { 200: maxAssignable, ...errorResponses },
      },
    },
    async (request) => {
      const { number, user } = request.query;
      const item = await stockItem(request.project!.id, number);
      const held = user ? (await holders(app.db, projectLocation(request.project!.id), item.material_id)).find((h) => h.id === user) : undefined;
      return { max: item.QtyOnHand, assigned: held?.qty ?? 0 };
    },
  );

  r.get(
    '/api/materials/explain',
    {
      // The movements behind a figure are log rows: the logs' readers only (spec 01 §6), auditors included.
      config: { projectAccess: { level: 'logs', from: 'query' } },
      schema: {
        summary: 'The movements behind one figure of one part, with the running balance after each',
        tags,
        querystring: explainQuery,
        response: { 200: explanation, ...errorResponses },
      },
    },
    async (request) => {
      const { number, figure } = request.query;
      const item = await stockItem(request.project!.id, number);
      return explainFigure(app.db, projectLocation(request.project!.id), item, figure);
    },
  );
}
