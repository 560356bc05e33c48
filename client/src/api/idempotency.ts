/**
 * Idempotency keys for mutations. The server applies a repeated key once, so a submission that is
 * retried (by the refresh-and-retry of the base query, or by the user after a network failure)
 * cannot receive, assign or mark lost twice. A key belongs to one payload: the same payload sent
 * again after an uncertain failure reuses it; a different payload, or any payload after the server
 * gave a definite answer, gets a fresh one.
 */
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useCallback, useRef } from 'react';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** A random v4 uuid; falls back to getRandomValues where randomUUID is missing (plain-http hosts). */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface PendingKey {
  key: string;
  signature: string;
}

/** The key for sending `payload`: the pending one when it was made for the same payload, else new. */
export function keyForPayload(pending: PendingKey | null, payload: unknown, fresh: () => string = newIdempotencyKey): PendingKey {
  const signature = JSON.stringify(payload);
  return pending && pending.signature === signature ? pending : { key: fresh(), signature };
}

/**
 * True when we cannot know whether the server applied the request (no answer, or a gateway or
 * server failure): then the same submission must keep its key.
 */
export function outcomeUncertain(error: FetchBaseQueryError | SerializedError | undefined): boolean {
  if (!error) return false;
  if (!('status' in error)) return true;
  const { status } = error;
  if (typeof status === 'number') return status >= 500;
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}

/** Per form: `keyFor(payload)` before sending, `settle(error)` after the answer. */
export function useIdempotencyKey() {
  const pending = useRef<PendingKey | null>(null);
  const keyFor = useCallback((payload: unknown) => {
    pending.current = keyForPayload(pending.current, payload);
    return pending.current.key;
  }, []);
  const settle = useCallback((error?: FetchBaseQueryError | SerializedError) => {
    if (!outcomeUncertain(error)) pending.current = null;
  }, []);
  return { keyFor, settle };
}
