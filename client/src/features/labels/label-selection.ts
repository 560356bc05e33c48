/**
 * Row selection of the label tables (spec 02 §2.10): a click toggles a row, ctrl or meta click
 * toggles too, shift-click selects the range from the last clicked row, a checkbox toggles its row.
 * And the moves between the main list and the Selected Labels drawer (§4.5): copying adds labels to
 * the drawer, removing returns them; the selection of the table they left is cleared.
 */
import type { Label } from '@contract/labels.ts';

export interface RowClick {
  id: string;
  shift: boolean;
}

export interface RowSelection {
  selected: Set<string>;
  /** The row last clicked: where a shift-click range starts. */
  anchor: string | null;
}

export const emptySelection = (): RowSelection => ({ selected: new Set(), anchor: null });

/** The selection after a click on a row of `ids` (the table's rows in order). */
export function clickRow(state: RowSelection, ids: readonly string[], click: RowClick): RowSelection {
  const selected = new Set(state.selected);
  const from = state.anchor === null ? -1 : ids.indexOf(state.anchor);
  const to = ids.indexOf(click.id);
  if (click.shift && from !== -1 && to !== -1) {
    const [lo, hi] = from <= to ? [from, to] : [to, from];
    for (let i = lo; i <= hi; i += 1) selected.add(ids[i]!);
  } else if (selected.has(click.id)) selected.delete(click.id);
  else selected.add(click.id);
  return { selected, anchor: click.id };
}

/** The header checkbox: every row of the table, or none when all are selected already. */
export function toggleAllRows(state: RowSelection, ids: readonly string[]): RowSelection {
  const all = ids.length > 0 && ids.every((id) => state.selected.has(id));
  return { selected: all ? new Set() : new Set(ids), anchor: state.anchor };
}

export type HeaderState = 'none' | 'some' | 'all';

export function headerState(selected: ReadonlySet<string>, ids: readonly string[]): HeaderState {
  const n = ids.filter((id) => selected.has(id)).length;
  return n === 0 ? 'none' : n === ids.length ? 'all' : 'some';
}

/** Adds labels to the drawer's list, in order, each once. */
export function addToDrawer(drawer: readonly Label[], labels: readonly Label[]): Label[] {
  const have = new Set(drawer.map((l) => l.id));
  return [...drawer, ...labels.filter((l) => !have.has(l.id) && have.add(l.id))];
}

/** The drawer's list without these ids. */
export function removeFromDrawer(drawer: readonly Label[], ids: ReadonlySet<string>): Label[] {
  return drawer.filter((l) => !ids.has(l.id));
}

/** Columns Line 1..N: N is the most lines among the labels shown and selected, at least 1. */
export function lineColumnCount(...lists: ReadonlyArray<readonly Label[]>): number {
  let n = 1;
  for (const list of lists) for (const label of list) n = Math.max(n, label.label_lines.length);
  return n;
}
