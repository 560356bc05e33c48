/**
 * Label import (spec 02 §3, §7 and §9): the upload URL, the preview of a stored file, the import
 * job and its status, and, beyond the spec, the dry-run counts and the list of imports with undo.
 * Server routes validate with these schemas; the client takes its types, constants and messages here.
 */
import { z } from 'zod';
import { id, text } from './fields.ts';
import { LABEL_LIMITS } from './labels.ts';

/** Spec 02 §9. */
export const IMPORT_PREVIEW_ROWS = 200;
export const IMPORT_STATUS_POLL_MS = 1000;
export const IMPORT_ESTIMATE = { msPerRow: 10, minMs: 3000, maxMs: 30_000, tickMs: 250, cap: 0.95 } as const;
export const IMPORT_TYPES = ['preformatted', 'raw'] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

/** Spec 02 §5 and §8, word for word. */
export const IMPORT_MESSAGES = {
  wrongType: 'Please select a CSV or XLSX file',
  empty: 'File is empty',
  read: 'Failed to read file',
  uploadUrl: 'Failed to get upload URL',
  upload: 'Failed to upload file to S3',
  start: (body: string) => `Failed to start import: ${body}`,
  status: (body: string) => `Failed to get status: ${body}`,
  jobFailed: 'Import failed',
  importFailed: 'Failed to import labels',
  createTemplate: 'Failed to create template',
  loadTemplates: 'Failed to load templates',
  preview: 'Failed to preview file',
  success: (n: number) => `Successfully imported ${n} labels`,
} as const;

/** The estimated duration of an import of `rows` rows (spec 02 §9). */
export function estimatedImportMs(rows: number): number {
  return Math.min(IMPORT_ESTIMATE.maxMs, Math.max(IMPORT_ESTIMATE.minMs, rows * IMPORT_ESTIMATE.msPerRow));
}

const projectId = id('Project', 'project_id must be a valid id');
const fileExtension = z
  .string({ error: IMPORT_MESSAGES.wrongType })
  .transform((v) => v.trim().toLowerCase().replace(/^\./, ''))
  .pipe(z.enum(['csv', 'xlsx'], { error: IMPORT_MESSAGES.wrongType }));

export const uploadUrlQuery = z.object({
  file_extension: fileExtension,
  content_type: text({ label: 'Content type', max: 200 }).optional(),
  project_id: projectId,
});
export const uploadUrlResponse = z.object({ upload_url: z.string(), fields: z.record(z.string(), z.string()), file_key: z.string() });
export type UploadUrlResponse = z.infer<typeof uploadUrlResponse>;

const fileKey = z
  .string({ error: 'file_key is required.' })
  .regex(/^label-imports\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(csv|xlsx)$/, 'file_key must be a key answered by upload-url.');
const tag = (label: string) => text({ label, max: LABEL_LIMITS.tag }).optional();

/** What the preview and the start take (spec 02 §7: import-from-s3 start). */
export const importFileQuery = z.object({
  file_key: fileKey,
  project_id: projectId,
  import_type: z.enum(IMPORT_TYPES, { error: 'import_type must be preformatted or raw.' }),
  system: tag('System'),
  cluster_pod: tag('Cluster/pod'),
  template_id: id('Template', 'template_id must be a valid id').optional(),
  /** Preformatted files: true leaves the first row out as column names, false imports it; unsent, the server judges by its look. */
  first_row_header: z
    .enum(['true', 'false'], { error: 'first_row_header must be true or false.' })
    .transform((value) => value === 'true')
    .optional(),
});
export type ImportFileQuery = z.infer<typeof importFileQuery>;

/** Spec 02 §3, Import preview row. */
export const importPreviewRow = z.object({
  row_index: z.number(),
  label_lines: z.array(z.string()).optional(),
  data_points: z.record(z.string(), z.string()).optional(),
  system: z.string().nullable(),
  cluster_pod: z.string().nullable(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

/**
 * Spec 02 §3, Preview result; `dry_run` says what the import would add to the project, and
 * `first_row` (preformatted files) whether the first row looks like column names and is left out.
 */
export const importPreviewResponse = z.object({
  preview_data: z.array(importPreviewRow),
  total_rows: z.number(),
  columns: z.array(z.string()),
  import_type: z.enum(IMPORT_TYPES),
  first_row: z.object({ cells: z.array(z.string()), looks_like_header: z.boolean(), skipped: z.boolean() }).nullable(),
  dry_run: z.object({ labels: z.number(), new: z.number(), duplicates: z.number() }),
});
export type ImportPreview = z.infer<typeof importPreviewResponse>;

export const importStartResponse = z.object({ job_id: z.string() });
export const importStatusQuery = z.object({ job_id: id('Import job', 'job_id must be a valid id') });
export const IMPORT_STATUSES = ['queued', 'running', 'success', 'error'] as const;
/** Spec 02 §3, Status response: the client polls until success or error. */
export const importStatusResponse = z.object({
  status: z.enum(IMPORT_STATUSES),
  imported: z.number(),
  total: z.number(),
  message: z.string(),
  result: z.object({ imported_count: z.number() }).nullable(),
});
export type ImportStatus = z.infer<typeof importStatusResponse>;

export const labelImportSummary = z.object({
  job_id: z.string(),
  import_type: z.enum(IMPORT_TYPES),
  status: z.enum(IMPORT_STATUSES),
  imported: z.number(),
  total: z.number(),
  message: z.string(),
  started_by: z.string(),
  created_at: z.string(),
  undone_at: z.string().nullable(),
  undone_by: z.string().nullable(),
});
export type LabelImportSummary = z.infer<typeof labelImportSummary>;
export const labelImportsResponse = z.object({ items: z.array(labelImportSummary) });
export const undoImportParams = z.object({ job_id: id('Import job', 'job_id must be a valid id') });
export const undoImportBody = z.object({ project_id: projectId });
export const undoImportResponse = z.object({ removed: z.number() });
