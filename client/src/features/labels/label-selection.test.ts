import { describe, expect, it } from 'vitest';
import type { Label } from '@contract/labels.ts';
import { addToDrawer, clickRow, emptySelection, headerState, lineColumnCount, removeFromDrawer, toggleAllRows } from './label-selection.ts';
import { clampPage, pageCount, parsePageInput } from './label-paging.ts';

const ids = ['a', 'b', 'c', 'd', 'e'];
const label = (id: string, lines = 1): Label => ({ id, label_lines: Array.from({ length: lines }, (_, i) => `${id}${i}`), system: null, cluster_pod: null });

describe('row selection', () => {
  it('toggles a row on click, and toggles it back', () => {
    const one = clickRow(emptySelection(), ids, { id: 'b', shift: false });
    expect([...one.selected]).toEqual(['b']);
    expect([...clickRow(one, ids, { id: 'b', shift: false }).selected]).toEqual([]);
  });

  it('selects the range from the last clicked row on shift-click, in either direction', () => {
    const start = clickRow(emptySelection(), ids, { id: 'd', shift: false });
    expect([...clickRow(start, ids, { id: 'b', shift: true }).selected].sort()).toEqual(['b', 'c', 'd']);
    const down = clickRow(clickRow(emptySelection(), ids, { id: 'a', shift: false }), ids, { id: 'c', shift: true });
    expect([...down.selected].sort()).toEqual(['a', 'b', 'c']);
  });

  it('treats a shift-click with no earlier click as a toggle', () => {
    expect([...clickRow(emptySelection(), ids, { id: 'c', shift: true }).selected]).toEqual(['c']);
  });

  it('drives the header checkbox: none, some (indeterminate), all; and selects all or none', () => {
    const some = clickRow(emptySelection(), ids, { id: 'a', shift: false });
    expect(headerState(some.selected, ids)).toBe('some');
    const all = toggleAllRows(some, ids);
    expect(headerState(all.selected, ids)).toBe('all');
    expect(headerState(toggleAllRows(all, ids).selected, ids)).toBe('none');
  });
});

describe('the drawer and the columns', () => {
  it('adds labels once each, in order, and removes them', () => {
    const drawer = addToDrawer([label('a')], [label('b'), label('a'), label('c'), label('b')]);
    expect(drawer.map((l) => l.id)).toEqual(['a', 'b', 'c']);
    expect(removeFromDrawer(drawer, new Set(['b'])).map((l) => l.id)).toEqual(['a', 'c']);
  });

  it('shows as many line columns as the longest label shown or selected, at least one', () => {
    expect(lineColumnCount([], [])).toBe(1);
    expect(lineColumnCount([label('a', 2)], [label('b', 4)])).toBe(4);
  });
});

describe('paging', () => {
  it('counts pages as ceil(total / limit), at least 1', () => {
    expect(pageCount(0, 100)).toBe(1);
    expect(pageCount(250, 100)).toBe(3);
  });

  it('clamps the page when the page count shrinks, and reads the page input', () => {
    expect(clampPage(7, 3)).toBe(3);
    expect(clampPage(0, 3)).toBe(1);
    expect(parsePageInput('abc')).toBe(1);
    expect(parsePageInput('-4')).toBe(1);
    expect(parsePageInput('12')).toBe(12);
  });
});
