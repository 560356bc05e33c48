import { describe, expect, it } from 'vitest';
import { estimatedImported, shownImported } from './import-progress.ts';

describe('the import progress estimate', () => {
  it('takes 10 ms a row, at least 3 s and at most 30 s, and stops at 95%', () => {
    expect(estimatedImported(1500, 100)).toBe(50);
    expect(estimatedImported(3000, 100)).toBe(95);
    expect(estimatedImported(5000, 1000)).toBe(500);
    expect(estimatedImported(15_000, 100_000)).toBe(50_000);
    expect(estimatedImported(60_000, 100_000)).toBe(95_000);
  });

  it("shows the server's counts once they are ahead of the estimate", () => {
    expect(shownImported(1000, 1000, { imported: 0, total: 0 })).toEqual({ imported: 100, total: 1000 });
    expect(shownImported(1000, 1000, { imported: 900, total: 1000 })).toEqual({ imported: 900, total: 1000 });
    expect(shownImported(1000, 1000, { imported: 1000, total: 990 })).toEqual({ imported: 1000, total: 990 });
  });
});
