/**
 * Reads the `{ error, message, field }` body the server sends with every failure, as one plain
 * sentence a person can act on. Older answers put the field in front (`part_name: Too big: …`);
 * that prefix is dropped, and zod's own wording of a length limit becomes "… is too long".
 */
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export type { ErrorBody as ApiErrorBody } from '@contract/errors.ts';

const FIELD_PREFIX = /^([a-z][a-z0-9_]*(?:\.[a-z0-9_]+)*): (.+)$/s;
const ZOD_TOO_BIG = /^Too big: expected string to have <=\s*(\d+) characters$/;

/** "part_name" → "Part name", the field in words as a sentence starts. */
export function fieldInWords(field: string): string {
  const last = field.split('.').pop() ?? field;
  const words = last.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One plain sentence from a server message, with any `field:` prefix taken off. */
export function plainMessage(message: string): { message: string; field: string | null } {
  const prefixed = FIELD_PREFIX.exec(message.trim());
  if (!prefixed) return { message: message.trim(), field: null };
  const [, field = '', rest = ''] = prefixed;
  const tooBig = ZOD_TOO_BIG.exec(rest.trim());
  if (tooBig) {
    const max = Number(tooBig[1]).toLocaleString('en-US');
    return { message: `${fieldInWords(field)} is too long (at most ${max} characters).`, field };
  }
  return { message: rest.trim(), field };
}

function errorBody(error: FetchBaseQueryError | SerializedError | undefined): Record<string, unknown> | null {
  if (!error || !('status' in error)) return null;
  const data: unknown = error.data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : null;
}

/** The server's message for a failed call, or null when there is none (network error, empty body). */
export function serverMessage(error: FetchBaseQueryError | SerializedError | undefined): string | null {
  const message = errorBody(error)?.message;
  if (typeof message !== 'string' || message.trim() === '') return null;
  return plainMessage(message).message;
}

/** The request field a refusal is about, from `field` or an older answer's prefix; else null. */
export function serverField(error: FetchBaseQueryError | SerializedError | undefined): string | null {
  const body = errorBody(error);
  if (typeof body?.field === 'string' && body.field !== '') return body.field;
  return typeof body?.message === 'string' ? plainMessage(body.message).field : null;
}

/** The server's message, or the given default when the failure carried none. */
export function messageOr(error: FetchBaseQueryError | SerializedError | undefined, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/**
 * The `detail` of a failure (validation failures explain themselves there), else its message,
 * else null.
 */
export function serverDetail(error: FetchBaseQueryError | SerializedError | undefined): string | null {
  const detail = errorBody(error)?.detail;
  if (typeof detail === 'string' && detail.trim() !== '') return plainMessage(detail).message;
  return serverMessage(error);
}
