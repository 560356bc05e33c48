/**
 * Reviewing and posting stock counts, and the count reports (contract/counts.ts): a session's
 * variance (and as CSV), posting it, the open sessions by due date and when each part at each place
 * was last counted. Review and the reports are the reviewers' (server/stock-count/count-access.ts);
 * the counts due are anyone's, each seeing the sessions they review or count.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countSummary, lastCountedRow, postCountAnswer, varianceAnswer, type CountSummary, type VarianceAnswer } from '../../../contract/counts.ts';
import { errorResponses } from '../../../contract/errors.ts';
import { id } from '../../../contract/fields.ts';
import { findCountSession, toCountSummary } from '../../../projections/stock-count/queries.ts';
import { dueSessionIds, lastCounted } from '../../../projections/stock-count/report-queries.ts';
import { sessionVariance } from '../../../projections/stock-count/variance.ts';
import { sendCsv, timestampedName } from '../../csv.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { roleOf } from '../../plugins/auth.ts';
import { runPostCount } from '../../stock-count/post-command.ts';
import { locationRights, permissionsFor, requireReviewer, reviewerSession } from '../../stock-count/count-access.ts';

const tags = ['counts'];
const sessionParams = z.object({ id: z.string().min(1).max(100) });
const lastCountedQuery = z
  .object({
    project_id: id('Project', 'project_id must be a valid project id').optional(),
    warehouse_id: id('Warehouse', 'warehouse_id must be a valid warehouse id').optional(),
  })
  .refine((v) => Boolean(v.project_id) !== Boolean(v.warehouse_id), { message: 'Send project_id or warehouse_id', path: ['project_id'] });

export const VARIANCE_CSV = [
  'Line',
  'Kind',
  'Part Number',
  'Part Name',
  'Location',
  'Asset Number',
  'Serial Number',
  'Status',
  'Counted',
  'Counted At',
  'Counter',
  'Second Count',
  'Second Counter',
  'Expected',
  'Difference',
  'Percent',
  'Asset Result',
  'Last Counted At',
  'Last Counted',
  'Moved Since',
  'Movements Since',
] as const;

export async function countReviewRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const deps = { db: app.db, access: app.access };

  r.get(
    '/api/counts/due',
    {
      schema: {
        summary: 'Open counts the caller reviews or counts, soonest due first',
        tags,
        response: { 200: z.object({ items: z.array(countSummary) }), ...errorResponses },
      },
    },
    async (request) => {
      const ids = await dueSessionIds(app.db, { id: request.caller.id, role: roleOf(request.caller) });
      const items: CountSummary[] = [];
      for (const sessionId of ids) {
        const row = await findCountSession(app.db, sessionId);
        if (!row) continue;
        const rights = await locationRights(deps, request.caller, { kind: row.location_kind, id: row.location_id });
        items.push(toCountSummary(row, permissionsFor(row, rights, request.caller.id)));
      }
      return { items };
    },
  );

  r.get(
    '/api/counts/last-counted',
    {
      schema: {
        summary: "When each part at each place of a project or warehouse was last counted (the location's reviewers)",
        tags,
        querystring: lastCountedQuery,
        response: { 200: z.object({ items: z.array(lastCountedRow) }), ...errorResponses },
      },
    },
    async (request) => {
      const { project_id, warehouse_id } = request.query;
      const location = project_id ? { kind: 'project' as const, id: project_id } : { kind: 'warehouse' as const, id: warehouse_id! };
      await requireReviewer(deps, request.caller, location);
      return { items: await lastCounted(app.db, location) };
    },
  );

  r.get(
    '/api/counts/:id/variance',
    {
      schema: {
        summary: "A count's lines against stock at the instant each was counted (reviewers)",
        tags,
        params: sessionParams,
        response: { 200: varianceAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { row, can_count, can_review } = await reviewerSession(deps, request.caller, request.params.id);
      const variance = await sessionVariance(app.db, row.id);
      const answer: VarianceAnswer = { session: toCountSummary(row, { can_count, can_review }), ...variance };
      // Every line is built field by field to the contract; the schema's many nullable fields would make
      // its generated writer test each of a stocktake's 5,000 lines against their alternatives.
      return reply.serializer(JSON.stringify).send(answer);
    },
  );

  r.get(
    '/api/counts/:id/export.csv',
    {
      schema: {
        summary: "A count's variance as CSV (reviewers)",
        tags,
        params: sessionParams,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV, one row per line'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { row } = await reviewerSession(deps, request.caller, request.params.id);
      const { items } = await sessionVariance(app.db, row.id);
      async function* batches() {
        yield items.map((l) => [
          l.seq,
          l.kind,
          l.part_number,
          l.part_name,
          l.place_label,
          l.asset_number,
          l.serial_number,
          l.status,
          l.counted,
          l.counted_at,
          l.counter,
          l.second_counted,
          l.second_counter,
          l.expected,
          l.difference,
          l.percent,
          l.asset_result,
          l.last_counted_at,
          l.last_counted,
          l.moved_since,
          l.movements_since,
        ]);
      }
      return sendCsv(reply, timestampedName(`count_${row.name.replace(/[^\w-]+/g, '_').slice(0, 60)}`), VARIANCE_CSV, batches());
    },
  );

  r.post(
    '/api/counts/:id/post',
    {
      schema: {
        summary: "Post a count: each counted line's difference as a StockCounted dated when it was counted, missing assets lost (reviewers)",
        tags,
        params: sessionParams,
        response: { 200: postCountAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { row, rights } = await reviewerSession(deps, request.caller, request.params.id);
      const { result } = await runPostCount(app.store, { sessionId: row.id }, commandOptions(request));
      const posted = (await findCountSession(app.db, row.id))!;
      return { session: toCountSummary(posted, permissionsFor(posted, rights, request.caller.id)), ...result };
    },
  );
}
