/**
 * The label database (spec 02 §7, Labels): search, filters, import, bulk delete and export.
 * Viewing and exporting need access to the project; importing and deleting also need the global
 * role admin or superadmin (spec 02 §6).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../contract/errors.ts';
import {
  bulkDeleteBody,
  bulkDeleteResponse,
  defaultExportName,
  exportBody,
  exportFileName,
  exportQuery,
  type ExportFormat,
  importBody,
  importResponse,
  LABEL_LIMITS,
  labelFiltersResponse,
  labelSearchQuery,
  labelSearchResponse,
  projectQuery,
} from '../../contract/labels.ts';
import { labelFilters, labelsByIds, labelsTag, searchLabels } from '../../projections/labels/queries.ts';
import { ReadCoalescer } from '../http/read-coalescer.ts';
import { conditional, notModifiedAnswer, sendCached } from './conditional.ts';
import { commandOptions } from '../plugins/command-context.ts';
import { checkLevel, projectAccess } from '../projects/project-access.ts';
import { deleteLabels, importLabels } from '../labels/label-commands.ts';
import { EXPORT_CONTENT_TYPES, labelsFile } from '../labels/label-export.ts';

const tags = ['labels'];

async function sendFile(
  reply: FastifyReply,
  format: ExportFormat,
  filename: string | undefined,
  rows: ReadonlyArray<readonly string[]>,
): Promise<FastifyReply> {
  const name = exportFileName(filename ?? defaultExportName(format), format).replace(/["\\\r\n]/g, '_');
  reply.header('content-type', EXPORT_CONTENT_TYPES[format]);
  reply.header('content-disposition', `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`);
  reply.header('cache-control', 'no-store');
  return reply.send(await labelsFile(format, rows));
}

export async function labelRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewer = (from: 'query' | 'body') => ({ config: { projectAccess: { level: 'view' as const, from } } });
  /** Importing and deleting: the label policy, in a project the caller may see. */
  const labelAdmin = { config: { access: 'label.admin' as const, projectAccess: { level: 'view' as const, from: 'body' as const } } };
  // Readers of one project's labels at the same moment share one tag query (never one that began before they asked).
  const labelTags = new ReadCoalescer((projectId: string) => labelsTag(app.db, projectId));

  r.get(
    '/api/labels/search',
    {
      ...viewer('query'),
      schema: {
        summary:
          "A page of a project's labels in import order. q: comma-separated terms, each a case-insensitive substring of some line (all must match); system and cluster_pod filter. total is exact up to 10,000 matches; total_capped says there are more.",
        tags,
        querystring: labelSearchQuery,
        response: { 200: labelSearchResponse, 304: notModifiedAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { q, system, cluster_pod, limit, offset } = request.query;
      const projectId = request.project!.id;
      // The answer depends only on the project's label stream and the query: an unchanged database
      // asked the same question again is answered from the cache (or 304 for the tag it holds).
      const { etag, notModified } = conditional(request, reply, await labelTags.read(projectId));
      if (notModified) return reply.code(304).send();
      return sendCached(reply, app.answers, `labels|${projectId}|${etag}`, () =>
        searchLabels(app.db, { projectId, q, system, clusterPod: cluster_pod, limit, offset, totalCap: LABEL_LIMITS.totalCap }),
      );
    },
  );

  r.get(
    '/api/labels/filters',
    {
      ...viewer('query'),
      schema: {
        summary: "The systems and cluster/pods of a project's labels, each list led by an empty option",
        tags,
        querystring: projectQuery,
        response: { 200: labelFiltersResponse, 304: notModifiedAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const projectId = request.project!.id;
      const { etag, notModified } = conditional(request, reply, await labelTags.read(projectId));
      if (notModified) return reply.code(304).send();
      return sendCached(reply, app.answers, `label-filters|${projectId}|${etag}`, () => labelFilters(app.db, projectId));
    },
  );

  r.post(
    '/api/labels/import',
    {
      ...labelAdmin,
      schema: {
        summary: 'Add labels to a project (admins): lines and optional system and cluster/pod each; recorded in events of at most 1,000 labels',
        tags,
        body: importBody,
        response: { 201: importResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const labels = request.body.labels.map((l) => ({ lines: l.label_lines, system: l.system, clusterPod: l.cluster_pod }));
      const result = await importLabels(app.store, { projectId: request.project!.id, labels }, commandOptions(request));
      return reply.code(201).send(result);
    },
  );

  r.post(
    '/api/labels/bulk-delete',
    {
      ...labelAdmin,
      schema: {
        summary:
          "Delete labels of a project (admins), all or none: an id that is not a live label of the project refuses the whole delete (422). One event; the ledger keeps the labels' history.",
        tags,
        body: bulkDeleteBody,
        response: { 200: bulkDeleteResponse, ...errorResponses },
      },
    },
    async (request) => deleteLabels(app.store, { projectId: request.project!.id, ids: request.body.ids }, commandOptions(request)),
  );

  r.get(
    '/api/labels/export',
    {
      schema: {
        summary: 'The labels given in data (JSON: [{labelLines: [...]}, …]) as a CSV or XLSX file; for large selections use the POST',
        tags,
        querystring: exportQuery,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const { format, filename, data } = request.query;
      return sendFile(
        reply,
        format,
        filename,
        data.map((row) => row.labelLines),
      );
    },
  );

  r.post(
    '/api/labels/export',
    {
      // The project (when the body names labels by id) is checked in the handler: the body may carry the labels instead.
      schema: {
        summary: 'A CSV or XLSX file of many labels: by ids within a project (project_id, ids), or the labels themselves (labels: [{labelLines}])',
        tags,
        body: exportBody,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const body = request.body;
      if ('labels' in body)
        return sendFile(
          reply,
          body.format,
          body.filename,
          body.labels.map((row) => row.labelLines),
        );
      checkLevel(await projectAccess(app.access, request.caller, body.project_id), 'view');
      const labels = await labelsByIds(app.db, body.project_id, body.ids);
      return sendFile(
        reply,
        body.format,
        body.filename,
        labels.map((l) => l.label_lines),
      );
    },
  );
}
