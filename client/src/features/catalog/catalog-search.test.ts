import { describe, expect, it } from 'vitest';
import { matchingCatalog } from './catalog-search.ts';

const part = (part_number: string, part_name: string, part_nickname: string) => ({
  material_id: part_number,
  part_number,
  part_name,
  part_nickname,
  display: part_number,
});

describe('catalogue search', () => {
  const parts = [part('P-1', 'Hex bolt', 'Bolt'), part('C-7', 'Copper cable', 'Cable'), part('W-2', 'Washer', '')];

  it('keeps every part for an empty search', () => {
    expect(matchingCatalog(parts, '  ')).toHaveLength(3);
  });

  it('matches every word in number, name or nickname, without case', () => {
    expect(matchingCatalog(parts, 'CABLE c-7').map((p) => p.part_number)).toEqual(['C-7']);
    expect(matchingCatalog(parts, 'bolt washer')).toEqual([]);
  });
});
