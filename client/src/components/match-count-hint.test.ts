import { describe, expect, it } from 'vitest';
import { matchCountHint } from './match-count-hint.ts';

describe('match count hint', () => {
  it('says how many match in all when the list is cut', () => {
    expect(matchCountHint(25, 130)).toBe('25 of 130 matches: type more to narrow');
    expect(matchCountHint(6, 6)).toBeNull();
  });

  it('says the list is only the first matches when a full answer carries no total', () => {
    expect(matchCountHint(25, undefined)).toBe('Showing the first 25 matches: type more to narrow');
    expect(matchCountHint(24, undefined)).toBeNull();
  });
});
