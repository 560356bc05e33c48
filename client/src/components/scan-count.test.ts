import { describe, expect, it } from 'vitest';
import { type CountLine, countedLines, countError, countScan, countsProblem, SCAN_COUNT_MESSAGES } from './scan-count.ts';

const lines: CountLine[] = [
  { key: 'l-1', part_number: 'CAB-1', part_name: 'Cable', max: 1 },
  { key: 'l-2', part_number: 'CAB-1', part_name: 'Cable (split)', max: 2 },
  { key: 'l-3', part_number: 'BRK-14', part_name: 'Breaker', max: 3 },
];

describe('counting by scanning', () => {
  it('counts a scan as one unit of the first line of its part with room, across split lines, ignoring case', () => {
    let counts = {};
    for (const code of ['CAB-1', 'cab-1', ' CAB-1 ']) {
      const answer = countScan(lines, counts, code);
      if (!answer.ok) throw new Error(answer.message);
      counts = answer.counts;
    }
    expect(counts).toEqual({ 'l-1': 1, 'l-2': 2 });
    expect(countScan(lines, counts, 'CAB-1')).toEqual({ ok: false, message: 'All 3 of CAB-1 are counted already.' });
  });

  it('names a code that is not on the list, and passes on the parser’s refusal', () => {
    expect(countScan(lines, {}, 'FUS-10')).toEqual({ ok: false, message: SCAN_COUNT_MESSAGES.notOnList('FUS-10') });
    expect(countScan(lines, {}, 'LOC:x')).toEqual({ ok: false, message: 'A location code reads LOC:<warehouse number>:<rack>|<shelf>|<bin>|<zone>.' });
  });

  it('refuses a hand count above the line or not whole, and sends only what was counted', () => {
    expect(countError(lines[2]!, 4)).toBe('At most 3.');
    expect(countError(lines[2]!, 1.5)).toBe(SCAN_COUNT_MESSAGES.whole);
    expect(countError(lines[2]!, 3)).toBeNull();
    expect(countsProblem(lines, {})).toBe(SCAN_COUNT_MESSAGES.nothing);
    expect(countsProblem(lines, { 'l-3': 4 })).toBe('Fix the counts marked in red.');
    expect(countedLines(lines, { 'l-1': 1, 'l-2': 0, 'l-3': 2 })).toEqual([
      { part_number: 'CAB-1', quantity: 1 },
      { part_number: 'BRK-14', quantity: 2 },
    ]);
  });
});
