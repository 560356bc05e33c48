/** Checkbox selection over a table's rows, kept as a set of ids. Pure, so it is tested directly. */

export type SelectionState = 'none' | 'some' | 'all';

/** How much of the selectable rows is selected (drives the header checkbox). */
export function selectionState(selected: ReadonlySet<string>, ids: readonly string[]): SelectionState {
  const count = ids.filter((id) => selected.has(id)).length;
  if (count === 0) return 'none';
  return count === ids.length ? 'all' : 'some';
}

/** Header checkbox: selects every row, or clears them when all are selected already. */
export function toggleAll(selected: ReadonlySet<string>, ids: readonly string[]): Set<string> {
  return selectionState(selected, ids) === 'all' ? new Set() : new Set(ids);
}

export function toggleOne(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
