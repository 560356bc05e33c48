/** Reads the `{ error, message }` body the server sends with every failure. */
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export type { ErrorBody as ApiErrorBody } from '@contract/errors.ts';

/** The server's message for a failed call, or null when there is none (network error, empty body). */
export function serverMessage(error: FetchBaseQueryError | SerializedError | undefined): string | null {
  if (!error) return null;
  if ('status' in error) {
    const data: unknown = error.data;
    if (typeof data === 'object' && data !== null && 'message' in data) {
      const message = (data as { message: unknown }).message;
      if (typeof message === 'string' && message.trim() !== '') return message;
    }
    return null;
  }
  return null;
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
  if (error && 'status' in error) {
    const data: unknown = error.data;
    if (typeof data === 'object' && data !== null && 'detail' in data) {
      const detail = (data as { detail: unknown }).detail;
      if (typeof detail === 'string' && detail.trim() !== '') return detail;
    }
  }
  return serverMessage(error);
}
