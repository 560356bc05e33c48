import { describe, expect, it } from 'vitest';
import {
  CRITICAL_ABOVE_LOW_MESSAGE,
  CRITICAL_THRESHOLD_MESSAGE,
  LOW_THRESHOLD_MESSAGE,
  LOW_TOO_LARGE_MESSAGE,
  parseThreshold,
  thresholdErrors,
  thresholdRequest,
  thresholdsChanged,
} from './stock-warnings-rules.ts';

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

  it('refuses a threshold no quantity could reach', () => {
    expect(thresholdErrors('999999999999', '0')).toEqual({ low: LOW_TOO_LARGE_MESSAGE });
    expect(LOW_TOO_LARGE_MESSAGE).toBe('Low warning threshold must be at most 1,000,000,000.');
  });

  it('refuses critical above low, counting a blank as the default 15 or 0', () => {
    expect(thresholdErrors('3', '5')).toEqual({ critical: CRITICAL_ABOVE_LOW_MESSAGE });
    expect(thresholdErrors('', '16')).toEqual({ critical: CRITICAL_ABOVE_LOW_MESSAGE });
    expect(thresholdErrors('5', '5')).toEqual({});
    expect(thresholdErrors('5', '')).toEqual({});
  });
});

describe('what a save sends', () => {
  const opened = { initialLow: 5, initialCritical: 3, low: '5', critical: '3' };

  it('keeps the value that was not touched', () => {
    expect(thresholdRequest({ ...opened, low: '8' })).toEqual({ low_threshold: 8, critical_threshold: 3 });
    expect(thresholdRequest({ ...opened, critical: '1' })).toEqual({ low_threshold: 5, critical_threshold: 1 });
  });

  it('sends null, the default, for a box reset to blank', () => {
    expect(thresholdRequest({ ...opened, critical: '' })).toEqual({ low_threshold: 5, critical_threshold: null });
  });

  it('counts a save with nothing changed as no change', () => {
    expect(thresholdsChanged(opened)).toBe(false);
    expect(thresholdsChanged({ ...opened, low: ' 5 ' })).toBe(false);
    expect(thresholdsChanged({ ...opened, low: '6' })).toBe(true);
  });
});
