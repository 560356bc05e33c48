import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson, eventHash } from './hash-chain.ts';

const event = {
  streamId: 'user:1',
  streamVersion: 1,
  type: 'UserRegistered',
  data: { b: 1, a: { d: [1, 2], c: 'x' } },
  metadata: { actorId: null, actorName: 'System' },
  occurredAt: new Date('2026-01-02T03:04:05.678Z'),
};

/** The definition canonicalJson is written to be faster than, kept here as its reference. */
function referenceJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : referenceJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${referenceJson(v)}`).join(',')}}`;
}

describe('hash chain', () => {
  it('writes the same canonical JSON as its reference definition for awkward values', () => {
    const values: unknown[] = [
      null,
      undefined,
      0,
      -0,
      1.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '',
      'quote " backslash \\ newline \n é 😀 \u0000',
      [1, undefined, null, [2, { b: undefined, a: 1 }]],
      { Z: 1, a: 2, é: 3, _: 4, '': 5, '10': 6, '9': 7, 'a"b': 8, nested: { y: [new Date(0)], x: true } },
      { only: undefined },
      new Date('2026-01-02T03:04:05.678Z'),
    ];
    for (const value of values) expect(canonicalJson(value)).toBe(referenceJson(value));
    expect(eventHash(null, event).equals(eventHash(null, { ...event, data: JSON.parse(JSON.stringify(event.data)) }))).toBe(true);
    const reference = createHash('sha256')
      .update(referenceJson({ ...event, occurredAt: event.occurredAt.toISOString() }))
      .digest();
    expect(eventHash(null, event).equals(reference)).toBe(true);
  });

  it('writes canonical JSON with sorted keys and without undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, 2], c: 'x' }, z: undefined })).toBe('{"a":{"c":"x","d":[1,2]},"b":1}');
  });

  it('hashes the same event the same way whatever the key order', () => {
    const reordered = { ...event, data: { a: { c: 'x', d: [1, 2] }, b: 1 } };
    expect(eventHash(null, event).equals(eventHash(null, reordered))).toBe(true);
  });

  it('changes the hash when the data, the time or the previous hash changes', () => {
    const base = eventHash(null, event);
    expect(eventHash(null, { ...event, data: { ...event.data, b: 2 } }).equals(base)).toBe(false);
    expect(eventHash(null, { ...event, occurredAt: new Date('2026-01-02T03:04:05.679Z') }).equals(base)).toBe(false);
    expect(eventHash(Buffer.alloc(32, 1), event).equals(base)).toBe(false);
  });
});
