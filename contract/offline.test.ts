import { describe, expect, it } from 'vitest';
import {
  isOfflineRoute,
  judgeOccurredAt,
  OCCURRED_AT_CLOCK_SKEW_MS,
  OCCURRED_AT_ERROR,
  OCCURRED_AT_IN_FUTURE,
  OCCURRED_AT_INVALID,
  OCCURRED_AT_NOT_ACCEPTED,
  occurredAtTooOld,
} from './offline.ts';

describe('offline routes', () => {
  it('matches the field actions by method and path, parameters included', () => {
    expect(isOfflineRoute('post', '/api/inventory/assign')).toBe(true);
    expect(isOfflineRoute('POST', '/api/counts/3f2a/count')).toBe(true);
    expect(isOfflineRoute('POST', '/api/scan/assets/receive')).toBe(true);
    expect(isOfflineRoute('POST', '/api/assets/instances/abc/in-use')).toBe(true);
  });
  it('leaves every other call alone', () => {
    expect(isOfflineRoute('GET', '/api/materials/receive')).toBe(false);
    expect(isOfflineRoute('POST', '/api/counts/3f2a/post')).toBe(false);
    expect(isOfflineRoute('POST', '/api/users')).toBe(false);
    expect(isOfflineRoute('POST', '/api/inventory/assign/extra')).toBe(false);
  });
  it('says how old is too old', () => {
    expect(occurredAtTooOld(7)).toContain('more than 7 days ago');
    expect(occurredAtTooOld(1)).toContain('more than 1 day ago');
  });
});

describe('the Occurred-At bounds', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const judge = (value: string | string[] | undefined, offline = true, days = 7) => judgeOccurredAt(value, offline, now, days);

  it('takes a call without the header as it is', () => {
    expect(judge(undefined)).toEqual({ ok: true, at: null });
    expect(judge(undefined, false)).toEqual({ ok: true, at: null });
  });
  it('takes an instant within the bounds, offsets included', () => {
    expect(judge('2026-11-20T10:00:00Z')).toEqual({ ok: true, at: new Date('2026-11-20T10:00:00Z') });
    expect(judge('2026-11-20T12:00:00+02:00')).toEqual({ ok: true, at: new Date('2026-11-20T10:00:00Z') });
    expect(judge('2026-11-13T12:00:00Z')).toEqual({ ok: true, at: new Date('2026-11-13T12:00:00Z') });
  });
  it('refuses the header on a call that cannot be queued', () => {
    expect(judge('2026-11-20T10:00:00Z', false)).toMatchObject({
      ok: false,
      status: 400,
      error: OCCURRED_AT_ERROR.notAccepted,
      message: OCCURRED_AT_NOT_ACCEPTED,
    });
  });
  it('refuses what is not an instant', () => {
    for (const bad of ['', 'yesterday', '2026-11-20', '2026-11-20T10:00:00', '2026-13-40T10:00:00Z', ['2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z']]) {
      expect(judge(bad)).toMatchObject({ ok: false, status: 400, error: OCCURRED_AT_ERROR.invalid, message: OCCURRED_AT_INVALID });
    }
  });
  it('forgives a device clock a little ahead, and records it as now', () => {
    expect(judge(new Date(now.getTime() + OCCURRED_AT_CLOCK_SKEW_MS).toISOString())).toEqual({ ok: true, at: now });
    expect(judge(new Date(now.getTime() + OCCURRED_AT_CLOCK_SKEW_MS + 1000).toISOString())).toMatchObject({
      ok: false,
      status: 400,
      error: OCCURRED_AT_ERROR.inFuture,
      message: OCCURRED_AT_IN_FUTURE,
    });
  });
  it("refuses an action older than the site's limit, naming it", () => {
    expect(judge('2026-11-13T11:59:59Z')).toEqual({ ok: false, status: 422, error: OCCURRED_AT_ERROR.tooOld, message: occurredAtTooOld(7) });
    expect(judge('2026-11-19T11:59:59Z', true, 1)).toMatchObject({ ok: false, message: occurredAtTooOld(1) });
    expect(judge('2026-11-13T11:59:59Z', true, 30)).toMatchObject({ ok: true });
  });
});
