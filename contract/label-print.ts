/**
 * Printing labels (PDF sheets for office printers, ZPL for thermal printers): what to print (the
 * source), how each label reads (a built-in layout or a label template), on what (the medium) and
 * in which format. The preview answers with the first page exactly as printed and every label
 * that did not fit.
 */
import { z } from 'zod';
import { id, text, wholeNumber } from './fields.ts';
import { LABEL_LIMITS } from './labels.ts';
import { medium } from './label-media.ts';
import { MAX_LENGTH } from './limits.ts';

export const PRINT_LIMITS = {
  /** Labels one print job may hold (records × copies). */
  labels: 100_000,
  copies: 100,
  /** Warnings a preview lists; `warnings_total` counts them all. */
  warningsListed: 1_000,
  /** Smallest text size a label may shrink to, and the default. */
  minFontPt: 4,
  defaultMinFontPt: 6,
  maxFontPt: 72,
} as const;

export const PRINT_FORMATS = ['pdf', 'zpl'] as const;
export type PrintFormat = (typeof PRINT_FORMATS)[number];

const project = id('Project', 'project_id must be a valid id');
const many = <T extends z.ZodType>(item: T, what: string) =>
  z
    .array(item)
    .min(1, `Select at least one ${what} to print.`)
    .max(PRINT_LIMITS.labels, `At most ${wholeNumber(PRINT_LIMITS.labels)} labels in one print.`);

const placePart = (label: string) => text({ label, max: MAX_LENGTH.binInfo });
export const printPlace = z.object({ rack: placePart('Rack'), shelf: placePart('Shelf'), bin: placePart('Bin'), zone: placePart('Zone') });

/** What to print: labels of the Label Database, assets, parts or warehouse locations. */
export const printSource = z.discriminatedUnion(
  'kind',
  [
    /** Labels by id, or every label a search matches (`search`, when `ids` is absent). */
    z.object({
      kind: z.literal('labels'),
      project_id: project,
      ids: many(id('Label', 'Each id must be a valid label id.'), 'label').optional(),
      search: z
        .object({
          q: text({ label: 'Search', max: MAX_LENGTH.search }).optional(),
          system: text({ label: 'System', max: LABEL_LIMITS.tag }).optional(),
          cluster_pod: text({ label: 'Cluster/pod', max: LABEL_LIMITS.tag }).optional(),
        })
        .optional(),
    }),
    /** Asset instances by id (the dashboard's selected rows, Asset Details). */
    z.object({ kind: z.literal('assets'), project_id: project.optional(), instance_ids: many(id('Asset', 'Each id must be a valid asset id.'), 'asset') }),
    /** Parts by part number, named as the project or warehouse knows them. */
    z.object({
      kind: z.literal('parts'),
      project_id: project.optional(),
      warehouse_id: id('Warehouse', 'warehouse_id must be a valid id').optional(),
      part_numbers: many(text({ label: 'Part number', max: MAX_LENGTH.partNumber, required: 'Part number is required.' }), 'part'),
    }),
    /** Places of one warehouse. */
    z.object({ kind: z.literal('locations'), warehouse_id: id('Warehouse', 'warehouse_id must be a valid id'), places: many(printPlace, 'location') }),
  ],
  { error: 'Source kind must be labels, assets, parts or locations.' },
);
export type PrintSource = z.infer<typeof printSource>;
export type PrintSourceInput = z.input<typeof printSource>;

/** Whether a source's records carry a code (a QR or Code 128); the Label Database's labels are text only. */
export const sourceCarriesCode = (kind: PrintSource['kind']): boolean => kind !== 'labels';

/** How each label reads: the source's built-in layout, or a template's lines over the record's fields. */
export const printContent = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('builtin') }),
    z.object({ kind: z.literal('template'), template_id: id('Template', 'Template id must be a valid id'), project_id: project }),
  ],
  { error: 'Content kind must be builtin or template.' },
);
export type PrintContent = z.infer<typeof printContent>;

export const printBody = z.object({
  source: printSource,
  content: printContent.default({ kind: 'builtin' }),
  medium,
  format: z.enum(PRINT_FORMATS, { error: 'Format must be pdf or zpl.' }).default('pdf'),
  /** The first free position on a partly used sheet, counted across then down from 1. */
  start_at: z
    .number({ error: 'Start at label must be a number.' })
    .int('Start at label must be a whole number.')
    .min(1, 'Start at label must be at least 1.')
    .default(1),
  copies: z
    .number({ error: 'Copies must be a number.' })
    .int('Copies must be a whole number.')
    .min(1, 'Copies must be at least 1.')
    .max(PRINT_LIMITS.copies, `Copies must be at most ${PRINT_LIMITS.copies}.`)
    .default(1),
  /** Whether the source's code (QR or Code 128) is printed beside a template's lines. */
  include_code: z.boolean().default(true),
  min_font_pt: z
    .number({ error: 'Smallest text size must be a number.' })
    .min(PRINT_LIMITS.minFontPt, `Smallest text size must be at least ${PRINT_LIMITS.minFontPt} pt.`)
    .max(PRINT_LIMITS.maxFontPt, `Smallest text size must be at most ${PRINT_LIMITS.maxFontPt} pt.`)
    .default(PRINT_LIMITS.defaultMinFontPt),
});
export type PrintBody = z.infer<typeof printBody>;
export type PrintBodyInput = z.input<typeof printBody>;

/** A label that did not print as written: its place in the job (1-based), what names it, and why. */
export const printWarning = z.object({ label: z.number(), name: z.string(), message: z.string() });
export type PrintWarning = z.infer<typeof printWarning>;

export const printPreview = z.object({
  labels: z.number(),
  pages: z.number(),
  /** The first page as printed, as SVG in millimetres (text drawn as outlines of the embedded font). */
  first_page_svg: z.string(),
  warnings: z.array(printWarning),
  warnings_total: z.number(),
});
export type PrintPreview = z.infer<typeof printPreview>;

export const PRINT_MESSAGES = {
  zplNeedsRoll: 'ZPL prints on a thermal roll: choose a roll medium, or PDF for a sheet.',
  startAtBeyondSheet: (perPage: number) => `Start at label must be between 1 and ${perPage}, the labels on one sheet.`,
  tooMany: (n: number) => `This print would make ${wholeNumber(n)} labels; at most ${wholeNumber(PRINT_LIMITS.labels)} in one print.`,
  nothingToPrint: 'There is nothing to print: no record matched.',
  labelsNeedIdsOrSearch: 'Name the labels to print (ids) or the search they match (search).',
  partsOneOwner: 'Name the project or the warehouse whose parts to print, not both.',
} as const;

/**
 * The fields a template's lines can name for each source, as the screens name them: a label's lines
 * and tags; an asset's number, name, serial and where it is; a part's number and names; a
 * warehouse location's warehouse and place. A field a record lacks prints as the template's blank rule says.
 */
export const PRINT_FIELDS = {
  labels: [...Array.from({ length: LABEL_LIMITS.lines }, (_, i) => `Line ${i + 1}`), 'System', 'Cluster/Pod'],
  assets: ['Asset Number', 'Asset Name', 'Nickname', 'S/N', 'Category', 'Status', 'Condition', 'Warehouse', 'Project', 'In use by', 'Notes'],
  parts: ['Part Number', 'Part Name', 'Nickname'],
  locations: ['Warehouse', 'Rack', 'Shelf', 'Bin', 'Zone', 'Location', 'Location Code'],
} as const satisfies Record<PrintSource['kind'], readonly string[]>;

/** The file a print downloads as. */
export const printFileName = (format: PrintFormat, now = new Date()) => `labels_${now.toISOString().replace(/[:.]/g, '-')}.${format}`;
