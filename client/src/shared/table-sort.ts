/** Sortable table columns (spec 01 §2: a click toggles ascending and descending). Pure, so tested. */

export type SortDirection = 'asc' | 'desc';

export interface SortState<K extends string = string> {
  key: K;
  direction: SortDirection;
}

/** A click on a column header: the same column flips direction, another column starts ascending. */
export function toggleSort<K extends string>(current: SortState<K> | null, key: K): SortState<K> {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Numbers by value, text in natural order ("P-2" before "P-10"), case-insensitively. */
export function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** A sorted copy; rows that compare equal keep their order (Array.prototype.sort is stable). */
export function sortBy<T, K extends string>(rows: readonly T[], sort: SortState<K> | null, value: (row: T, key: K) => string | number): T[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compareValues(value(a, sort.key), value(b, sort.key)));
}

/** The aria-sort of a column header. */
export function ariaSort(sort: SortState | null, key: string): 'ascending' | 'descending' | 'none' {
  if (sort?.key !== key) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}
