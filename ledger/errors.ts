/**
 * Errors the domain and the store raise. A DomainError carries the message a person reads, as the
 * spec words it, and the HTTP status the API answers with.
 */
import { CONCURRENT_CHANGE } from '../contract/messages.ts';

export type DomainErrorCode = 'VALIDATION' | 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT' | 'DOMAIN_RULE' | 'FROZEN';

const statusOf: Record<DomainErrorCode, number> = {
  VALIDATION: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  DOMAIN_RULE: 422,
  FROZEN: 423,
};

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly status: number;
  /** The input the refusal is about, when there is one (the form shows the message beside it). */
  readonly field: string | undefined;
  constructor(code: DomainErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.status = statusOf[code];
    this.field = field;
  }
}

/** Another transaction appended to a stream between our read and our write. */
export class ConcurrencyError extends Error {
  readonly streamId: string | undefined;
  constructor(streamId?: string) {
    super(streamId ? `stream ${streamId} changed concurrently` : 'stream changed concurrently');
    this.name = 'ConcurrencyError';
    this.streamId = streamId;
  }
}

/** What a caller is told when a write lost a race it could not win by retrying. */
export const CONFLICT_MESSAGE = CONCURRENT_CHANGE;

/** PostgreSQL error codes, tested by code because PGlite's error classes differ from pg's. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_CHECK_VIOLATION = '23514';

export function pgErrorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function pgConstraint(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'constraint' in error) {
    const c = (error as { constraint: unknown }).constraint;
    return typeof c === 'string' ? c : undefined;
  }
  return undefined;
}
