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

describe('hash chain', () => {
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
