/**
 * Label import (spec 02 §7): the upload URL, the preview of an uploaded file, the import job's
 * start and status; and the imports of a project with their undo. All for admins and superadmins
 * with access to the project (spec 02 §6: label import is admin or superadmin).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { errorResponses } from '../../contract/errors.ts';
import {
  importFileQuery,
  importPreviewResponse,
  importStartResponse,
  importStatusQuery,
  importStatusResponse,
  labelImportsResponse,
  undoImportBody,
  undoImportParams,
  undoImportResponse,
  uploadUrlQuery,
  uploadUrlResponse,
} from '../../contract/label-import.ts';
import { projectQuery } from '../../contract/labels.ts';
import { DomainError } from '../../ledger/errors.ts';
import { IMPORT_FILE_MISSING, previewImport, readImportTable, templateLinesFor } from '../labels/import/import-file.ts';
import { createImportJob, getImportJob, listImportJobs } from '../labels/import/import-jobs.ts';
import { undoImport } from '../labels/import/import-commands.ts';
import { importLabelId } from '../labels/import/import-rows.ts';
import { ImportFileError, ParseTimeoutError } from '../labels/import/parse-file.ts';
import { ParserBusyError } from '../labels/import/parse-slots.ts';
import { commandOptions } from '../plugins/command-context.ts';
import { checkLevel, projectAccess } from '../projects/project-access.ts';
import { newFileKey } from '../storage/file-store.ts';

const tags = ['labels'];
const CONTENT_TYPES = { csv: 'text/csv', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;
const UPLOAD_LINK_SECONDS = 15 * 60;
export const IMPORT_STILL_RUNNING = 'This import is still running.';

/** A file's problem in the spec's words, as a 400 the dialog shows (422 for a file too slow to read). */
async function asValidation<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ParseTimeoutError) throw new DomainError('DOMAIN_RULE', error.message);
    if (error instanceof ImportFileError) throw new DomainError('VALIDATION', error.message);
    throw error;
  }
}

export async function labelImportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const importer = (from: 'query' | 'body') => ({
    config: { access: 'label.admin' as const, projectAccess: { level: 'view' as const, from } },
  });
  const tagsOf = (q: { system?: string; cluster_pod?: string }) => ({ system: q.system || null, clusterPod: q.cluster_pod || null });
  const checkFileOfProject = (fileKey: string, projectId: string) => {
    if (!fileKey.startsWith(`label-imports/${projectId}/`)) throw new DomainError('VALIDATION', 'file_key is not a file of this project.');
  };

  r.post(
    '/api/labels/upload-url',
    {
      ...importer('query'),
      schema: {
        summary: 'Where to upload an import file: POST the returned fields plus the file as multipart form data to upload_url (S3 or the local store)',
        tags,
        querystring: uploadUrlQuery,
        response: { 200: uploadUrlResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { file_extension, content_type, project_id } = request.query;
      const key = newFileKey(`label-imports/${project_id}`, file_extension);
      return app.storage.presignUpload({
        key,
        contentType: content_type || CONTENT_TYPES[file_extension],
        maxBytes: app.storage.maxUploadBytes,
        expiresInSeconds: UPLOAD_LINK_SECONDS,
        sessionId: request.caller.sessionId,
      });
    },
  );

  r.post(
    '/api/labels/import-preview',
    {
      ...importer('query'),
      schema: {
        summary:
          'The first 200 data rows of an uploaded file as they would import, the row count, and a dry run: how many labels would be new and how many duplicate live labels of the project',
        tags,
        querystring: importFileQuery,
        response: { 200: importPreviewResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const q = request.query;
      checkFileOfProject(q.file_key, q.project_id);
      const template = q.import_type === 'raw' ? await templateLinesFor(app.db, q.project_id, q.template_id) : null;
      const parse = { slots: app.labelImports.parses, limits: app.labelImports.parseLimits };
      try {
        return await asValidation(async () => {
          const reading = { importType: q.import_type, firstRowHeader: q.first_row_header };
          const table = await readImportTable(app.storage, q.file_key, reading, app.storage.maxUploadBytes, parse);
          return previewImport(app.db, table, { projectId: q.project_id, importType: q.import_type, ...tagsOf(q), template });
        });
      } catch (error) {
        if (!(error instanceof ParserBusyError)) throw error;
        return reply.code(429).header('retry-after', String(error.retryAfterSeconds)).send({ error: 'BUSY', message: error.message });
      }
    },
  );

  r.post(
    '/api/labels/import-from-s3/async/start',
    {
      ...importer('query'),
      schema: {
        summary: 'Queue the import of an uploaded file; any server process runs it in batches and it resumes after a restart. Poll the status with the job_id.',
        tags,
        querystring: importFileQuery,
        response: { 200: importStartResponse, ...errorResponses },
      },
    },
    async (request) => {
      const q = request.query;
      checkFileOfProject(q.file_key, q.project_id);
      if (!(await app.storage.stat(q.file_key))) throw new DomainError('NOT_FOUND', IMPORT_FILE_MISSING);
      const templateLines = q.import_type === 'raw' ? await templateLinesFor(app.db, q.project_id, q.template_id) : null;
      const { metadata } = commandOptions(request);
      const jobId = randomUUID();
      await createImportJob(app.db, {
        id: jobId,
        projectId: q.project_id,
        fileKey: q.file_key,
        importType: q.import_type,
        firstRowHeader: q.import_type === 'preformatted' ? (q.first_row_header ?? null) : null,
        ...tagsOf(q),
        templateId: templateLines ? q.template_id! : null,
        templateLines,
        actorId: metadata.actorId,
        actorName: metadata.actorName,
      });
      app.labelImports.wake();
      return { job_id: jobId };
    },
  );

  r.get(
    '/api/labels/import-from-s3/async/status',
    {
      config: { access: 'label.admin' },
      schema: {
        summary: "An import job's progress: imported of total labels; success or error when done",
        tags,
        querystring: importStatusQuery,
        response: { 200: importStatusResponse, ...errorResponses },
      },
    },
    async (request) => {
      const job = await getImportJob(app.db, request.query.job_id);
      if (!job) throw new DomainError('NOT_FOUND', 'Import job not found.');
      checkLevel(await projectAccess(app.access, request.caller, job.project_id), 'view');
      return {
        status: job.status,
        imported: job.imported,
        total: job.total ?? 0,
        message: job.message,
        result: job.status === 'success' ? { imported_count: job.imported } : null,
      };
    },
  );

  r.get(
    '/api/labels/imports',
    {
      ...importer('query'),
      schema: {
        summary: "A project's latest imports, newest first, with who undid them",
        tags,
        querystring: projectQuery,
        response: { 200: labelImportsResponse, ...errorResponses },
      },
    },
    async (request) => {
      const jobs = await listImportJobs(app.db, request.project!.id);
      return {
        items: jobs.map((job) => ({
          job_id: job.id,
          import_type: job.import_type,
          status: job.status,
          imported: job.imported,
          total: job.total ?? 0,
          message: job.message,
          started_by: job.actor_name,
          created_at: new Date(job.created_at).toISOString(),
          undone_at: job.undone_at ? new Date(job.undone_at).toISOString() : null,
          undone_by: job.undone_by,
        })),
      };
    },
  );

  r.post(
    '/api/labels/imports/:job_id/undo',
    {
      ...importer('body'),
      schema: {
        summary: 'Take back a whole import in one event (labels of it deleted since stay deleted); the label history shows the undo',
        tags,
        params: undoImportParams,
        body: undoImportBody,
        response: { 200: undoImportResponse, ...errorResponses },
      },
    },
    async (request) => {
      const job = await getImportJob(app.db, request.params.job_id);
      if (!job || job.project_id !== request.project!.id) throw new DomainError('NOT_FOUND', 'Import job not found.');
      if (job.status === 'queued' || job.status === 'running') throw new DomainError('CONFLICT', IMPORT_STILL_RUNNING);
      const options = commandOptions(request);
      const ids = Array.from({ length: job.imported }, (_, i) => importLabelId(job.id, i));
      return undoImport(app.store, { projectId: job.project_id, jobId: job.id, ids, undoneBy: options.metadata.actorName }, options);
    },
  );
}
