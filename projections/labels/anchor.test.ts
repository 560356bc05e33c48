import { describe, expect, it } from 'vitest';
import { anchorOf, searchTerms } from './queries.ts';

describe('label search terms', () => {
  it('splits on commas, trims and drops blank terms', () => {
    expect(searchTerms(' rack 12 ,, port 3 ,')).toEqual(['rack 12', 'port 3']);
    expect(searchTerms(undefined)).toEqual([]);
  });

  it('asks the index for the longest word with a digit, of three characters or more', () => {
    expect(anchorOf('rack 123')).toBe('123');
    expect(anchorOf('CAB-0001234 u12')).toBe('0001234');
    expect(anchorOf('Ü12ä x')).toBe('Ü12ä');
    expect(anchorOf('port 07')).toBeNull();
    expect(anchorOf('fiber')).toBeNull();
  });
});
