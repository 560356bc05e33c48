import { describe, expect, it } from 'vitest';
import type { RequestNotice } from '@contract/realtime.ts';
import { noticeEffect, parseRequestNotice, UnreadRefresher } from './request-notices.ts';

const submitted: RequestNotice = { type: 'request_submitted', projectId: 'p-1', requestId: 'r-1', num: 4, actorId: 'u-user' };
const manager = { userId: 'u-manager', projectId: 'p-1', manages: true };

describe('request notices', () => {
  it('reads the notices of the request channel and nothing else', () => {
    expect(parseRequestNotice(JSON.stringify({ ...submitted }))).toEqual(submitted);
    expect(parseRequestNotice(JSON.stringify({ type: 'changed', projectId: 'p-1', topics: [] }))).toBeNull();
    expect(parseRequestNotice('not json')).toBeNull();
  });

  it('shows a manager `New request received` for 7 s and raises the badge', () => {
    expect(noticeEffect(submitted, manager)).toEqual({ toast: { message: 'New request received', duration: 7000, id: 'request-new-r-1' }, bump: true });
  });

  it('tells no one who does not manage the project, nor the requester, nor another project', () => {
    expect(noticeEffect(submitted, { ...manager, manages: false })).toEqual({ toast: null, bump: false });
    expect(noticeEffect(submitted, { ...manager, userId: 'u-user' })).toEqual({ toast: null, bump: false });
    expect(noticeEffect(submitted, { ...manager, projectId: 'p-2' })).toEqual({ toast: null, bump: false });
  });

  it('shows the re-opened toast for 10 s to everyone but the person receiving', () => {
    const reopened: RequestNotice = { type: 'request_reopened', projectId: 'p-1', requestId: 'r-1', num: 0, actorId: 'u-receiver' };
    const effect = noticeEffect(reopened, { userId: 'u-user', projectId: 'p-1', manages: false });
    expect(effect.toast).toEqual({
      message: 'A request waiting on delivery has been re-opened! Please see the Open Requests page for more information.',
      duration: 10_000,
      id: 'request-reopened',
    });
    expect(effect.bump).toBe(false);
    expect(noticeEffect(reopened, { userId: 'u-receiver', projectId: 'p-1', manages: true }).toast).toBeNull();
  });
});

describe('the unread refresh', () => {
  it('goes at once, then at most once in 30 s, however many ask meanwhile', () => {
    let now = 1_000_000;
    const refreshed: number[] = [];
    const timers: { at: number; run: () => void }[] = [];
    const refresher = new UnreadRefresher(
      () => refreshed.push(now),
      () => now,
      (run, ms) => timers.push({ at: now + ms, run }),
    );
    refresher.request('p-1');
    expect(refreshed).toEqual([1_000_000]);
    now += 5_000;
    refresher.request('p-1');
    refresher.request('p-1');
    expect(refreshed).toHaveLength(1);
    expect(timers.map((t) => t.at)).toEqual([1_030_000]);
    now = timers[0]!.at;
    timers[0]!.run();
    expect(refreshed).toEqual([1_000_000, 1_030_000]);
    // Another project has its own 30 s.
    refresher.request('p-2');
    expect(refreshed).toHaveLength(3);
  });
});
