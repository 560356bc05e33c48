import { describe, expect, it } from 'vitest';
import { asOfText, formatAsOf, selectSavedAt } from './as-of-note.tsx';
import type { RootState } from '../shared/root-reducer.ts';

describe('as of', () => {
  it('says the day, month and time of the copy, and the year only when it is not this one', () => {
    const at = new Date(2026, 10, 27, 10, 42).getTime();
    expect(formatAsOf(at, new Date(2026, 11, 1).getTime())).toBe('27 Nov 10:42');
    expect(formatAsOf(at, new Date(2027, 0, 2).getTime())).toBe('27 Nov 2026 10:42');
    expect(asOfText(new Date(2026, 0, 5, 7, 3).getTime())).toMatch(/^Offline copy · as of 5 Jan( 2026)? 07:03$/);
  });

  it('gives the oldest time among the queries on screen that came from the copy', () => {
    const state = {
      offline: { savedReads: { '/api/inventory/materials?project_id=p1': 2_000, '/api/projects': 1_000 } },
    } as unknown as RootState;
    expect(selectSavedAt(state, [{ url: 'api/inventory/materials', params: { project_id: 'p1' } }])).toBe(2_000);
    expect(selectSavedAt(state, ['api/projects', { url: 'api/inventory/materials', params: { project_id: 'p1' } }])).toBe(1_000);
    expect(selectSavedAt(state, [{ url: 'api/inventory/materials', params: { project_id: 'p2' } }, null])).toBeNull();
  });
});
