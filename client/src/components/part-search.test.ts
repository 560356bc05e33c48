import { describe, expect, it } from 'vitest';
import { matchingParts, partNumberRank } from './part-search.ts';

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

  it('puts the exact part number first, then numbers starting with the text, then the rest, without regard to case', () => {
    const catalogue = [
      { part_number: 'XBRK-013', part_name: 'Adapter', part_nickname: '' },
      { part_number: 'BRK-0130', part_name: 'Breaker 13 A', part_nickname: '' },
      { part_number: 'FUSE-1', part_name: 'Fuse', part_nickname: 'fits BRK-013' },
      { part_number: 'BRK-013', part_name: 'Breaker 10 A', part_nickname: '' },
      { part_number: 'BRK-0131', part_name: 'Breaker 16 A', part_nickname: '' },
    ];
    expect(matchingParts(catalogue, ' brk-013 ').items.map((p) => p.part_number)).toEqual(['BRK-013', 'BRK-0130', 'BRK-0131', 'XBRK-013', 'FUSE-1']);
    expect(matchingParts(catalogue, 'brk-013', 2)).toEqual({ items: [catalogue[3], catalogue[1]], total: 5 });
  });

  it('ranks a number against the typed text', () => {
    expect(partNumberRank('BRK-013', 'brk-013')).toBe(0);
    expect(partNumberRank('BRK-0130', 'BRK-013')).toBe(1);
    expect(partNumberRank('XBRK-013', 'BRK-013')).toBe(2);
    expect(partNumberRank('BRK-013', '  ')).toBe(2);
  });
});
