/** Reads the `{ error, message }` body the server sends with every failure. */
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

export interface ApiErrorBody {
  error: string;
  message: string;
}

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
