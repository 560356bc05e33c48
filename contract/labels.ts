/**
 * The Label Manager's API (spec 02 §3 and §7, Labels): labels, their search and filters, delete,
 * export and templates. Server routes validate with these schemas; the client takes its types and
 * limits from here.
 */
import { z } from 'zod';
import { id, isStorableText, notAllowedMessage, text, tooLongMessage, wholeNumber } from './fields.ts';
import { MAX_LENGTH, MAX_PAGE_SIZE } from './limits.ts';
import { limit, offset } from './paging.ts';

/** Limits of the label section. */
export const LABEL_LIMITS = {
  /** Characters in one line of a label. */
  line: 500,
  /** Lines one label may have. */
  lines: 30,
  /** Characters of a system or cluster/pod tag. */
  tag: 200,
  /** Labels one import request may carry (its events hold at most `perEvent` each). */
  importBatch: 5_000,
  /** Labels one import event carries: an import of many labels is a few events, not one per label. */
  perEvent: 1_000,
  /** Ids one delete or export request may name. */
  ids: 20_000,
  /** Labels an export request may carry in its body or its URL. */
  exportRows: 20_000,
  /** Searches count their matches up to here; past it the total is flagged as capped. */
  totalCap: 10_000,
  /** Deepest offset a search pages to. */
  maxOffset: 10_000_000,
  templateName: 100,
  templateColumns: 200,
  columnName: 200,
  templateLines: 30,
  lineFields: 50,
  affix: 100,
  separator: 20,
  fileName: 200,
} as const;

/** Spec 02 §9. */
export const LABEL_PAGE_SIZES = [50, 100, 250, 500] as const;
export const DEFAULT_LABEL_PAGE_SIZE = 100;
export const LABEL_SEARCH_DEBOUNCE_MS = 250;
export const TEMPLATE_PREVIEW_ROWS = 5;
export const EXPORT_SHEET_NAME = 'Labels';
export const EXPORT_COLUMN_WIDTH = 50;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const CASINGS = ['none', 'uppercase', 'lowercase'] as const;

/** Messages of the spec (02 §5 and §8), word for word. */
export const LABEL_MESSAGES = {
  templateNameRequired: 'Template name is required',
  templateLineRequired: 'At least one template line is required',
  templateFieldRequired: 'Template lines need at least one field',
  noLabelsSelected: 'No labels selected for export',
  exportFailed: 'Export failed. Please try again.',
  deleteFailed: 'Delete failed',
  filenameRequired: 'Filename is required',
  invalidFileData: 'Invalid file data',
  templateNotFound: 'Template not found',
  selectLabels: 'Select at least one label.',
  noLabelsToImport: 'There are no labels to import.',
  noLabels: 'No labels found. Import labels to get started.',
  noProjectTitle: 'No Project Selected',
  noProjectText: 'Please select a project to view labels.',
  emptyDrawer: 'No labels selected. Select labels from the database above to add them here.',
} as const;

export const deleteConfirmText = (n: number) => `Delete ${n} label(s)? This cannot be undone.`;

/** One line of a label: any storable text on one line (a newline would make two lines). */
const labelLine = z
  .string({ error: 'Each label line must be text.' })
  .max(LABEL_LIMITS.line, tooLongMessage('A label line', LABEL_LIMITS.line))
  .refine((v) => isStorableText(v) && !/[\r\n]/.test(v), notAllowedMessage('A label line'));
const labelLines = z.array(labelLine).max(LABEL_LIMITS.lines, `A label has at most ${LABEL_LIMITS.lines} lines.`);
const tag = (label: string) => text({ label, max: LABEL_LIMITS.tag });

export const labelSchema = z.object({
  id: z.string(),
  label_lines: z.array(z.string()),
  cluster_pod: z.string().nullable(),
  system: z.string().nullable(),
});
export type Label = z.infer<typeof labelSchema>;

export const projectQuery = z.object({ project_id: id('Project', 'project_id must be a valid id') });

export const labelSearchQuery = z.object({
  project_id: id('Project', 'project_id must be a valid id'),
  q: text({ label: 'Search', max: MAX_LENGTH.search }).optional(),
  system: tag('System').optional(),
  cluster_pod: tag('Cluster/pod').optional(),
  limit: limit(MAX_PAGE_SIZE).default(DEFAULT_LABEL_PAGE_SIZE),
  offset: offset(LABEL_LIMITS.maxOffset).default(0),
});
export type LabelSearchQuery = z.infer<typeof labelSearchQuery>;

export const labelSearchResponse = z.object({
  items: z.array(labelSchema),
  total: z.number(),
  /** True when more labels match than were counted (`total` is then the cap). */
  total_capped: z.boolean(),
});
export type LabelSearchResponse = z.infer<typeof labelSearchResponse>;

export const labelFiltersResponse = z.object({ systems: z.array(z.string()), cluster_pods: z.array(z.string()) });
export type LabelFilters = z.infer<typeof labelFiltersResponse>;

const labelIds = z
  .array(id('Label', 'Each id must be a valid label id.'))
  .min(1, LABEL_MESSAGES.selectLabels)
  .max(LABEL_LIMITS.ids, `At most ${wholeNumber(LABEL_LIMITS.ids)} labels at a time.`);

export const bulkDeleteBody = z.object({ project_id: id('Project', 'project_id must be a valid id'), ids: labelIds });
export const bulkDeleteResponse = z.object({ deleted: z.number() });

export const newLabel = z.object({
  label_lines: labelLines,
  system: tag('System').optional(),
  cluster_pod: tag('Cluster/pod').optional(),
});
export type NewLabel = z.infer<typeof newLabel>;
export const importBody = z.object({
  project_id: id('Project', 'project_id must be a valid id'),
  labels: z
    .array(newLabel)
    .min(1, LABEL_MESSAGES.noLabelsToImport)
    .max(LABEL_LIMITS.importBatch, `At most ${wholeNumber(LABEL_LIMITS.importBatch)} labels in one request.`),
});
export const importResponse = z.object({ imported: z.number(), ids: z.array(z.string()) });

/** A label as an export carries it (spec 02 §3, Label export row). */
export const exportRow = z.object({ labelLines: labelLines });
export type ExportRow = z.infer<typeof exportRow>;
const exportFormat = z.enum(EXPORT_FORMATS, { error: 'Format must be csv or xlsx.' });
const fileName = text({ label: 'Filename', max: LABEL_LIMITS.fileName, required: LABEL_MESSAGES.filenameRequired });
const exportRows = z.array(exportRow).min(1, 'There are no labels to export.').max(LABEL_LIMITS.exportRows, 'Too many labels for one export.');

/** GET /api/labels/export: the labels travel in `data` as encoded JSON (spec 02 §7). */
export const exportQuery = z.object({
  format: exportFormat.default('csv'),
  filename: fileName.optional(),
  data: z
    .string({ error: 'data is required.' })
    .transform((value, ctx) => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'data must be JSON.' });
        return z.NEVER;
      }
    })
    .pipe(exportRows),
});

/** POST /api/labels/export: a large selection, by ids within a project or as the labels themselves. */
export const exportBody = z.union([
  z.object({ format: exportFormat.default('csv'), filename: fileName.optional(), project_id: id('Project', 'project_id must be a valid id'), ids: labelIds }),
  z.object({ format: exportFormat.default('csv'), filename: fileName.optional(), labels: exportRows }),
]);
export type ExportBody = z.input<typeof exportBody>;

/** `labels_<timestamp with colons as dashes>.<ext>` (spec 02 §2.12). */
export function defaultExportName(format: ExportFormat, now = new Date()): string {
  return `labels_${now.toISOString().replace(/:/g, '-')}.${format}`;
}

/** The filename with its extension made to match the format. */
export function exportFileName(name: string, format: ExportFormat): string {
  const base = name.trim().replace(/\.(csv|xlsx)$/i, '');
  return `${base || 'labels'}.${format}`;
}

export const templateField = z.object({
  name: text({ label: 'Field name', max: LABEL_LIMITS.columnName, required: 'Field name is required.' }),
  prependText: text({ label: 'Prepend text', max: LABEL_LIMITS.affix, trim: false }).default(''),
  appendText: text({ label: 'Append text', max: LABEL_LIMITS.affix, trim: false }).default(''),
});
/** Whether some line of a template formats a field: a template of empty lines makes no label. */
export const hasAField = (lines: ReadonlyArray<{ fields: readonly unknown[] }>): boolean => lines.some((line) => line.fields.length > 0);

export const templateLine = z.object({
  id: text({ label: 'Line id', max: 100, required: 'Line id is required.' }),
  fields: z.array(templateField).max(LABEL_LIMITS.lineFields, `A line has at most ${LABEL_LIMITS.lineFields} fields.`),
  separator: text({ label: 'Separator', max: LABEL_LIMITS.separator, trim: false }).default(' '),
  casing: z.enum(CASINGS, { error: 'Casing must be none, uppercase or lowercase.' }).default('none'),
  leaveBlankIfNoData: z.boolean().optional(),
});
export type TemplateLine = z.infer<typeof templateLine>;
export const templateData = z.object({
  columns: z
    .array(text({ label: 'Column name', max: LABEL_LIMITS.columnName, required: 'Column name is required.' }))
    .max(LABEL_LIMITS.templateColumns, `A template has at most ${LABEL_LIMITS.templateColumns} columns.`),
  lines: z
    .array(templateLine)
    .min(1, LABEL_MESSAGES.templateLineRequired)
    .max(LABEL_LIMITS.templateLines, `A template has at most ${LABEL_LIMITS.templateLines} lines.`)
    // Without a field every label the template formats is empty, and an import would skip every record.
    .refine(hasAField, LABEL_MESSAGES.templateFieldRequired),
});
export type TemplateData = z.infer<typeof templateData>;
export const templateBody = z.object({
  name: text({ label: 'Template name', max: LABEL_LIMITS.templateName, required: LABEL_MESSAGES.templateNameRequired }),
  template_data: templateData,
});
export type TemplateBody = z.input<typeof templateBody>;
export const labelTemplate = z.object({
  id: z.string(),
  project_id: z.string(),
  name: z.string(),
  template_data: templateData,
  created_at: z.string(),
  updated_at: z.string(),
});
export type LabelTemplate = z.infer<typeof labelTemplate>;
export const templateIdParams = z.object({ id: id('Template', 'Template id must be a valid id') });
