/**
 * Materials as the API speaks them (spec 01 §3 and §7): a project's inventory, the catalogue, the
 * activity log, the pickers and every stock movement's request and answer.
 */
import { z } from 'zod';
import { id, pageNumber, pageSize, quantity, searchText, text } from './fields.ts';
import { LOG_COUNT_CAP, MAX_LENGTH, MAX_PAGE_SIZE } from './limits.ts';
import { LOST_FOUND_QUANTITY_POSITIVE, PART_REQUIRED } from './messages.ts';
import { limit, listFormat, logDays, offset, projectOrWarehouse } from './paging.ts';
import { FIGURES, INVENTORY_SORT_KEYS, LOG_SORTS, WAREHOUSE_LOG_TYPES, type WarehouseLogType } from './vocabulary.ts';

export * from './vocabulary.ts';

export const projectId = id('Project id', 'project_id must be a valid project id');
export const partNumber = text({ label: 'Part number', max: MAX_LENGTH.partNumber, required: PART_REQUIRED });
export const partName = text({ label: 'Part name', max: MAX_LENGTH.partName });
export const partNickname = text({ label: 'Part nickname', max: MAX_LENGTH.partNickname });
const userId = id('User', 'Select a user');
const note = text({ label: 'Note', max: MAX_LENGTH.note }).nullish();
const isoInstant = z.iso.datetime({ offset: true, error: 'as_of must be an ISO 8601 instant, for example 2026-11-01T12:00:00Z' });

/** One part of a project's stock; thresholds are already resolved (part, then project, then 15/0). */
export const inventoryRow = z.object({
  ProjectID: z.string().nullable(),
  warehouse_id: z.string().nullable(),
  material_id: z.string(),
  PartNumber: z.string(),
  PartName: z.string(),
  /** The nickname. */
  StandardName: z.string(),
  part_number: z.string(),
  part_name: z.string(),
  part_nickname: z.string(),
  /** Logistics quantity: received minus returned. */
  MatVendorQty: z.number(),
  QtyOnHand: z.number(),
  FieldAssigned: z.number(),
  /** Outstanding lost: lost minus found. */
  QtyLost: z.number(),
  /** Sent to another project on a transfer, not yet delivered (part of MatVendorQty). */
  QtyInTransit: z.number(),
  /** On its way here from another project on a transfer (part of that project's MatVendorQty). */
  QtyIncoming: z.number(),
  LowStockWarning: z.number(),
  CriticalStockWarning: z.number(),
});
export type InventoryRow = z.infer<typeof inventoryRow>;

const inventorySort = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const descending = value.startsWith('-');
    const key = INVENTORY_SORT_KEYS.find((k) => k === (descending ? value.slice(1) : value));
    if (!key) {
      ctx.addIssue({ code: 'custom', message: `Sort must be one of ${INVENTORY_SORT_KEYS.join(', ')}, with a leading - for descending.` });
      return z.NEVER;
    }
    return { key, descending };
  });

const pageLimit = limit(MAX_PAGE_SIZE).optional();
const pageOffset = offset(1_000_000_000).optional();

export const inventoryQuery = z.object({
  project_id: projectId,
  as_of: isoInstant.optional(),
  /** What the ledger had recorded by then (recorded_at): with as_of, what was true then as known on this day. */
  as_known_on: z.iso.datetime({ offset: true, error: 'as_known_on must be an ISO 8601 instant, for example 2026-11-01T12:00:00Z' }).optional(),
  format: listFormat,
  q: text({ label: 'Search', max: MAX_LENGTH.search }).optional(),
  sort: inventorySort.optional(),
  limit: pageLimit,
  offset: pageOffset,
});
export const inventoryAnswer = z.object({
  items: z.array(inventoryRow),
  total: z.number(),
  as_of: z.string().nullable(),
  as_known_on: z.string().nullable().optional(),
});
export type InventoryAnswer = z.infer<typeof inventoryAnswer>;

export const logRow = z.object({
  id: z.number(),
  position: z.number(),
  ProjectID: z.string().nullable(),
  warehouse_id: z.string().nullable(),
  LogType: z.string(),
  LogDate: z.string(),
  /** Who transacted it. */
  LogName: z.string(),
  LogAmount: z.number(),
  PartNumber: z.string(),
  /** The part's name at the time. */
  PartName: z.string(),
  AssociatedName: z.string().nullable(),
  AssociatedEmail: z.string().nullable(),
  location_a: z.string().nullable(),
  location_b: z.string().nullable(),
  LogCategory: z.literal('material'),
  bin_info: z.string().nullable(),
  note: z.string().nullable(),
  source: z.string().nullable(),
  /** The bulk file the row came from ('bulk' rows), and on a reversal ('bulk-reversal') the file it undoes. */
  batch_id: z.string().nullable(),
  reverses_batch_id: z.string().nullable(),
  /** On a correction: the position of the entry it corrects; on a corrected entry: the position of its correction. */
  corrects_position: z.number().nullable(),
  corrected_by: z.number().nullable(),
  hash: z.string(),
  d_on_hand: z.number(),
  d_field: z.number(),
  d_lost: z.number(),
  /**
   * With a search text: the shown fields it was found in (PartNumber, PartName, LogName for the
   * movements view, AssociatedName for the assignments view), so a row can say why it matched.
   */
  matched: z.array(z.enum(['PartNumber', 'PartName', 'LogName', 'AssociatedName'])),
});
export type LogRow = z.infer<typeof logRow>;

const logTypes = z
  .string()
  .max(100)
  .default('all')
  .transform((value, ctx) => {
    const wanted = value
      .split(',')
      .map((t) => t.trim().toLowerCase())
      .filter(Boolean);
    if (wanted.length === 0 || wanted.includes('all')) return [...WAREHOUSE_LOG_TYPES];
    const types: WarehouseLogType[] = [];
    for (const w of wanted) {
      const match = WAREHOUSE_LOG_TYPES.find((t) => t.toLowerCase() === w);
      if (!match) {
        ctx.addIssue({ code: 'custom', message: 'Type must be All, Receive, Return, Assign, Unassign, Lost, Found or Relocate.' });
        return z.NEVER;
      }
      types.push(match);
    }
    return types;
  });

export const logsQuery = projectOrWarehouse(
  z.object({
    project_id: projectId.optional(),
    warehouse_id: id('Warehouse', 'warehouse_id must be a valid id').optional(),
    type: logTypes,
    days: logDays,
    q: searchText(),
    page: pageNumber(),
    page_size: pageSize(MAX_PAGE_SIZE, 50),
    /** limit and offset, when sent, take the place of page and page_size. */
    limit: pageLimit,
    offset: pageOffset,
    sort: z.enum(LOG_SORTS, { error: 'Sort must be -LogDate (newest first) or LogDate (oldest first).' }).default('-LogDate'),
    format: listFormat,
  }),
);

/** A page of the log; past LOG_COUNT_CAP matches `total` stops there and `total_capped` is true. */
export const logPage = z.object({ items: z.array(logRow), total: z.number(), total_capped: z.boolean() });
export type LogPage = z.infer<typeof logPage>;
export { LOG_COUNT_CAP };

export const itemQuery = z.object({ project_id: projectId, number: partNumber });
export const maxAssignableQuery = itemQuery.extend({ user: userId.optional() });
export const searchQuery = z.object({ q: searchText() });
export const optionsQuery = z.object({ project_id: projectId, q: searchText() });

export const explainQuery = itemQuery.extend({
  figure: z.enum(FIGURES, { error: 'Figure must be on_hand, field_assigned, lost, logistics or in_transit.' }).default('on_hand'),
});

export const explainItem = z.object({
  position: z.number(),
  date: z.string(),
  type: z.string(),
  /** The quantity of the movement as recorded. */
  amount: z.number(),
  /** What it did to this figure (signed). */
  change: z.number(),
  /** The figure right after this movement. */
  balance: z.number(),
  by: z.string(),
  associated: z.string().nullable(),
});
/** Oldest first. */
export const explanation = z.object({ figure: z.enum(FIGURES), current: z.number(), items: z.array(explainItem) });
export type ExplainItem = z.infer<typeof explainItem>;
export type Explanation = z.infer<typeof explanation>;

/** A part of the shared catalogue, or a picker suggestion. */
export const catalogPart = z.object({
  material_id: z.string(),
  part_number: z.string(),
  part_name: z.string(),
  part_nickname: z.string(),
  display: z.string(),
});
export type CatalogPart = z.infer<typeof catalogPart>;
/** Picker matches: at most PICKER_LIMIT items, and how many matched in all ("25 of N matches"). */
export const optionsAnswer = z.object({ items: z.array(catalogPart), total: z.number() });

/** Someone holding some of a part in the field. */
export const assignee = z.object({ uuid: z.string(), user_email: z.string(), user_firstname: z.string(), user_lastname: z.string(), quantity: z.number() });
export type Assignee = z.infer<typeof assignee>;

export const maxAssignable = z.object({
  /** On hand: the most that can be assigned. */
  max: z.number(),
  /** What the given user holds: the most that can be unassigned from them. */
  assigned: z.number(),
});
export type MaxAssignable = z.infer<typeof maxAssignable>;

export const stockTotals = z.object({
  parts: z.number(),
  on_hand: z.number(),
  field_assigned: z.number(),
  lost: z.number(),
  low_stock: z.number(),
  critical_stock: z.number(),
});

export const receiveBody = z.object({
  project_id: projectId,
  part_number: partNumber,
  quantity: quantity(),
  part_name: partName.nullish(),
  standard_name: partNickname.nullish(),
});
export const returnBody = z.object({
  project_id: projectId,
  part_number: partNumber,
  quantity: quantity(),
  bin_info: text({ label: 'Bin', max: MAX_LENGTH.binInfo }).nullish(),
});
export const assignBody = z.object({ project_id: projectId, part_number: partNumber, quantity: quantity(), user_id: userId });
export const lostFoundBody = z.object({
  project_id: projectId,
  part_number: partNumber,
  quantity: quantity({ positive: LOST_FOUND_QUANTITY_POSITIVE }),
  source: z.enum(['on_hand', 'field_assigned'], { error: 'source must be on_hand or field_assigned' }).default('on_hand'),
  note,
  associated_user: id('Associated user', 'associated_user must be a valid user id').nullish(),
});
/** A threshold as typed: a number, numeric text, or blank for the default (decide words the rest). */
const threshold = z.union([z.number(), text({ label: 'Threshold', max: MAX_LENGTH.threshold }), z.null()]).optional();
export const stockWarningsBody = z.object({ project_id: projectId, low_threshold: threshold, critical_threshold: threshold });
export const partParams = z.object({ part: text({ label: 'Part number', max: MAX_LENGTH.partNumber, required: PART_REQUIRED }) });
export const editBody = z.object({
  project_id: projectId,
  part_name: text({ label: 'Part name', max: MAX_LENGTH.partName, trim: false }),
  part_nickname: partNickname.nullish(),
  new_part_number: text({ label: 'New part number', max: MAX_LENGTH.partNumber }).nullish(),
  note,
});

/** What every stock movement answers: the part afterwards, and how many waiting requests it re-opened. */
export const stockAnswer = z.object({ reopenedCount: z.number(), item: inventoryRow.nullable() });
export type StockAnswer = z.infer<typeof stockAnswer>;
export const projectStockWarnings = z.object({ low_threshold: z.number().nullable(), critical_threshold: z.number().nullable() });

export type BulkAction = 'receive' | 'return';
export const bulkQuery = z.object({
  project_id: projectId,
  action: z.enum(['receive', 'return'], { error: 'action must be receive or return' }).default('receive'),
  type: z.enum(['materials', 'assets'], { error: 'type must be materials or assets' }).default('materials'),
  /** true: read and decide the file the same way, answer the verdicts, apply nothing. */
  dry_run: z.enum(['true', 'false'], { error: 'dry_run must be true or false' }).default('false'),
});
export const bulkResult = z.object({
  row: z.number(),
  part_number: z.string(),
  quantity: z.number().nullable(),
  /**
   * 'OK', 'Invalid row', 'Skipped' (applied by an earlier upload of the same file), the refusal, or
   * a not-applied status when another row of the same file was refused.
   */
  status: z.string(),
  /** The part's on hand before and after this row, in file order; null when the row is not decided. */
  on_hand_before: z.number().nullable(),
  on_hand_after: z.number().nullable(),
});
export const bulkAnswer = z.object({
  /** The file was applied as one batch (never on a dry run, never with a refused row). */
  applied: z.boolean(),
  /** The applied batch, to reverse it by; null when nothing was applied. */
  batch_id: z.string().nullable(),
  results: z.array(bulkResult),
  summary: z.object({ ok: z.number(), invalid: z.number(), skipped: z.number(), failed: z.number(), not_applied: z.number() }),
  /** Requests waiting on delivery that an applied receive re-opened (0 for a return or a dry run). */
  reopenedCount: z.number(),
});
export type BulkResult = z.infer<typeof bulkResult>;
export const bulkBatchParams = z.object({ batch_id: z.uuid({ error: 'batch_id must be a valid batch id' }) });
export const bulkReverseQuery = z.object({ project_id: projectId });
/** A reversal: its own batch id, the batch it undoes, and how many movements it made. */
export const bulkReversal = z.object({ batch_id: z.string(), reverses: z.string(), rows: z.number() });
export type BulkReversal = z.infer<typeof bulkReversal>;
export type BulkAnswer = z.infer<typeof bulkAnswer>;
