import { describe, expect, it } from 'vitest';
import { matchingParts } from './part-search.ts';

describe('part picker', () => {
  const parts = Array.from({ length: 40 }, (_, i) => ({
    part_number: `P-${i}`,
    part_name: i % 2 ? 'Hex bolt' : 'Washer',
    part_nickname: i === 3 ? 'Special' : '',
  }));

  it('shows at most 25 matches of every typed word and counts them all', () => {
    expect(matchingParts(parts, '').items).toHaveLength(25);
    expect(matchingParts(parts, '').total).toBe(40);
    expect(matchingParts(parts, 'special').items.map((p) => p.part_number)).toEqual(['P-3']);
    expect(matchingParts(parts, 'bolt p-1').items.map((p) => p.part_number)).toEqual(['P-1', 'P-11', 'P-13', 'P-15', 'P-17', 'P-19']);
  });
});
