/** Reads of materials: the catalogue, a project's inventory (now or as of an instant), logs, pickers and one item. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { DomainError } from '../../../ledger/errors.ts';
import type { StockLocation } from '../../../ledger/stock-item/events.ts';
import { sendCsv, timestampedName } from '../../csv.ts';
import { explainFigure, holders, inventory, inventoryAsOf } from '../../materials/inventory-queries.ts';
import { exportLogPages, LOG_EXPORT_COLUMNS, logPage } from '../../materials/log-queries.ts';
import { PART_NOT_FOUND } from '../../materials/stock-commands.ts';
import { roleOf } from '../../plugins/auth.ts';
import { requireProjectAccess } from '../../projects/project-access.ts';
import { errorBody } from '../auth/auth.schemas.ts';
import { escapeLike, findProject } from '../projects/project-queries.ts';
import { explainQuery, inventoryQuery, inventoryRow, itemQuery, logRow, logsQuery, maxAssignableQuery, optionsQuery, searchQuery, suggestion } from './materials.schemas.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['materials'];
export const projectLocation = (id: string): StockLocation => ({ kind: 'project', id });

const INVENTORY_CSV = ['Part Number', 'Part Name', 'Part Nickname', 'Logistics Qty', 'Qty On Hand', 'Field Assigned', 'Qty Lost', 'Low Stock Warning', 'Critical Stock Warning'];

const display = (m: { part_number: string; part_name: string; part_nickname: string }) =>
  `${m.part_number} — ${m.part_name}${m.part_nickname && m.part_nickname !== m.part_name ? ` (${m.part_nickname})` : ''}`;

export async function materialReadRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: app.requireUser };

  async function stockItem(projectId: string, number: string) {
    const [item] = await inventory(app.db, projectLocation(projectId), { partNumber: number.trim() });
    if (!item) throw new DomainError('NOT_FOUND', PART_NOT_FOUND);
    return item;
  }

  r.get(
    '/api/materials',
    {
      ...signedIn,
      schema: { summary: 'The material catalogue shared by all projects', tags, response: { 200: z.object({ items: z.array(suggestion) }), ...errors } },
    },
    async () => {
      const rows = await app.db.selectFrom('materials').select(['material_id', 'part_number', 'part_name', 'part_nickname']).orderBy('part_number').execute();
      return { items: rows.map((m) => ({ ...m, display: display(m) })) };
    },
  );

  r.get(
    '/api/inventory/materials',
    {
      ...signedIn,
      schema: {
        summary: "A project's material inventory; as_of gives the stock as it stood then; format=csv downloads it (admins)",
        tags,
        querystring: inventoryQuery,
        response: { 200: z.object({ items: z.array(inventoryRow), as_of: z.string().nullable() }), ...errors },
      },
    },
    async (request, reply) => {
      const { project_id, as_of, format } = request.query;
      await requireProjectAccess(app.db, request.user!, project_id, 'view');
      const location = projectLocation(project_id);
      const asOf = as_of ? new Date(as_of) : null;
      if (format === 'csv') {
        if (!['admin', 'superadmin'].includes(roleOf(request.user!))) throw new DomainError('FORBIDDEN', 'Only admins can export the inventory.');
        const project = (await findProject(app.db, project_id))!;
        const rows = asOf ? await inventoryAsOf(app.db, location, asOf) : await inventory(app.db, location);
        async function* batches() {
          yield rows.map((row) => [row.PartNumber, row.PartName, row.StandardName, row.MatVendorQty, row.QtyOnHand, row.FieldAssigned, row.QtyLost, row.LowStockWarning, row.CriticalStockWarning]);
        }
        return sendCsv(reply, timestampedName(`inventory_${project.project_number.replace(/[^\w-]+/g, '_')}`), INVENTORY_CSV, batches());
      }
      const items = asOf ? await inventoryAsOf(app.db, location, asOf) : await inventory(app.db, location);
      return { items, as_of: asOf?.toISOString() ?? null };
    },
  );

  r.get(
    '/api/materials/logs',
    {
      ...signedIn,
      schema: {
        summary: 'Material logs of a project (type, time window of 1/7/30/365 days or all, search), newest first, paged (total counts up to 10,000; total_capped says there are more); format=csv streams every row',
        tags,
        querystring: logsQuery,
        response: { 200: z.object({ items: z.array(logRow), total: z.number(), total_capped: z.boolean() }), ...errors },
      },
    },
    async (request, reply) => {
      const { project_id, warehouse_id, type, days, q, page, page_size, format } = request.query;
      if (warehouse_id) throw new DomainError('NOT_FOUND', 'Warehouse not found');
      await requireProjectAccess(app.db, request.user!, project_id!, 'curate');
      const filter = { location: projectLocation(project_id!), types: type, days: days === 'all' ? null : Number(days), q };
      if (format === 'csv') {
        return sendCsv(reply, timestampedName('material_logs'), LOG_EXPORT_COLUMNS, exportLogPages(app.db, filter));
      }
      return logPage(app.db, filter, page, page_size);
    },
  );

  r.get(
    '/api/materials/options',
    {
      ...signedIn,
      schema: {
        summary: "Parts in a project's stock matching a text (at most 25), for pickers",
        tags,
        querystring: optionsQuery,
        response: { 200: z.object({ items: z.array(suggestion) }), ...errors },
      },
    },
    async (request) => {
      await requireProjectAccess(app.db, request.user!, request.query.project_id, 'view');
      return { items: await searchStock(request.query.project_id, request.query.q, 25) };
    },
  );

  r.get(
    '/api/materials/:projectId/search',
    {
      ...signedIn,
      schema: {
        summary: "Up to 10 suggestions from a project's parts",
        tags,
        params: z.object({ projectId: z.uuid({ error: 'projectId must be a valid id' }) }),
        querystring: searchQuery,
        response: { 200: z.object({ items: z.array(suggestion) }), ...errors },
      },
    },
    async (request) => {
      await requireProjectAccess(app.db, request.user!, request.params.projectId, 'view');
      return { items: await searchStock(request.params.projectId, request.query.q, 10) };
    },
  );

  async function searchStock(projectId: string, q: string, limit: number) {
    const text = q.trim();
    const rows = await app.db
      .selectFrom('material_stock as s')
      .innerJoin('materials as m', 'm.material_id', 's.material_id')
      .select(['m.material_id', 'm.part_number', 'm.part_name', 'm.part_nickname'])
      .where('s.location_kind', '=', 'project')
      .where('s.location_id', '=', projectId)
      .$if(text.length > 0, (qb) =>
        qb.where((eb) => {
          const like = `%${escapeLike(text)}%`;
          return eb.or([eb('m.part_number', 'ilike', like), eb('m.part_name', 'ilike', like), eb('m.part_nickname', 'ilike', like)]);
        }),
      )
      .orderBy(sql`m.part_number ilike ${`${escapeLike(text)}%`}`, 'desc')
      .orderBy('m.part_number')
      .limit(limit)
      .execute();
    return rows.map((m) => ({ ...m, display: display(m) }));
  }

  r.get(
    '/api/materials/item',
    { ...signedIn, config: { projectAccess: { level: 'view', from: 'query' } }, schema: { summary: 'One part of a project', tags, querystring: itemQuery, response: { 200: inventoryRow, ...errors } } },
    async (request) => stockItem(request.project!.id, request.query.number),
  );

  r.get(
    '/api/materials/info',
    {
      ...signedIn,
      schema: {
        summary: "Totals of a project's material stock",
        tags,
        querystring: z.object({ project_id: itemQuery.shape.project_id }),
        response: {
          200: z.object({ parts: z.number(), on_hand: z.number(), field_assigned: z.number(), lost: z.number(), low_stock: z.number(), critical_stock: z.number() }),
          ...errors,
        },
      },
    },
    async (request) => {
      await requireProjectAccess(app.db, request.user!, request.query.project_id, 'view');
      const rows = await inventory(app.db, projectLocation(request.query.project_id));
      const critical = (r: (typeof rows)[number]) => r.QtyOnHand <= 0 || r.QtyOnHand <= r.CriticalStockWarning;
      return {
        parts: rows.length,
        on_hand: rows.reduce((n, r) => n + r.QtyOnHand, 0),
        field_assigned: rows.reduce((n, r) => n + r.FieldAssigned, 0),
        lost: rows.reduce((n, r) => n + r.QtyLost, 0),
        critical_stock: rows.filter(critical).length,
        low_stock: rows.filter((r) => !critical(r) && r.QtyOnHand < r.LowStockWarning).length,
      };
    },
  );

  r.get(
    '/api/materials/available',
    { ...signedIn, schema: { summary: 'Quantity on hand of one part', tags, querystring: itemQuery, response: { 200: z.object({ part_number: z.string(), available: z.number() }), ...errors } } },
    async (request) => {
      await requireProjectAccess(app.db, request.user!, request.query.project_id, 'view');
      const item = await stockItem(request.query.project_id, request.query.number);
      return { part_number: item.PartNumber, available: item.QtyOnHand };
    },
  );

  const assigneeSchema = z.object({ uuid: z.string(), user_email: z.string(), user_firstname: z.string(), user_lastname: z.string(), quantity: z.number() });
  const assigneesOf = async (projectId: string, number: string) => {
    const item = await stockItem(projectId, number);
    const rows = await holders(app.db, projectLocation(projectId), item.material_id);
    return rows.map((h) => ({ uuid: h.id, user_email: h.email, user_firstname: h.user_firstname, user_lastname: h.user_lastname, quantity: h.qty }));
  };

  r.get(
    '/api/materials/assigned',
    {
      ...signedIn,
      schema: { summary: 'Who holds how many of one part', tags, querystring: itemQuery, response: { 200: z.object({ items: z.array(assigneeSchema), total: z.number() }), ...errors } },
    },
    async (request) => {
      await requireProjectAccess(app.db, request.user!, request.query.project_id, 'view');
      const items = await assigneesOf(request.query.project_id, request.query.number);
      return { items, total: items.reduce((n, i) => n + i.quantity, 0) };
    },
  );

  r.get(
    '/api/materials/assignees',
    {
      ...signedIn,
      schema: { summary: 'Users with some of one part assigned (for unassign and field losses)', tags, querystring: itemQuery, response: { 200: z.object({ items: z.array(assigneeSchema) }), ...errors } },
    },
    async (request) => {
      await requireProjectAccess(app.db, request.user!, request.query.project_id, 'view');
      return { items: await assigneesOf(request.query.project_id, request.query.number) };
    },
  );

  r.get(
    '/api/materials/max-assignable',
    {
      ...signedIn,
      schema: {
        summary: 'How many can be assigned (on hand), and how many a user holds (the most that can be unassigned)',
        tags,
        querystring: maxAssignableQuery,
        response: { 200: z.object({ max: z.number(), assigned: z.number() }), ...errors },
      },
    },
    async (request) => {
      await requireProjectAccess(app.db, request.user!, request.query.project_id, 'view');
      const item = await stockItem(request.query.project_id, request.query.number);
      const assigned = request.query.user
        ? ((await holders(app.db, projectLocation(request.query.project_id), item.material_id)).find((h) => h.id === request.query.user)?.qty ?? 0)
        : 0;
      return { max: item.QtyOnHand, assigned };
    },
  );

  r.get(
    '/api/materials/explain',
    {
      ...signedIn,
      schema: {
        summary: 'The movements behind one figure of one part, with the running balance after each',
        tags,
        querystring: explainQuery,
        response: {
          200: z.object({
            figure: z.string(),
            current: z.number(),
            items: z.array(z.object({ position: z.number(), date: z.string(), type: z.string(), amount: z.number(), change: z.number(), balance: z.number(), by: z.string(), associated: z.string().nullable() })),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { project_id, number, figure } = request.query;
      await requireProjectAccess(app.db, request.user!, project_id, 'view');
      const item = await stockItem(project_id, number);
      const rows = await explainFigure(app.db, projectLocation(project_id), item.material_id, figure);
      const current = { on_hand: item.QtyOnHand, field_assigned: item.FieldAssigned, lost: item.QtyLost, logistics: item.MatVendorQty }[figure];
      return {
        figure,
        current,
        items: rows.map((r) => ({ position: Number(r.position), date: r.occurred_at.toISOString(), type: r.log_type, amount: r.quantity, change: r.delta, balance: r.balance, by: r.actor_name, associated: r.associated_name })),
      };
    },
  );
}
