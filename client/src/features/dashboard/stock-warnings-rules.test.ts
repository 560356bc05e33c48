import { describe, expect, it } from 'vitest';
import { CRITICAL_THRESHOLD_MESSAGE, LOW_THRESHOLD_MESSAGE, parseThreshold, thresholdErrors } from './stock-warnings-rules.ts';

describe('stock warning thresholds', () => {
  it('reads blank as the default and accepts zero and above', () => {
    expect(parseThreshold('  ')).toBeNull();
    expect(parseThreshold('0')).toBe(0);
    expect(parseThreshold(' 12.5 ')).toBe(12.5);
  });

  it('refuses negatives and text with the spec messages', () => {
    expect(parseThreshold('-1')).toBe('invalid');
    expect(parseThreshold('ten')).toBe('invalid');
    expect(thresholdErrors('-1', 'x')).toEqual({ low: LOW_THRESHOLD_MESSAGE, critical: CRITICAL_THRESHOLD_MESSAGE });
    expect(thresholdErrors('', '3')).toEqual({});
  });
});
