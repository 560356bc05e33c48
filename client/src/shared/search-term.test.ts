import { describe, expect, it } from 'vitest';
import { matchesAllWords, searchTerm } from './search-term.ts';

describe('search term', () => {
  it('searches from two characters, trimmed, and sends nothing for less', () => {
    expect(searchTerm('')).toBeUndefined();
    expect(searchTerm(' a ')).toBeUndefined();
    expect(searchTerm(' ab ')).toBe('ab');
    expect(searchTerm('North Yard')).toBe('North Yard');
  });
});

describe('search in loaded rows', () => {
  it('needs every word somewhere in the fields, whatever the case', () => {
    expect(matchesAllWords(['P-1', 'Hex bolt'], '')).toBe(true);
    expect(matchesAllWords(['P-1', 'Hex bolt'], 'BOLT p-1')).toBe(true);
    expect(matchesAllWords(['P-1', 'Hex bolt'], 'bolt nut')).toBe(false);
  });
});
