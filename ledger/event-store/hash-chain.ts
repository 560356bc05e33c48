/**
 * The per-stream hash chain: hash = sha256(prev_hash ‖ canonical JSON of the event). Canonical JSON
 * sorts object keys and drops undefined, so the value read back from jsonb hashes the same.
 */
import { hash } from 'node:crypto';

const quotedKeys = new Map<string, string>();

/** A member name as JSON, remembered: events repeat the same few names a million times. */
function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < 10_000) quotedKeys.set(key, quoted);
  }
  return quoted;
}

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null';
    return JSON.stringify(value) ?? 'null';
  }
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i += 1) {
      const item: unknown = value[i];
      out += (i === 0 ? '' : ',') + (item === undefined ? 'null' : canonicalJson(item));
    }
    return `${out}]`;
  }
  // Keys in UTF-16 code unit order (the default sort), members that are undefined left out.
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  let first = true;
  for (const key of keys) {
    const member = record[key];
    if (member === undefined) continue;
    out += `${first ? '' : ','}${quotedKey(key)}:${canonicalJson(member)}`;
    first = false;
  }
  return `${out}}`;
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
  // canonicalJson of { streamId, streamVersion, type, data, metadata, occurredAt }, its keys written
  // in order, without an object or array per event.
  let json = '{';
  if (event.data !== undefined) json += `"data":${canonicalJson(event.data)},`;
  if (event.metadata !== undefined) json += `"metadata":${canonicalJson(event.metadata)},`;
  json += `"occurredAt":${JSON.stringify(event.occurredAt.toISOString())},"streamId":${canonicalJson(event.streamId)},"streamVersion":${canonicalJson(event.streamVersion)},"type":${canonicalJson(event.type)}}`;
  // One buffer and one call: a hash object with two updates costs several times more per event.
  const previous = prevHash ? prevHash.length : 0;
  const input = Buffer.allocUnsafe(previous + Buffer.byteLength(json));
  if (prevHash) input.set(prevHash, 0);
  input.write(json, previous, 'utf8');
  return hash('sha256', input, 'buffer');
}

export function sameBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === null || b === null) return a === b;
  // Compares the bytes where they are (`Buffer.from` of a Uint8Array would copy them).
  return Buffer.compare(a, b) === 0;
}

/** Bytes as hex text, read where they are (`Buffer.from` of a Uint8Array would copy them). */
export const toHex = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
