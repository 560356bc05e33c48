/** Stock movements and edits: receive, return, assign, unassign, lost, found, stock warnings, part details. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../../ledger/errors.ts';
import { runStreamCommand } from '../../../ledger/handle-command.ts';
import { materialDecider } from '../../../ledger/material/decide.ts';
import { materialStreamId } from '../../../ledger/material/events.ts';
import type { Trx } from '../../../ledger/event-store/event-store.ts';
import { applyBulk } from '../../materials/bulk-csv.ts';
import { inventory } from '../../../projections/material-stock/queries.ts';
import { PART_NOT_FOUND, receiveMaterial, runStockCommand } from '../../materials/stock-commands.ts';
import { commandOptions, displayName } from '../../plugins/command-context.ts';
import { requireProjectAccess } from '../../projects/project-access.ts';
import { projectCommand } from '../../projects/project-commands.ts';
import { errorResponses as errors } from '../../../contract/errors.ts';
import { projectLocation } from './materials.routes.ts';
import { assignBody, bulkAnswer, bulkQuery, editBody, inventoryRow, lostFoundBody, partParams, projectStockWarnings, receiveBody, returnBody, stockAnswer, stockWarningsBody } from '../../../contract/materials.ts';

const tags = ['materials'];
const BULK_BODY_LIMIT = 2 * 1024 * 1024;

/** A blank threshold means the default; anything else must be a number (decide gives the message). */
const threshold = (value: number | string | null | undefined): number | null => (value === undefined || value === null || value === '' ? null : Number(value));

async function memberName(trx: Trx, projectId: string, userId: string): Promise<{ name: string; member: boolean }> {
  const user = await trx
    .selectFrom('users as u')
    .leftJoin('project_members as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.project_id', '=', projectId))
    .select(['u.user_firstname', 'u.user_lastname', 'u.email', 'u.deactivated_at', 'm.project_role'])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user) return { name: 'Unknown user', member: false };
  return { name: displayName(user), member: user.project_role !== null && user.deactivated_at === null };
}

export async function stockRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: app.requireUser };
  // Material requests are not recorded yet, so a receive re-opens none.
  const answer = (outcome: { result: { item: z.infer<typeof inventoryRow> } }) => ({ reopenedCount: 0, item: outcome.result.item });

  r.post(
    '/api/materials/receive',
    {
      ...signedIn,
      schema: {
        summary: 'Receive material into a project; a new part number is added to the catalogue (part_name and standard_name required then)',
        tags,
        body: receiveBody,
        response: { 200: stockAnswer, ...errors },
      },
    },
    async (request) => {
      const { project_id, part_number, quantity, part_name, standard_name } = request.body;
      await requireProjectAccess(app.db, request.user!, project_id, 'manage');
      const outcome = await receiveMaterial(app.store, commandOptions(request), projectLocation(project_id), {
        partNumber: part_number,
        quantity,
        partName: part_name ?? null,
        partNickname: standard_name ?? null,
      });
      return answer(outcome);
    },
  );

  r.post(
    '/api/materials/return',
    {
      ...signedIn,
      schema: { summary: 'Return material from a project (needs on-hand cover); bin_info is the rack and shelf', tags, body: returnBody, response: { 200: stockAnswer, ...errors } },
    },
    async (request) => {
      const { project_id, part_number, quantity, bin_info } = request.body;
      await requireProjectAccess(app.db, request.user!, project_id, 'manage');
      const outcome = await runStockCommand(app.store, commandOptions(request), projectLocation(project_id), part_number, ({ ref, frozen }) => ({
        type: 'ReturnMaterial',
        data: { ...ref, quantity, binInfo: bin_info ?? null, frozen },
      }));
      return answer(outcome);
    },
  );

  r.post(
    '/api/inventory/:action',
    {
      ...signedIn,
      schema: {
        summary: 'Assign material on hand to a project member, or unassign it back to on hand',
        tags,
        params: z.object({ action: z.enum(['assign', 'unassign'], { error: 'action must be assign or unassign' }) }),
        body: assignBody,
        response: { 200: stockAnswer, ...errors },
      },
    },
    async (request) => {
      const { project_id, part_number, quantity, user_id } = request.body;
      await requireProjectAccess(app.db, request.user!, project_id, 'manage');
      const outcome = await runStockCommand(app.store, commandOptions(request), projectLocation(project_id), part_number, async ({ trx, ref, frozen }) => {
        const user = await memberName(trx, project_id, user_id);
        if (request.params.action === 'assign') {
          return { type: 'AssignMaterial', data: { ...ref, quantity, userId: user_id, userName: user.name, assigneeIsMember: user.member, frozen } };
        }
        return { type: 'UnassignMaterial', data: { ...ref, quantity, userId: user_id, userName: user.name, frozen } };
      });
      return answer(outcome);
    },
  );

  for (const action of ['lost', 'found'] as const) {
    r.post(
      `/api/materials/${action}`,
      {
        ...signedIn,
        schema: {
          summary:
            action === 'lost'
              ? 'Mark material lost from on hand, or from a user in the field (associated_user)'
              : 'Mark lost material found, back to on hand or to a user in the field (source field_assigned with associated_user)',
          tags,
          body: lostFoundBody,
          response: { 200: stockAnswer, ...errors },
        },
      },
      async (request) => {
        const { project_id, part_number, quantity, source, note, associated_user } = request.body;
        await requireProjectAccess(app.db, request.user!, project_id, 'curate');
        const outcome = await runStockCommand(app.store, commandOptions(request), projectLocation(project_id), part_number, async ({ trx, ref }) => {
          const user = associated_user ? await memberName(trx, project_id, associated_user) : null;
          const who = { userId: associated_user ?? null, userName: user?.name ?? null, note: note ?? null };
          return action === 'lost'
            ? { type: 'MarkMaterialLost', data: { ...ref, quantity, source, ...who } }
            : { type: 'MarkMaterialFound', data: { ...ref, quantity, destination: source, ...who } };
        });
        return answer(outcome);
      },
    );
  }

  r.put(
    '/api/materials/stock-warnings',
    {
      ...signedIn,
      schema: {
        summary: "Project-wide stock warning thresholds (blank means the default: low 15, critical 0); a part's own thresholds win",
        tags,
        body: stockWarningsBody,
        response: { 200: projectStockWarnings, ...errors },
      },
    },
    async (request) => {
      const { project_id } = request.body;
      await requireProjectAccess(app.db, request.user!, project_id, 'curate');
      const lowThreshold = threshold(request.body.low_threshold);
      const criticalThreshold = threshold(request.body.critical_threshold);
      await projectCommand(app.store, project_id, { type: 'SetProjectStockWarnings', data: { lowThreshold, criticalThreshold } }, commandOptions(request));
      return { low_threshold: lowThreshold, critical_threshold: criticalThreshold };
    },
  );

  r.put(
    '/api/materials/:part/stock-warnings',
    {
      ...signedIn,
      schema: {
        summary: "One part's stock warning thresholds in a project (blank means the project's or the default)",
        tags,
        params: partParams,
        body: stockWarningsBody,
        response: { 200: stockAnswer, ...errors },
      },
    },
    async (request) => {
      const { project_id } = request.body;
      await requireProjectAccess(app.db, request.user!, project_id, 'curate');
      const outcome = await runStockCommand(app.store, commandOptions(request), projectLocation(project_id), request.params.part, ({ ref }) => ({
        type: 'SetStockWarnings',
        data: { ...ref, lowThreshold: threshold(request.body.low_threshold), criticalThreshold: threshold(request.body.critical_threshold) },
      }));
      return answer(outcome);
    },
  );

  r.put(
    '/api/materials/:part',
    {
      ...signedIn,
      schema: {
        summary: "Edit a part's name and nickname, or renumber it (the catalogue is shared by every project)",
        tags,
        params: partParams,
        body: editBody,
        response: { 200: inventoryRow, ...errors },
      },
    },
    async (request) => {
    const { project_id, part_name, part_nickname, new_part_number, note } = request.body;
    await requireProjectAccess(app.db, request.user!, project_id, 'curate');
    const [item] = await inventory(app.db, projectLocation(project_id), { partNumber: request.params.part.trim() });
    if (!item) throw new DomainError('NOT_FOUND', PART_NOT_FOUND);
    try {
      await runStreamCommand(app.store, commandOptions(request), materialDecider, materialStreamId(item.material_id), () => ({
        type: 'EditMaterialDetails' as const,
        data: { partName: part_name, partNickname: part_nickname ?? '', newPartNumber: new_part_number ?? null, note: note ?? null },
      }));
    } catch (error) {
      if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'materials_part_number_key') {
        throw new DomainError('CONFLICT', 'Part number already exists');
      }
      throw error;
    }
    const number = new_part_number?.trim() || item.PartNumber;
    return (await inventory(app.db, projectLocation(project_id), { partNumber: number }))[0]!;
    },
  );
}

export async function bulkRoutes(app: FastifyInstance): Promise<void> {
  // Bulk files arrive as text/csv; their own limit, since the default body limit is for JSON.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: BULK_BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/materials/bulk',
    {
      preHandler: app.requireUser,
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        summary: 'Bulk receive or return from a CSV (header Part Number,Part Name,Part Nickname,Quantity); a result per row: OK, Invalid row, Skipped or the error',
        tags,
        querystring: bulkQuery,
        consumes: ['text/csv', 'application/json'],
        body: z.union([z.string(), z.object({ csv: z.string() })]),
        response: { 200: bulkAnswer, ...errors },
      },
    },
    async (request) => {
      const { project_id, action, type } = request.query;
      if (type === 'assets') throw new DomainError('DOMAIN_RULE', 'Bulk processing is for materials only; assets are received one by one.');
      await requireProjectAccess(app.db, request.user!, project_id, 'manage');
      const csv = typeof request.body === 'string' ? request.body : request.body.csv;
      const results = await applyBulk(app.store, commandOptions(request), projectLocation(project_id), action, csv, request.user!.id);
      const count = (status: string) => results.filter((r) => r.status === status).length;
      return {
        results,
        summary: { ok: count('OK'), invalid: count('Invalid row'), skipped: count('Skipped'), failed: results.length - count('OK') - count('Invalid row') - count('Skipped') },
      };
    },
  );
}
