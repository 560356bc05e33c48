import { describe, expect, it } from 'vitest';
import { lengthError, quantityError, wholeQuantity } from './field-limits.ts';

const POSITIVE = 'Quantity must be greater than zero';

describe('field limits in forms', () => {
  it('says a text is too long in the field’s own words', () => {
    expect(lengthError('Part name', 200, 'x'.repeat(5000))).toBe('Part name is too long (at most 200 characters).');
    expect(lengthError('Part name', 200, 'x'.repeat(200))).toBeUndefined();
  });

  it('refuses fractions, zero and quantities past 1,000,000,000 with plain sentences', () => {
    expect(quantityError('1.5', POSITIVE)).toBe('Quantity must be a whole number.');
    expect(quantityError('0', POSITIVE)).toBe(POSITIVE);
    expect(quantityError('', POSITIVE)).toBe(POSITIVE);
    expect(quantityError('99999999999', POSITIVE)).toBe('Quantity must be at most 1,000,000,000.');
    expect(quantityError('ten', POSITIVE)).toBe('Quantity must be a number.');
    expect(quantityError(' 12 ', POSITIVE)).toBeUndefined();
    expect(wholeQuantity('1000000000')).toBe(1_000_000_000);
    expect(wholeQuantity('1.5')).toBeNull();
  });
});
