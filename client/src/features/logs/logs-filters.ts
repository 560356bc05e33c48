/**
 * The filters of the two logs pages (spec 01 §2, §9), read from and written to the address so a
 * filtered view survives a reload and can be shared. Pure, so tested directly.
 */
import { LOG_TYPES, type LogDays, type LogType } from '../../api/material-types.ts';

export type LogsPageKind = 'project' | 'assignments';

export const DAY_FILTERS: { value: LogDays; label: string }[] = [
  { value: '1', label: '1 Day' },
  { value: '7', label: '1 Week' },
  { value: '30', label: '1 Month' },
  { value: '365', label: '1 Year' },
  { value: 'all', label: 'All' },
];

export const ASSIGNMENT_TYPES: LogType[] = ['Assign', 'Unassign'];

export const LOGS_PAGE_SIZE = 100;

/** "1 entry", "250 entries", or "10,000+ entries" when the server stopped counting at its cap. */
export function entriesLabel(page: { total: number; total_capped: boolean }): string {
  if (page.total_capped) return `${page.total.toLocaleString('en-US')}+ entries`;
  return `${page.total} ${page.total === 1 ? 'entry' : 'entries'}`;
}

export interface LogsFilter {
  /** Project Logs: empty for All. Assign/Unassign Logs: one or both of Assign and Unassign. */
  types: LogType[];
  days: LogDays;
  q: string;
  page: number;
}

const asType = (text: string): LogType | undefined => LOG_TYPES.find((t) => t.toLowerCase() === text.trim().toLowerCase());

export function readLogsFilter(params: URLSearchParams, kind: LogsPageKind): LogsFilter {
  const named = (params.get('type') ?? '')
    .split(',')
    .map(asType)
    .filter((t): t is LogType => t !== undefined);
  const allowed = kind === 'assignments' ? named.filter((t) => ASSIGNMENT_TYPES.includes(t)) : named;
  const types = kind === 'assignments' && allowed.length === 0 ? [...ASSIGNMENT_TYPES] : [...new Set(allowed)];
  const days = DAY_FILTERS.find((d) => d.value === params.get('days'))?.value ?? 'all';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  return { types, days, q: params.get('q') ?? '', page };
}

export function writeLogsFilter(filter: LogsFilter, kind: LogsPageKind): URLSearchParams {
  const params = new URLSearchParams();
  const everyType = kind === 'assignments' ? filter.types.length === ASSIGNMENT_TYPES.length : filter.types.length === 0;
  if (!everyType) params.set('type', filter.types.map((t) => t.toLowerCase()).join(','));
  if (filter.days !== 'all') params.set('days', filter.days);
  if (filter.q !== '') params.set('q', filter.q);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

/** Assign/Unassign Logs: a button switches its type on or off, but one always stays on. */
export function toggleAssignmentType(selected: readonly LogType[], type: LogType): LogType[] {
  const next = selected.includes(type) ? selected.filter((t) => t !== type) : [...selected, type];
  return next.length === 0 ? [...selected] : ASSIGNMENT_TYPES.filter((t) => next.includes(t));
}
