/**
 * Materials as the API returns them (spec 01 §3): the shapes are the server's own zod schemas in
 * contract/, inferred here. Shared by the dashboard, the logs pages, bulk upload and the catalogue,
 * so it lives with the api rather than in one feature.
 */
import type { InventoryRow } from '@contract/materials.ts';
import type { LogDays, LogType } from '@contract/vocabulary.ts';

export type {
  Assignee,
  BulkAction,
  BulkAnswer,
  BulkResult,
  BulkReversal,
  CatalogPart,
  ExplainItem,
  Explanation,
  Figure,
  InventoryRow,
  LogDays,
  LogPage,
  LogRow,
  LogType,
  MaxAssignable,
  StockAnswer,
} from '@contract/materials.ts';
export { FIGURE_LABELS, LOG_TYPES } from '@contract/vocabulary.ts';

/** The arguments of a log read: which project, which types (empty means every type), window, search, page. */
export interface LogQuery {
  projectId: string;
  /** Empty means every type. */
  types: readonly LogType[];
  days: LogDays;
  q: string;
  page: number;
  pageSize: number;
}

/** The name of a part as tables show it: its nickname when asked for and present, else its name. */
export function partLabel(row: Pick<InventoryRow, 'PartName' | 'StandardName'>, useNicknames: boolean): string {
  return useNicknames && row.StandardName.trim() !== '' ? row.StandardName : row.PartName;
}
