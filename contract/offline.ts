/**
 * Field actions taken with no signal. The browser keeps them and sends each later with its
 * Idempotency-Key and the device's time in `Occurred-At`; the server decides on the state it finds
 * on arrival and records the event as having happened at that time (`occurred_at`), known from
 * the moment it arrived (`recorded_at`). The same facts on both sides: which calls may be queued,
 * the header, its bounds and the refusals.
 */
import { z } from 'zod';

export { OCCURRED_AT_HEADER } from './offline-routes.ts';

/** The site setting bounding how old a queued action may be on arrival, in days. */
export const OFFLINE_MAX_AGE = { defaultDays: 7, minDays: 1, maxDays: 90 } as const;
export const OFFLINE_MAX_AGE_INVALID = `Offline actions limit must be a whole number of days from ${OFFLINE_MAX_AGE.minDays} to ${OFFLINE_MAX_AGE.maxDays}`;

/** A device clock a little ahead of the server's is not "the future". */
export const OCCURRED_AT_CLOCK_SKEW_MS = 2 * 60_000;

export const OCCURRED_AT_INVALID = 'Occurred-At must be an ISO 8601 instant, for example 2026-11-01T12:00:00Z';
export const OCCURRED_AT_IN_FUTURE = 'Occurred-At is in the future: check the device clock';
export const occurredAtTooOld = (days: number): string =>
  `This action was taken offline more than ${days} day${days === 1 ? '' : 's'} ago, longer than this site accepts; it was not applied`;
export const OCCURRED_AT_NOT_ACCEPTED = 'Occurred-At is only accepted on field actions that can be taken offline';

export const occurredAtHeader = z.iso.datetime({ offset: true, error: OCCURRED_AT_INVALID });

/** The `error` codes of the refusals, stable for the browser to tell them apart. */
export const OCCURRED_AT_ERROR = {
  invalid: 'OCCURRED_AT_INVALID',
  notAccepted: 'OCCURRED_AT_NOT_ACCEPTED',
  inFuture: 'OCCURRED_AT_IN_FUTURE',
  tooOld: 'OFFLINE_ACTION_TOO_OLD',
} as const;

export type OccurredAtVerdict =
  | { ok: true; at: Date | null }
  | { ok: false; status: 400 | 422; error: (typeof OCCURRED_AT_ERROR)[keyof typeof OCCURRED_AT_ERROR]; message: string };

const DAY_MS = 86_400_000;

/**
 * Whether a call's `Occurred-At` (absent: undefined) may be taken: only on a call that may be
 * queued, well formed, not ahead of `now` by more than the clock skew, not older than the site's
 * limit. A too-old action is well formed but refused by the site's rule, hence 422.
 */
export function judgeOccurredAt(value: string | string[] | undefined, offlineRoute: boolean, now: Date, maxAgeDays: number): OccurredAtVerdict {
  if (value === undefined) return { ok: true, at: null };
  const field = { status: 400 as const };
  if (!offlineRoute) return { ok: false, ...field, error: OCCURRED_AT_ERROR.notAccepted, message: OCCURRED_AT_NOT_ACCEPTED };
  if (typeof value !== 'string' || !occurredAtHeader.safeParse(value.trim()).success)
    return { ok: false, ...field, error: OCCURRED_AT_ERROR.invalid, message: OCCURRED_AT_INVALID };
  const at = new Date(value.trim());
  if (at.getTime() - now.getTime() > OCCURRED_AT_CLOCK_SKEW_MS)
    return { ok: false, ...field, error: OCCURRED_AT_ERROR.inFuture, message: OCCURRED_AT_IN_FUTURE };
  if (now.getTime() - at.getTime() > maxAgeDays * DAY_MS)
    return { ok: false, status: 422, error: OCCURRED_AT_ERROR.tooOld, message: occurredAtTooOld(maxAgeDays) };
  // Within the skew, a device ahead of the server is taken as acting now: nothing happens before it is known.
  return { ok: true, at: at > now ? now : at };
}

export { OFFLINE_ACTION_KINDS, OFFLINE_ROUTES, type OfflineActionKind, isOfflineRoute } from './offline-routes.ts';
