import { describe, expect, it } from 'vitest';
import { logTypeColor } from './log-colors.ts';

describe('log colours', () => {
  it('gives each type its own colour, whatever the case', () => {
    const colors = ['Receive', 'Return', 'Assign', 'Unassign', 'Lost', 'Found', 'Transfer'].map(logTypeColor);
    expect(new Set(colors).size).toBe(7);
    expect(logTypeColor('lost')).toBe(logTypeColor('Lost'));
    expect(logTypeColor('Something else')).toBe('gray');
  });
});
