/**
 * Stock counts: blind cycle counts and full stocktakes of a project's or a warehouse's stock. A
 * session plans its lines (every part, a filter, or a cycle set the product proposes), assigned
 * counters count them (never seeing what the books expect), and a manager reviews each line
 * against stock as it stood at the instant it was counted, asks for recounts, and posts the
 * session as `StockCounted` adjustments dated when each line was counted.
 *
 *   GET  /api/counts?project_id=|warehouse_id=&status=   → { items: CountSummary[] } (counters see theirs)
 *   POST /api/counts/plan    body countPlanBody           → countPlanAnswer (what a session would count)
 *   POST /api/counts         body createCountBody         → CountSummary (201)
 *   GET  /api/counts/due                                  → { items: CountSummary[] } open sessions by due date
 *   GET  /api/counts/last-counted?project_id=|warehouse_id= → { items: LastCountedRow[] }
 *   GET  /api/counts/{id}                                 → CountSummary
 *   GET  /api/counts/{id}/lines                           → { items: CounterLine[] } (never an expected figure)
 *   POST /api/counts/{id}/count  body countEntryBody, header Idempotency-Key → countEntryAnswer
 *   GET  /api/counts/{id}/variance                        → varianceAnswer (reviewers only)
 *   GET  /api/counts/{id}/export.csv                      → the variance as CSV (reviewers only)
 *   POST /api/counts/{id}/recount body recountBody        → CountSummary
 *   PUT  /api/counts/{id}/counters body countersBody      → CountSummary
 *   POST /api/counts/{id}/post                            → postCountAnswer
 *   POST /api/counts/{id}/cancel body cancelCountBody     → CountSummary
 *
 * Who: the project's admins and managers (and superadmins) open, review, recount, post and cancel
 * a project's counts; global admins a warehouse's. Counters are the members the manager picks; they
 * count and read the lines, nothing more.
 */
import { z } from 'zod';
import { id, text, wholeNumber } from './fields.ts';
import { MAX_LENGTH, MAX_QUANTITY } from './limits.ts';
import { placeSchema } from './place.ts';

export const COUNT_LIMITS = {
  /** Lines one session can plan. */
  lines: 20_000,
  counters: 50,
  name: 120,
  /** Lines a recount request can name. */
  recount: 5_000,
  /** Proposed cycle sets. */
  cycleSize: 5_000,
  /** Lines the plan preview lists (its total counts them all). */
  planPreview: 200,
} as const;

export const COUNT_STATUSES = ['open', 'posted', 'cancelled'] as const;
export type CountStatus = (typeof COUNT_STATUSES)[number];

/** What a session counts: everything, a filter, or a cycle set the product proposes. */
export const CYCLE_STRATEGIES = ['oldest', 'most_moved', 'variances'] as const;
export type CycleStrategy = (typeof CYCLE_STRATEGIES)[number];
export const CYCLE_STRATEGY_LABELS: Record<CycleStrategy, string> = {
  oldest: 'Not counted for the longest',
  most_moved: 'Most moved (last 90 days)',
  variances: 'Past variances',
};

export const COUNT_MESSAGES = {
  nameRequired: 'Enter a name for the count',
  noLines: 'Nothing to count: no parts match this choice.',
  tooManyLines: `A count holds at most ${wholeNumber(COUNT_LIMITS.lines)} lines; narrow the filter.`,
  countersRequired: 'Pick at least one counter',
  notFound: 'Count not found',
  notCounter: 'You are not a counter of this count',
  posted: 'This count has been posted',
  cancelled: 'This count was cancelled',
  lineNotFound: 'That line is not part of this count',
  countedInFuture: 'The counted time cannot be in the future',
  countedBeforeOpen: 'The counted time cannot be before the count was opened',
  sameSecondCounter: 'The second count of a line must be made by someone else',
  alreadyDoubleCounted: 'This line has been counted twice; ask for a recount to count it again',
  nothingCounted: 'Nothing has been counted yet',
  recountNothing: 'Choose the lines to count again',
  /** A recount replaces a line's counts: a line nobody counted yet has none to replace. */
  recountUncounted: (line: string) => `${line} has not been counted yet; count it before asking for a recount`,
  dueDateInvalid: 'Due date must be a date like 2026-12-31',
  partNotFound: (partNumber: string) => `Part ${partNumber} is not stocked here`,
  serialNotFound: (serial: string) => `No asset with serial number ${serial}`,
  counterNotMember: (name: string) => `${name} is not a member of this project`,
  recountPending: (line: string) => `${line} is waiting for a recount`,
  secondCountMissing: (line: string) => `${line} needs its second count`,
  countsDisagree: (line: string, first: number, second: number) => `${line}: the two counts differ (${first} and ${second}); ask for a recount`,
  /** Posting refused: the line's place moved since it was counted so far that its difference would take a figure below zero. */
  belowZero: (line: string, figure: string, to: number) =>
    `${line}: ${figure} has moved since it was counted; posting its difference would take it below zero (to ${to})`,
} as const;

/** "Line 12 (PN-100 at Rack A · Bin 3)": how a refusal names a line. */
export const countLineName = (seq: number, what: string, where: string | null) => `Line ${seq} (${what}${where ? ` at ${where}` : ''})`;

const countName = text({ label: 'Name', max: COUNT_LIMITS.name, required: COUNT_MESSAGES.nameRequired });
const dueDate = z
  .string({ error: COUNT_MESSAGES.dueDateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, COUNT_MESSAGES.dueDateInvalid)
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), COUNT_MESSAGES.dueDateInvalid);

export const countLocation = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('project'), id: id('Project', 'project_id must be a valid project id') }),
  z.object({ kind: z.literal('warehouse'), id: id('Warehouse', 'warehouse_id must be a valid warehouse id') }),
]);
export type CountLocation = z.infer<typeof countLocation>;

export const countScope = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({
    kind: z.literal('filter'),
    /** Part numbers starting with this (without case). */
    part_prefix: text({ label: 'Part number prefix', max: MAX_LENGTH.partNumber }).optional(),
    /** A warehouse place's rack, shelf, bin or zone containing this (without case). */
    place: text({ label: 'Location', max: MAX_LENGTH.binInfo }).optional(),
    /** Only parts at or below their low threshold. */
    below_threshold: z.boolean({ error: 'below_threshold must be true or false' }).optional(),
  }),
  z.object({
    kind: z.literal('cycle'),
    strategy: z.enum(CYCLE_STRATEGIES, { error: 'Strategy must be oldest, most_moved or variances.' }),
    size: z.coerce
      .number({ error: 'Size must be a number.' })
      .int('Size must be a whole number.')
      .min(1, 'Size must be 1 or more.')
      .max(COUNT_LIMITS.cycleSize, `Size must be at most ${COUNT_LIMITS.cycleSize}.`),
  }),
]);
export type CountScope = z.infer<typeof countScope>;

export const countPlanBody = z.object({
  location: countLocation,
  scope: countScope,
  /** Also count the location's serialized assets by serial. */
  include_assets: z.boolean({ error: 'include_assets must be true or false' }).default(false),
});
export type CountPlanBody = z.infer<typeof countPlanBody>;

export const createCountBody = countPlanBody.extend({
  name: countName,
  due_date: dueDate.nullable().default(null),
  counters: z
    .array(id('Counter', 'Each counter must be a valid user id'), { error: 'counters must be a list of user ids' })
    .min(1, COUNT_MESSAGES.countersRequired)
    .max(COUNT_LIMITS.counters, `A count has at most ${COUNT_LIMITS.counters} counters.`),
  /** Counters never see the expected quantity (the default); a manager may open a count that shows it. */
  blind: z.boolean({ error: 'blind must be true or false' }).default(true),
  /** Every line is counted by two different people. */
  double_count: z.boolean({ error: 'double_count must be true or false' }).default(false),
});
export type CreateCountBody = z.infer<typeof createCountBody>;

export const countPlanLine = z.object({
  kind: z.enum(['part', 'asset']),
  material_id: z.string().nullable(),
  part_number: z.string().nullable(),
  part_name: z.string().nullable(),
  place: placeSchema.nullable(),
  place_label: z.string().nullable(),
  instance_id: z.string().nullable(),
  asset_number: z.string().nullable(),
  serial_number: z.string().nullable(),
});
export type CountPlanLine = z.infer<typeof countPlanLine>;
export const countPlanAnswer = z.object({ total: z.number(), items: z.array(countPlanLine) });
export type CountPlanAnswer = z.infer<typeof countPlanAnswer>;

const person = z.object({ user_id: z.string(), name: z.string() });

export const countSummary = z.object({
  id: z.string(),
  name: z.string(),
  location_kind: z.enum(['project', 'warehouse']),
  location_id: z.string(),
  location_label: z.string(),
  status: z.enum(COUNT_STATUSES),
  scope_label: z.string(),
  due_date: z.string().nullable(),
  blind: z.boolean(),
  double_count: z.boolean(),
  include_assets: z.boolean(),
  counters: z.array(person),
  line_total: z.number(),
  lines_counted: z.number(),
  recounts_pending: z.number(),
  /** Lines without variance / lines counted, once posted; null before. */
  accuracy: z.number().nullable(),
  adjustments: z.number().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  posted_at: z.string().nullable(),
  posted_by: z.string().nullable(),
  /** What the caller may do with it. */
  can_count: z.boolean(),
  can_review: z.boolean(),
});
export type CountSummary = z.infer<typeof countSummary>;

export const LINE_STATUSES = ['to_count', 'counted', 'recount'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

/** A line as a counter sees it: what to count and where, and what they counted; never what the books say. */
export const counterLine = z.object({
  line_id: z.string(),
  seq: z.number(),
  kind: z.enum(['part', 'asset']),
  part_number: z.string().nullable(),
  part_name: z.string().nullable(),
  place: placeSchema.nullable(),
  place_label: z.string().nullable(),
  asset_number: z.string().nullable(),
  serial_number: z.string().nullable(),
  /** Added while counting (a part or asset the plan did not list). */
  planned: z.boolean(),
  status: z.enum(LINE_STATUSES),
  /** The caller's own count of it, if any (the last, after a recount). */
  my_count: z.number().nullable(),
  counts: z.number(),
  /** Double count: this line still needs a count by someone other than the caller. */
  needs_count_from_me: z.boolean(),
});
export type CounterLine = z.infer<typeof counterLine>;

/**
 * One counted line: a line of the plan (`line_id`), or what the counter found that the plan did
 * not list (a part number at a place, or an asset's serial). `counted_at` is when it was counted on
 * the device (absent: now); it may not be in the future or before the count was opened.
 */
export const countEntryBody = z
  .object({
    line_id: z.string().min(1).max(100).optional(),
    part_number: text({ label: 'Part number', max: MAX_LENGTH.partNumber }).optional(),
    place: placeSchema.partial().nullable().optional(),
    serial_number: text({ label: 'Serial number', max: MAX_LENGTH.partNumber }).optional(),
    counted: z.coerce
      .number({ error: 'Counted must be a number.' })
      .int('Counted must be a whole number.')
      .min(0, 'Counted must be 0 or more.')
      .max(MAX_QUANTITY, `Counted must be at most ${wholeNumber(MAX_QUANTITY)}.`),
    counted_at: z.iso.datetime({ offset: true, error: 'counted_at must be an ISO 8601 instant, for example 2026-11-01T12:00:00Z' }).optional(),
  })
  .refine((v) => Boolean(v.line_id) || Boolean(v.part_number) || Boolean(v.serial_number), {
    message: 'Send line_id, part_number or serial_number',
    path: ['line_id'],
  });
export type CountEntryBody = z.infer<typeof countEntryBody>;

export const countEntryAnswer = z.object({
  line_id: z.string(),
  seq: z.number(),
  counted: z.number(),
  counted_at: z.string(),
  status: z.enum(LINE_STATUSES),
});
export type CountEntryAnswer = z.infer<typeof countEntryAnswer>;

export const ASSET_RESULTS = ['found', 'missing', 'unexpected', 'not_counted'] as const;
export type AssetResult = (typeof ASSET_RESULTS)[number];

/** A line as a reviewer sees it: counted against stock at the counted instant. */
export const varianceLine = z.object({
  line_id: z.string(),
  seq: z.number(),
  kind: z.enum(['part', 'asset']),
  material_id: z.string().nullable(),
  part_number: z.string().nullable(),
  part_name: z.string().nullable(),
  place_label: z.string().nullable(),
  asset_number: z.string().nullable(),
  serial_number: z.string().nullable(),
  planned: z.boolean(),
  status: z.enum(LINE_STATUSES),
  counted: z.number().nullable(),
  counted_at: z.string().nullable(),
  counter: z.string().nullable(),
  /** Double count: the other count, its counter. */
  second_counted: z.number().nullable(),
  second_counter: z.string().nullable(),
  /** On hand at the line's place as of `counted_at`. */
  expected: z.number().nullable(),
  difference: z.number().nullable(),
  /** difference / expected × 100, one decimal; null when nothing was expected. */
  percent: z.number().nullable(),
  /** Assets: found, missing, unexpected. */
  asset_result: z.enum(ASSET_RESULTS).nullable(),
  /** The previous posted count of the same part and place. */
  last_counted_at: z.string().nullable(),
  last_counted: z.number().nullable(),
  /** On hand change at the line's place between the count and now, and how many movements made it. */
  moved_since: z.number().nullable(),
  movements_since: z.number().nullable(),
});
export type VarianceLine = z.infer<typeof varianceLine>;

export const varianceAnswer = z.object({
  session: countSummary,
  items: z.array(varianceLine),
  totals: z.object({ lines: z.number(), counted: z.number(), with_variance: z.number(), accuracy: z.number().nullable() }),
});
export type VarianceAnswer = z.infer<typeof varianceAnswer>;

export const recountBody = z.object({
  line_ids: z
    .array(z.string().min(1).max(100), { error: 'line_ids must be a list of line ids' })
    .min(1, COUNT_MESSAGES.recountNothing)
    .max(COUNT_LIMITS.recount, `A recount names at most ${COUNT_LIMITS.recount} lines.`),
  note: text({ label: 'Note', max: MAX_LENGTH.note }).optional(),
});
export type RecountBody = z.infer<typeof recountBody>;

export const countersBody = createCountBody.pick({ counters: true });
export type CountersBody = z.infer<typeof countersBody>;

export const cancelCountBody = z.object({ reason: text({ label: 'Reason', max: MAX_LENGTH.note }).optional() });

export const postCountAnswer = z.object({
  session: countSummary,
  /** StockCounted events appended (lines with a difference), and assets marked lost or found. */
  adjustments: z.number(),
  assets_lost: z.number(),
  assets_found: z.number(),
  lines_counted: z.number(),
  /** Planned lines nobody counted: left as they are. */
  lines_not_counted: z.number(),
});
export type PostCountAnswer = z.infer<typeof postCountAnswer>;

export const lastCountedRow = z.object({
  material_id: z.string(),
  part_number: z.string(),
  part_name: z.string(),
  place_label: z.string().nullable(),
  last_counted_at: z.string().nullable(),
  session_id: z.string().nullable(),
  session_name: z.string().nullable(),
  last_difference: z.number().nullable(),
});
export type LastCountedRow = z.infer<typeof lastCountedRow>;

export const countListQuery = z
  .object({
    project_id: id('Project', 'project_id must be a valid project id').optional(),
    warehouse_id: id('Warehouse', 'warehouse_id must be a valid warehouse id').optional(),
    status: z.enum(COUNT_STATUSES, { error: 'Status must be open, posted or cancelled.' }).optional(),
  })
  .refine((v) => Boolean(v.project_id) !== Boolean(v.warehouse_id), { message: 'Send project_id or warehouse_id', path: ['project_id'] });
