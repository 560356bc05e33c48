/**
 * Materials as the API returns them (spec 01 §3, server contract). Shared by the dashboard, the
 * logs pages, bulk upload and the catalogue, so it lives with the api rather than in one feature.
 */

/** One part of a project's stock; thresholds are already resolved (part, then project, then 15/0). */
export interface InventoryRow {
  ProjectID: string | null;
  warehouse_id: string | null;
  material_id: string;
  PartNumber: string;
  PartName: string;
  /** The nickname. */
  StandardName: string;
  part_number: string;
  part_name: string;
  part_nickname: string;
  /** Logistics quantity: received minus returned. */
  MatVendorQty: number;
  QtyOnHand: number;
  FieldAssigned: number;
  /** Outstanding lost: lost minus found. */
  QtyLost: number;
  LowStockWarning: number;
  CriticalStockWarning: number;
}

/** A part of the shared catalogue, or a picker suggestion. */
export interface CatalogPart {
  material_id: string;
  part_number: string;
  part_name: string;
  part_nickname: string;
  display: string;
}

/** Someone holding some of a part in the field. */
export interface Assignee {
  uuid: string;
  user_email: string;
  user_firstname: string;
  user_lastname: string;
  quantity: number;
}

export interface MaxAssignable {
  /** On hand: the most that can be assigned. */
  max: number;
  /** What the given user holds: the most that can be unassigned from them. */
  assigned: number;
}

/** The figures of a part that can be explained event by event. */
export type Figure = 'on_hand' | 'field_assigned' | 'lost' | 'logistics';

export const FIGURE_LABELS: Record<Figure, string> = {
  logistics: 'Logistics Qty',
  on_hand: 'Qty On Hand',
  field_assigned: 'Field Assigned',
  lost: 'Qty Lost',
};

export interface ExplainItem {
  position: number;
  date: string;
  type: string;
  /** The quantity of the movement as recorded. */
  amount: number;
  /** What it did to this figure (signed). */
  change: number;
  /** The figure right after this movement. */
  balance: number;
  by: string;
  associated: string | null;
}

export interface Explanation {
  figure: Figure;
  current: number;
  /** Oldest first. */
  items: ExplainItem[];
}

export const LOG_TYPES = ['Receive', 'Return', 'Assign', 'Unassign', 'Lost', 'Found'] as const;
export type LogType = (typeof LOG_TYPES)[number];

/** The time filters of spec 01 §9 (days), or everything. */
export type LogDays = '1' | '7' | '30' | '365' | 'all';

export interface LogRow {
  id: number;
  position: number;
  ProjectID: string | null;
  LogType: string;
  LogDate: string;
  /** Who transacted it. */
  LogName: string;
  LogAmount: number;
  PartNumber: string;
  /** The part's name at the time. */
  PartName: string;
  AssociatedName: string | null;
  AssociatedEmail: string | null;
  bin_info: string | null;
  note: string | null;
  source: string | null;
  /** The bulk file the row came from ('bulk' rows), and on a reversal ('bulk-reversal') the file it undoes. */
  batch_id: string | null;
  reverses_batch_id: string | null;
  hash: string;
  d_on_hand: number;
  d_field: number;
  d_lost: number;
}

export interface LogQuery {
  projectId: string;
  /** Empty means every type. */
  types: readonly LogType[];
  days: LogDays;
  q: string;
  page: number;
  pageSize: number;
}

export interface LogPage {
  items: LogRow[];
  total: number;
}

/** What every stock movement answers: the part afterwards, and how many waiting requests it re-opened. */
export interface StockAnswer {
  reopenedCount: number;
  item: InventoryRow | null;
}

export type BulkAction = 'receive' | 'return';

export interface BulkResult {
  row: number;
  part_number: string;
  quantity: number | null;
  /**
   * 'OK', 'Invalid row', 'Skipped' (applied by an earlier upload of the same file), the rule's
   * refusal, or 'Not applied: …' when another row of the file was refused (a file is all or none).
   */
  status: string;
  /** The part's on hand before and after this row, in file order; null for rows that do nothing. */
  on_hand_before: number | null;
  on_hand_after: number | null;
}

export interface BulkAnswer {
  /** False for a preview, a refused file, or a file applied before. */
  applied: boolean;
  /** The applied batch, which the logs can reverse in one step. */
  batch_id: string | null;
  results: BulkResult[];
  summary: { ok: number; invalid: number; skipped: number; failed: number; not_applied: number };
}

export interface BulkReversal {
  batch_id: string;
  reverses: string;
  rows: number;
}

/** The name of a part as tables show it: its nickname when asked for and present, else its name. */
export function partLabel(row: Pick<InventoryRow, 'PartName' | 'StandardName'>, useNicknames: boolean): string {
  return useNicknames && row.StandardName.trim() !== '' ? row.StandardName : row.PartName;
}
