import { describe, expect, it } from 'vitest';
import { keyForPayload, newIdempotencyKey, outcomeUncertain } from './idempotency.ts';

describe('idempotency keys', () => {
  it('makes distinct v4 uuids', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('reuses the pending key for the same payload and makes a new one for another', () => {
    let n = 0;
    const fresh = () => `k${++n}`;
    const first = keyForPayload(null, { part: 'A', quantity: 2 }, fresh);
    expect(first.key).toBe('k1');
    expect(keyForPayload(first, { part: 'A', quantity: 2 }, fresh).key).toBe('k1');
    expect(keyForPayload(first, { part: 'A', quantity: 3 }, fresh).key).toBe('k2');
  });

  it('keeps the key only when the outcome is unknown', () => {
    expect(outcomeUncertain(undefined)).toBe(false);
    expect(outcomeUncertain({ status: 422, data: {} })).toBe(false);
    expect(outcomeUncertain({ status: 400, data: {} })).toBe(false);
    expect(outcomeUncertain({ status: 502, data: {} })).toBe(true);
    expect(outcomeUncertain({ status: 'FETCH_ERROR', error: 'offline' })).toBe(true);
    expect(outcomeUncertain({ status: 'PARSING_ERROR', originalStatus: 200, data: '', error: 'x' })).toBe(false);
  });
});
