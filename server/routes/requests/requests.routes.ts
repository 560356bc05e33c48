/**
 * Requests (spec 01 §7 Requests): submit a material or asset request, list a project's requests (or
 * one's own), read one with its history, and change it: line changes, fulfil (all or part, moving
 * the stock to the requester in the same transaction), hold, re-open, deny and finalise. Each change
 * builds one command with the caller's role in it and answers the request as it now stands.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses as errors } from '../../../contract/errors.ts';
import {
  assetRequestBody,
  assignBody,
  listQuery,
  materialRequestBody,
  picklistBody,
  REQUEST_MESSAGES,
  requestDetail,
  requestHistory as requestHistoryAnswer,
  requestPage,
  requestParams,
  statusBody,
} from '../../../contract/requests.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { findRequest, listRequests, requestHistory, type RequestFilterOptions } from '../../../projections/requests/queries.ts';
import { sendCsv, timestampedName } from '../../csv.ts';
import { commandOptions, displayName } from '../../plugins/command-context.ts';
import { requestAccess } from '../../requests/request-access.ts';
import { type RequestChange, runRequest } from '../../requests/request-commands.ts';
import { requestImageUrl } from './request-files.routes.ts';

const tags = ['requests'];
type SubmitBody = { project_id: string; notes?: string | null; image_path?: string | null };
const EXPORT_COLUMNS = ['Request', 'Date', 'Type', 'Status', 'Requester', 'Email', 'Items', 'Lines', 'Quantity', 'Reason'] as const;
/** The most rows one export carries. */
const EXPORT_LIMIT = 10_000;

export async function requestRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const imageUrl = (path: string) => requestImageUrl(app.config.publicUrl, path);

  async function answer(requestId: string) {
    const detail = await findRequest(app.db, requestId, imageUrl);
    if (!detail) throw new DomainError('NOT_FOUND', REQUEST_MESSAGES.notFound);
    return detail;
  }

  /** Runs a change of an existing request as the caller and answers it as it now stands. */
  async function change(request: FastifyRequest, requestId: string, command: RequestChange) {
    const { actor } = await requestAccess(app.db, app.access, request.caller, requestId);
    await runRequest(app.store, command, actor, commandOptions(request));
    return answer(requestId);
  }

  async function submit(request: FastifyRequest, body: SubmitBody, type: 'Material' | 'Asset', lines: Extract<RequestChange, { type: 'submit' }>['lines']) {
    const me = request.caller;
    const requestId = randomUUID();
    const change: RequestChange = {
      type: 'submit',
      requestId,
      projectId: body.project_id,
      requestType: type,
      requester: { id: me.id, name: displayName(me), email: me.email },
      lines,
      notes: body.notes?.trim() || null,
      imagePath: imagePathIn(body.project_id, body.image_path),
    };
    const outcome = await runRequest(app.store, change, { manager: false, requester: true }, commandOptions(request));
    return answer(outcome.result.requestId);
  }

  const member = { config: { projectAccess: { level: 'view' as const, from: 'body' as const } } };

  r.post(
    '/api/requests/material',
    {
      ...member,
      schema: {
        summary: 'Ask for material: lines of part number and quantity (each part must exist in the project), with notes',
        tags,
        body: materialRequestBody,
        response: { 200: requestDetail, ...errors },
      },
    },
    async (request) => {
      const lines = request.body.pick_list.map((l) => ({
        lineId: randomUUID(),
        partNumber: l.part_number,
        partName: l.part_name ?? null,
        qty: l.qty,
        notes: l.notes?.trim() || null,
      }));
      return submit(request, request.body, 'Material', lines);
    },
  );

  r.post(
    '/api/requests/asset',
    {
      ...member,
      schema: {
        summary: 'Ask for assets: lines of asset number and quantity, with notes',
        tags,
        body: assetRequestBody,
        response: { 200: requestDetail, ...errors },
      },
    },
    async (request) => {
      const lines = request.body.pick_list.map((l) => ({
        lineId: randomUUID(),
        partNumber: l.asset_number,
        partName: l.asset_name ?? null,
        qty: l.qty,
        notes: l.notes?.trim() || null,
      }));
      return submit(request, request.body, 'Asset', lines);
    },
  );

  r.get(
    '/api/requests',
    {
      config: { projectAccess: { level: 'view', from: 'query' } },
      schema: {
        summary:
          "A project's requests (manager), or with mine=1 the caller's own: status filter (open = requested or partial), type, days, text, sort (default newest first; hold_first with mine=1), paged; format=csv exports every match",
        tags,
        querystring: listQuery,
        response: { 200: requestPage, ...errors },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const mine = q.mine === '1' || q.mine === 'true';
      if (!mine && !request.project!.manage) throw new DomainError('FORBIDDEN', REQUEST_MESSAGES.managerOnly);
      const filter: RequestFilterOptions = {
        projectId: request.project!.id,
        requesterId: mine ? request.caller.id : null,
        status: q.status,
        type: q.type,
        days: q.days === 'all' ? null : Number(q.days),
        now: new Date(),
        q: q.q,
        sort: q.sort ?? (mine ? 'hold_first' : '-request_date'),
      };
      if (q.format === 'csv') {
        const { items } = await listRequests(app.db, filter, { limit: EXPORT_LIMIT, offset: 0 });
        async function* batches() {
          yield items.map((i) => [
            `R-${i.num}`,
            i.request_date,
            i.type,
            i.status,
            i.requester_name,
            i.requester_email,
            i.items,
            i.lines,
            i.total_qty,
            i.reason,
          ]);
        }
        return sendCsv(reply, timestampedName('requests'), EXPORT_COLUMNS, batches());
      }
      return listRequests(app.db, filter, { limit: q.page_size, offset: (q.page - 1) * q.page_size });
    },
  );

  r.get(
    '/api/requests/:id',
    {
      config: { access: 'request.read' },
      schema: {
        summary: 'One request with its lines (its requester, or a manager of its project)',
        tags,
        params: requestParams,
        response: { 200: requestDetail, ...errors },
      },
    },
    async (request) => answer(request.params.id),
  );

  r.get(
    '/api/requests/:id/history',
    {
      config: { access: 'request.read' },
      schema: {
        summary: "The request's events, oldest first, from the ledger (its requester, or a manager)",
        tags,
        params: requestParams,
        response: { 200: requestHistoryAnswer, ...errors },
      },
    },
    async (request) => ({ items: await requestHistory(app.db, request.params.id) }),
  );

  r.patch(
    '/api/requests/:id/picklist',
    {
      schema: {
        summary: 'Change lines by line_id: quantity and notes (the requester, while requested), or a line status of requested, on-hold or denied (a manager)',
        tags,
        params: requestParams,
        body: picklistBody,
        response: { 200: requestDetail, ...errors },
      },
    },
    async (request) => {
      const changes = request.body.picklist.map((l) => ({
        lineId: l.line_id,
        ...(l.qty !== undefined ? { qty: l.qty } : {}),
        ...(l.notes !== undefined ? { notes: l.notes?.trim() || null } : {}),
        ...(l.status !== undefined ? { status: l.status } : {}),
      }));
      return change(request, request.params.id, { type: 'lines', requestId: request.params.id, changes, reason: request.body.reason ?? null });
    },
  );

  r.post(
    '/api/requests/:id/assign',
    {
      schema: {
        summary:
          'Fulfil (manager): no lines fulfils every open line; lines fulfil part (a quantity below the line splits it; remainder open or waiting_delivery). Assigns the stock to the requester in the same transaction; Insufficient Quantity when on hand is short',
        tags,
        params: requestParams,
        body: assignBody,
        response: { 200: requestDetail, ...errors },
      },
    },
    async (request) => {
      const body = request.body ?? { lines: undefined, remainder: 'open' as const };
      const lines = (body.lines ?? []).map((l) => ({
        lineId: l.line_id ?? null,
        partNumber: l.part_number,
        quantity: l.quantity,
        replacementPartNumber: l.replacement_part_number?.trim() || null,
        remainderLineId: randomUUID(),
      }));
      return change(request, request.params.id, { type: 'fulfil', requestId: request.params.id, lines, remainder: body.remainder });
    },
  );

  r.patch(
    '/api/requests/:id/status',
    {
      schema: {
        summary:
          'Set the status (manager): on-hold (Hold; reason optional, waiting_delivery re-opens on receive), requested or open (Re-Open), denied (reason required), fulfilled (Fulfil All), finalised (close once no line is still requested)',
        tags,
        params: requestParams,
        body: statusBody,
        response: { 200: requestDetail, ...errors },
      },
    },
    async (request) => {
      const id = request.params.id;
      const reason = request.body.reason ?? null;
      const commands: Record<(typeof request.body)['status'], RequestChange> = {
        'on-hold': { type: 'hold', requestId: id, reason },
        requested: { type: 'reopen', requestId: id },
        open: { type: 'reopen', requestId: id },
        denied: { type: 'deny', requestId: id, reason },
        fulfilled: { type: 'fulfil', requestId: id, lines: [], remainder: 'open' },
        finalised: { type: 'finalise', requestId: id },
      };
      return change(request, id, commands[request.body.status]);
    },
  );
}

/** An image path is kept only when it is one uploaded for this project. */
function imagePathIn(projectId: string, path: string | null | undefined): string | null {
  const trimmed = path?.trim();
  if (!trimmed) return null;
  if (!trimmed.startsWith(`request-images/${projectId}/`))
    throw new DomainError('VALIDATION', 'Image path must be one answered by the request image upload for this project.');
  return trimmed;
}
