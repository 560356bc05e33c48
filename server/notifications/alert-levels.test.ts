import { describe, expect, it } from 'vitest';
import { alertLevel, effectiveThresholds, isCrossing } from './alert-levels.ts';

describe('stock alert levels', () => {
  const defaults = effectiveThresholds(undefined);

  it('uses the site defaults 15 and 0 when neither the part nor the project sets a threshold', () => {
    expect(defaults).toEqual({ low: 15, critical: 0 });
  });

  it("lets a part's own threshold win over the project's default", () => {
    expect(effectiveThresholds({ low_threshold: 40, critical_threshold: null, low_stock_default: 20, critical_stock_default: 5 })).toEqual({
      low: 40,
      critical: 5,
    });
  });

  it('is low below the low threshold and critical at or below the critical one or zero', () => {
    expect([16, 15, 14, 1, 0].map((onHand) => alertLevel(onHand, defaults))).toEqual(['ok', 'ok', 'low', 'low', 'critical']);
    expect([11, 10, 9].map((onHand) => alertLevel(onHand, { low: 40, critical: 10 }))).toEqual(['low', 'critical', 'critical']);
  });

  it('counts only a move to a worse level as a crossing', () => {
    expect(isCrossing('ok', 'low')).toBe(true);
    expect(isCrossing('ok', 'critical')).toBe(true);
    expect(isCrossing('low', 'critical')).toBe(true);
    expect(isCrossing('low', 'low')).toBe(false);
    expect(isCrossing('critical', 'low')).toBe(false);
    expect(isCrossing('low', 'ok')).toBe(false);
  });
});
