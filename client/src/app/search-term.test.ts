import { describe, expect, it } from 'vitest';
import { searchTerm } from './search-term.ts';

describe('search term', () => {
  it('searches from two characters, trimmed, and sends nothing for less', () => {
    expect(searchTerm('')).toBeUndefined();
    expect(searchTerm(' a ')).toBeUndefined();
    expect(searchTerm(' ab ')).toBe('ab');
    expect(searchTerm('North Yard')).toBe('North Yard');
  });
});
