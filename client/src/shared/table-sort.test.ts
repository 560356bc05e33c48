import { describe, expect, it } from 'vitest';
import { ariaSort, compareValues, sortBy, toggleSort } from './table-sort.ts';

describe('table sort', () => {
  it('starts a column ascending and flips it on the next click', () => {
    const first = toggleSort(null, 'qty');
    expect(first).toEqual({ key: 'qty', direction: 'asc' });
    const second = toggleSort(first, 'qty');
    expect(second).toEqual({ key: 'qty', direction: 'desc' });
    expect(toggleSort(second, 'qty')).toEqual({ key: 'qty', direction: 'asc' });
    expect(toggleSort(second, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });

  it('compares numbers by value and text naturally without case', () => {
    expect(compareValues(2, 10)).toBeLessThan(0);
    expect(compareValues('P-2', 'P-10')).toBeLessThan(0);
    expect(compareValues('bolt', 'Bolt')).toBe(0);
  });

  it('sorts a copy both ways and keeps equal rows in order', () => {
    const rows = [
      { id: 'a', qty: 3 },
      { id: 'b', qty: 1 },
      { id: 'c', qty: 3 },
    ];
    const value = (row: (typeof rows)[number]) => row.qty;
    expect(sortBy(rows, { key: 'qty', direction: 'asc' }, value).map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(sortBy(rows, { key: 'qty', direction: 'desc' }, value).map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(sortBy(rows, null, value)).not.toBe(rows);
    expect(rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('names the sort for assistive technology', () => {
    expect(ariaSort({ key: 'qty', direction: 'desc' }, 'qty')).toBe('descending');
    expect(ariaSort({ key: 'qty', direction: 'desc' }, 'name')).toBe('none');
  });
});
