/** Stock movements and edits: receive, return, assign, unassign, lost, found, stock warnings, part details. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../../ledger/errors.ts';
import { applyBulk, INVALID_ROW, previewBulk, SKIPPED, type BulkAnswer } from '../../materials/bulk-batch.ts';
import { NOT_APPLIED } from '../../materials/bulk-decide.ts';
import { reverseBulk } from '../../materials/bulk-reverse.ts';
import { inventory } from '../../../projections/material-stock/queries.ts';
import { editMaterial } from '../../materials/material-commands.ts';
import { PART_NOT_FOUND } from '../../../contract/messages.ts';
import { receiveStock, runStock } from '../../materials/stock-commands.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { projectCommand } from '../../projects/project-commands.ts';
import { errorResponses as errors } from '../../../contract/errors.ts';
import { projectLocation } from '../../../ledger/stock-item/events.ts';
import {
  assignBody,
  bulkAnswer,
  bulkBatchParams,
  bulkQuery,
  bulkReversal,
  bulkReverseQuery,
  editBody,
  inventoryRow,
  lostFoundBody,
  partParams,
  projectStockWarnings,
  receiveBody,
  returnBody,
  stockAnswer,
  stockWarningsBody,
} from '../../../contract/materials.ts';

const tags = ['materials'];
const BULK_BODY_LIMIT = 2 * 1024 * 1024;

/** A blank threshold means the default; anything else must be a number (decide gives the message). */
const threshold = (value: number | string | null | undefined): number | null => (value === undefined || value === null || value === '' ? null : Number(value));

export async function stockRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const manage = { config: { projectAccess: { level: 'manage' as const, from: 'body' as const } } };
  const curate = { config: { projectAccess: { level: 'curate' as const, from: 'body' as const } } };
  // Only a receive brings stock that can re-open requests waiting on delivery.
  const answer = (outcome: { result: { item: z.infer<typeof inventoryRow> } }, reopenedCount = 0) => ({ reopenedCount, item: outcome.result.item });

  r.post(
    '/api/materials/receive',
    {
      ...manage,
      schema: {
        summary: 'Receive material into a project; a new part number is added to the catalogue (part_name and standard_name required then)',
        tags,
        body: receiveBody,
        response: { 200: stockAnswer, ...errors },
      },
    },
    async (request) => {
      const { project_id, part_number, quantity, part_name, standard_name } = request.body;
      const location = projectLocation(project_id);
      const partName = part_name ?? null;
      const outcome = await receiveStock(
        app.store,
        { type: 'receive', location, partNumber: part_number, quantity, partName, partNickname: standard_name ?? null },
        commandOptions(request),
      );
      return answer(outcome, outcome.reopenedCount);
    },
  );

  r.post(
    '/api/materials/return',
    {
      ...manage,
      schema: {
        summary: 'Return material from a project (needs on-hand cover); bin_info is the rack and shelf',
        tags,
        body: returnBody,
        response: { 200: stockAnswer, ...errors },
      },
    },
    async (request) => {
      const { project_id, part_number, quantity, bin_info } = request.body;
      const request_ = { type: 'return' as const, location: projectLocation(project_id), partNumber: part_number, quantity, binInfo: bin_info ?? null };
      return answer(await runStock(app.store, request_, commandOptions(request)));
    },
  );

  r.post(
    '/api/inventory/:action',
    {
      ...manage,
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
      const type = request.params.action;
      return answer(
        await runStock(app.store, { type, location: projectLocation(project_id), partNumber: part_number, quantity, userId: user_id }, commandOptions(request)),
      );
    },
  );

  for (const action of ['lost', 'found'] as const) {
    r.post(
      `/api/materials/${action}`,
      {
        ...curate,
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
        const target = { location: projectLocation(project_id), partNumber: part_number, quantity, userId: associated_user ?? null, note: note ?? null };
        const request_ = action === 'lost' ? { ...target, type: 'lost' as const, source } : { ...target, type: 'found' as const, destination: source };
        return answer(await runStock(app.store, request_, commandOptions(request)));
      },
    );
  }

  r.put(
    '/api/materials/stock-warnings',
    {
      ...curate,
      schema: {
        summary: "Project-wide stock warning thresholds (blank means the default: low 15, critical 0); a part's own thresholds win",
        tags,
        body: stockWarningsBody,
        response: { 200: projectStockWarnings, ...errors },
      },
    },
    async (request) => {
      const lowThreshold = threshold(request.body.low_threshold);
      const criticalThreshold = threshold(request.body.critical_threshold);
      await projectCommand(
        app.store,
        request.body.project_id,
        { type: 'SetProjectStockWarnings', data: { lowThreshold, criticalThreshold } },
        commandOptions(request),
      );
      return { low_threshold: lowThreshold, critical_threshold: criticalThreshold };
    },
  );

  r.put(
    '/api/materials/:part/stock-warnings',
    {
      ...curate,
      schema: {
        summary: "One part's stock warning thresholds in a project (blank means the project's or the default)",
        tags,
        params: partParams,
        body: stockWarningsBody,
        response: { 200: stockAnswer, ...errors },
      },
    },
    async (request) => {
      const { project_id, low_threshold, critical_threshold } = request.body;
      const request_ = {
        type: 'warnings' as const,
        location: projectLocation(project_id),
        partNumber: request.params.part,
        lowThreshold: threshold(low_threshold),
        criticalThreshold: threshold(critical_threshold),
      };
      return answer(await runStock(app.store, request_, commandOptions(request)));
    },
  );

  r.put(
    '/api/materials/:part',
    {
      ...curate,
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
      const location = projectLocation(project_id);
      const [item] = await inventory(app.db, location, { partNumber: request.params.part.trim() });
      if (!item) throw new DomainError('NOT_FOUND', PART_NOT_FOUND);
      const edit = {
        materialId: item.material_id,
        partName: part_name,
        partNickname: part_nickname ?? '',
        newPartNumber: new_part_number ?? null,
        note: note ?? null,
      };
      await editMaterial(app.store, edit, commandOptions(request));
      return (await inventory(app.db, location, { partNumber: new_part_number?.trim() || item.PartNumber }))[0]!;
    },
  );
}

function summarize(answer: BulkAnswer) {
  const count = (status: string) => answer.results.filter((r) => r.status === status).length;
  const [ok, invalid, skipped, notApplied] = [count('OK'), count(INVALID_ROW), count(SKIPPED), count(NOT_APPLIED)];
  return { ...answer, summary: { ok, invalid, skipped, failed: answer.results.length - ok - invalid - skipped - notApplied, not_applied: notApplied } };
}

export async function bulkRoutes(app: FastifyInstance): Promise<void> {
  // Bulk files arrive as text/csv; their own limit, since the default body limit is for JSON.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string', bodyLimit: BULK_BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/materials/bulk',
    {
      config: { projectAccess: { level: 'manage', from: 'query' } },
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        summary:
          'Bulk receive or return from a CSV (header Part Number,Part Name,Part Nickname,Quantity) as one batch, all or none: a result per row (OK, Invalid row, Skipped, the refusal, or "Not applied: another row of this file was refused") with the on-hand before and after. dry_run=true answers the same without applying.',
        tags,
        querystring: bulkQuery,
        consumes: ['text/csv', 'application/json'],
        body: z.union([z.string(), z.object({ csv: z.string() })]),
        response: { 200: bulkAnswer, ...errors },
      },
    },
    async (request) => {
      const { project_id, action, type, dry_run } = request.query;
      if (type === 'assets') throw new DomainError('DOMAIN_RULE', 'Bulk processing is for materials only; assets are received one by one.');
      const csv = typeof request.body === 'string' ? request.body : request.body.csv;
      const location = projectLocation(project_id);
      const scope = request.caller.id;
      const answer =
        dry_run === 'true'
          ? await previewBulk(app.store, location, action, csv, scope)
          : await applyBulk(app.store, commandOptions(request), location, action, csv, scope);
      return summarize(answer);
    },
  );
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/materials/bulk/:batch_id/reverse',
    {
      config: { projectAccess: { level: 'manage', from: 'query' } },
      schema: {
        summary:
          'Reverse an applied bulk file as one batch: the opposite movement of each row (receive ↔ return). Refused as a whole (422) when stock has moved so that a balance would go negative, or when already reversed.',
        tags,
        params: bulkBatchParams,
        querystring: bulkReverseQuery,
        response: { 200: bulkReversal, ...errors },
      },
    },
    async (request) => {
      const reversal = await reverseBulk(app.store, commandOptions(request), projectLocation(request.query.project_id), request.params.batch_id);
      return { batch_id: reversal.batchId, reverses: reversal.reverses, rows: reversal.rows };
    },
  );
}
