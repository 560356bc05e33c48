/**
 * The per-stream hash chain: hash = sha256(prev_hash ‖ canonical JSON of the event). Canonical JSON
 * sorts object keys and drops undefined, so the value read back from jsonb hashes the same.
 */
import { createHash } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export interface HashedFields {
  streamId: string;
  streamVersion: number;
  type: string;
  data: unknown;
  metadata: unknown;
  occurredAt: Date;
}

export function eventHash(prevHash: Uint8Array | null, event: HashedFields): Buffer {
  const hash = createHash('sha256');
  if (prevHash) hash.update(prevHash);
  hash.update(
    canonicalJson({
      streamId: event.streamId,
      streamVersion: event.streamVersion,
      type: event.type,
      data: event.data,
      metadata: event.metadata,
      occurredAt: event.occurredAt.toISOString(),
    }),
  );
  return hash.digest();
}

export function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b;
  return Buffer.from(a).equals(Buffer.from(b));
}
