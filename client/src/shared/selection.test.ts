import { describe, expect, it } from 'vitest';
import { selectionState, toggleAll, toggleOne } from './selection.ts';

describe('table selection', () => {
  const ids = ['a', 'b', 'c'];

  it('reports none, some or all of the listed rows', () => {
    expect(selectionState(new Set(), ids)).toBe('none');
    expect(selectionState(new Set(['a']), ids)).toBe('some');
    expect(selectionState(new Set(ids), ids)).toBe('all');
    expect(selectionState(new Set(['x']), ids)).toBe('none');
    expect(selectionState(new Set(), [])).toBe('none');
  });

  it('selects every row from none or some, and clears from all', () => {
    expect([...toggleAll(new Set(), ids)]).toEqual(ids);
    expect([...toggleAll(new Set(['b']), ids)]).toEqual(ids);
    expect(toggleAll(new Set(ids), ids).size).toBe(0);
  });

  it('toggles one row without touching the others', () => {
    expect([...toggleOne(new Set(['a']), 'b')]).toEqual(['a', 'b']);
    expect([...toggleOne(new Set(['a', 'b']), 'a')]).toEqual(['b']);
  });
});
