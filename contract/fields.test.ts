import { describe, expect, it } from 'vitest';
import { email, quantity, text, wholeNumber } from './fields.ts';

const messages = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message);

describe('quantity', () => {
  const q = quantity();
  it('takes whole numbers from 1 to 1,000,000,000, as numbers or numeric text', () => {
    expect(q.parse(1)).toBe(1);
    expect(q.parse('12')).toBe(12);
    expect(q.parse(1_000_000_000)).toBe(1_000_000_000);
  });
  it('calls a fraction not a whole number, whatever its size', () => {
    expect(messages(q.safeParse(1.5))).toEqual(['Quantity must be a whole number.']);
    expect(messages(q.safeParse(-0.5))).toEqual(['Quantity must be a whole number.']);
  });
  it('refuses what is past the limit, however large', () => {
    for (const value of [1_000_000_001, 2147483648, 1e308]) expect(messages(q.safeParse(value))).toEqual(['Quantity must be at most 1,000,000,000.']);
  });
  it("gives the form's own messages for zero and for nothing", () => {
    expect(messages(q.safeParse(0))).toEqual(['Quantity must be greater than zero']);
    expect(messages(quantity({ positive: 'Enter a quantity greater than zero' }).safeParse(-3))).toEqual(['Enter a quantity greater than zero']);
    expect(messages(q.safeParse(''))).toEqual(['Quantity is required']);
    expect(messages(q.safeParse('abc'))).toEqual(['Quantity must be a number.']);
  });
});

describe('text', () => {
  const partName = text({ label: 'Part name', max: 200, required: 'Part name is required' });
  it('refuses NUL characters and lone surrogates, and keeps well-formed pairs', () => {
    expect(messages(partName.safeParse('a\u0000b'))).toEqual(['Part name contains a character that is not allowed.']);
    expect(messages(partName.safeParse('a\ud800b'))).toEqual(['Part name contains a character that is not allowed.']);
    expect(messages(partName.safeParse('a\udc00'))).toEqual(['Part name contains a character that is not allowed.']);
    expect(partName.parse(' bolt \u{1F529} ')).toBe('bolt \u{1F529}');
  });
  it('names its limit', () => {
    expect(messages(partName.safeParse('x'.repeat(201)))).toEqual(['Part name is too long (at most 200 characters).']);
  });
});

describe('email', () => {
  it('is at most 254 characters', () => {
    expect(messages(email({ checkFormat: true }).safeParse(`${'x'.repeat(100_000)}@example.com`))).toEqual(['Email is too long (at most 254 characters).']);
    expect(email({ checkFormat: true }).parse(' Ann@Example.COM ')).toBe('ann@example.com');
  });
});

describe('wholeNumber', () => {
  it('groups thousands as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 12_345, 1_000_000, 1_000_000_000, 987_654_321]) {
      expect(wholeNumber(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});
