/**
 * Stock counts (issue 32): planning and opening a session, reading it, counting its lines (blind:
 * these routes never answer an expected figure), asking for recounts, changing the counters and
 * cancelling. Review, variance, posting and the reports are in their own routes. Who may do what is
 * server/stock-count/count-access.ts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COUNT_LIMITS,
  cancelCountBody,
  countEntryAnswer,
  countEntryBody,
  countersBody,
  countListQuery,
  countPlanAnswer,
  countPlanBody,
  countSummary,
  counterLine,
  createCountBody,
  recountBody,
} from '../../../contract/counts.ts';
import { errorResponses } from '../../../contract/errors.ts';
import { planCount } from '../../../projections/stock-count/loaders.ts';
import { counterLines, findCountSession, listCountSessions, toCountSummary } from '../../../projections/stock-count/queries.ts';
import { commandOptions, displayName } from '../../plugins/command-context.ts';
import { permissionsFor, requireListReader, requireReviewer, reviewerSession, sessionAccess } from '../../stock-count/count-access.ts';
import { openCount, runCountCommand } from '../../stock-count/count-commands.ts';

const tags = ['counts'];
const idParams = z.object({ id: z.string().min(1).max(100) });

export async function countRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.db, access: app.access };

  /** The session's summary as the caller sees it now (after a change: read back from its row). */
  const summary = async (sessionId: string, callerId: string, rights: Parameters<typeof permissionsFor>[1]) => {
    const row = await findCountSession(app.db, sessionId);
    if (!row) throw new Error(`count ${sessionId} has no row after its command`);
    return toCountSummary(row, permissionsFor(row, rights, callerId));
  };

  r.get(
    '/api/counts',
    {
      schema: {
        summary: "A project's or warehouse's count sessions, newest first (counters see the ones they count)",
        tags,
        querystring: countListQuery,
        response: { 200: z.object({ items: z.array(countSummary) }), ...errorResponses },
      },
    },
    async (request) => {
      const { project_id, warehouse_id, status } = request.query;
      const location = project_id ? { kind: 'project' as const, id: project_id } : { kind: 'warehouse' as const, id: warehouse_id! };
      const rights = await requireListReader(deps, request.caller, location);
      const rows = await listCountSessions(app.db, location, { status, counterId: rights.readAll ? undefined : request.caller.id });
      return { items: rows.map((row) => toCountSummary(row, permissionsFor(row, rights, request.caller.id))) };
    },
  );

  r.post(
    '/api/counts/plan',
    {
      schema: {
        summary: 'What a count session would count: its lines for a choice of parts (a preview of the first lines, and how many in all)',
        tags,
        body: countPlanBody,
        response: { 200: countPlanAnswer, ...errorResponses },
      },
    },
    async (request) => {
      const { location, scope, include_assets } = request.body;
      await requireReviewer(deps, request.caller, location);
      const lines = await planCount(app.db, location, scope, include_assets);
      return { total: lines.length, items: lines.slice(0, COUNT_LIMITS.planPreview) };
    },
  );

  r.post(
    '/api/counts',
    {
      schema: {
        summary: 'Open a count session with its planned lines and counters (project admins and managers; global admins for a warehouse)',
        tags,
        body: createCountBody,
        response: { 201: countSummary, ...errorResponses },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const rights = await requireReviewer(deps, request.caller, b.location);
      const sessionId = await openCount(
        app.store,
        {
          location: b.location,
          scope: b.scope,
          includeAssets: b.include_assets,
          name: b.name,
          dueDate: b.due_date,
          blind: b.blind,
          doubleCount: b.double_count,
          counterIds: b.counters,
        },
        commandOptions(request),
      );
      return reply.code(201).send(await summary(sessionId, request.caller.id, rights));
    },
  );

  r.get(
    '/api/counts/:id',
    {
      schema: { summary: 'One count session', tags, params: idParams, response: { 200: countSummary, ...errorResponses } },
    },
    async (request) => {
      const access = await sessionAccess(deps, request.caller, request.params.id);
      return toCountSummary(access.row, access);
    },
  );

  r.get(
    '/api/counts/:id/lines',
    {
      schema: {
        summary: 'The lines to count, where, and what the caller counted: never what the books expect',
        tags,
        params: idParams,
        response: { 200: z.object({ items: z.array(counterLine) }), ...errorResponses },
      },
    },
    async (request) => {
      const access = await sessionAccess(deps, request.caller, request.params.id);
      return { items: await counterLines(app.db, access.row, request.caller.id) };
    },
  );

  r.post(
    '/api/counts/:id/count',
    {
      schema: {
        summary: 'Count one line: a planned line, or a part (at a place) or serial the plan did not list. An Idempotency-Key makes a resend harmless',
        tags,
        params: idParams,
        body: countEntryBody,
        response: { 200: countEntryAnswer, ...errorResponses },
      },
    },
    async (request) => {
      await sessionAccess(deps, request.caller, request.params.id);
      const counter = { userId: request.caller.id, userName: displayName(request.caller) };
      const { result } = await runCountCommand(
        app.store,
        // Sent later from a device that was offline: counted when it happened there, unless it says otherwise.
        {
          type: 'count',
          sessionId: request.params.id,
          entry: { ...request.body, counted_at: request.body.counted_at ?? request.occurredAt?.toISOString() },
          counter,
        },
        commandOptions(request),
      );
      if (!('line_id' in result)) throw new Error('count: no line in the answer');
      return result;
    },
  );

  r.post(
    '/api/counts/:id/recount',
    {
      schema: {
        summary: 'Ask for chosen lines to be counted again: their next counts replace the earlier ones (reviewers)',
        tags,
        params: idParams,
        body: recountBody,
        response: { 200: countSummary, ...errorResponses },
      },
    },
    async (request) => {
      const access = await reviewerSession(deps, request.caller, request.params.id);
      const note = request.body.note?.trim() || null;
      await runCountCommand(app.store, { type: 'recount', sessionId: access.row.id, lineIds: request.body.line_ids, note }, commandOptions(request));
      return summary(access.row.id, request.caller.id, access.rights);
    },
  );

  r.put(
    '/api/counts/:id/counters',
    {
      schema: {
        summary: "Change a count session's counters (reviewers)",
        tags,
        params: idParams,
        body: countersBody,
        response: { 200: countSummary, ...errorResponses },
      },
    },
    async (request) => {
      const access = await reviewerSession(deps, request.caller, request.params.id);
      await runCountCommand(app.store, { type: 'counters', sessionId: access.row.id, counterIds: request.body.counters }, commandOptions(request));
      return summary(access.row.id, request.caller.id, access.rights);
    },
  );

  r.post(
    '/api/counts/:id/cancel',
    {
      schema: {
        summary: 'Cancel an open count session: nothing it counted is posted (reviewers)',
        tags,
        params: idParams,
        body: cancelCountBody,
        response: { 200: countSummary, ...errorResponses },
      },
    },
    async (request) => {
      const access = await reviewerSession(deps, request.caller, request.params.id);
      const reason = request.body?.reason?.trim() || null;
      await runCountCommand(app.store, { type: 'cancel', sessionId: access.row.id, reason }, commandOptions(request));
      return summary(access.row.id, request.caller.id, access.rights);
    },
  );
}
