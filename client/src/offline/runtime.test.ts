// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteOfflineDb } from './db.ts';
import { offlineReducer, signInNeededChanged } from './offline-slice.ts';
import { enqueue, listActions } from './queue.ts';
import { sendNow, startOfflineRuntime } from './runtime.ts';
import type { SendAction } from './sender.ts';

const stops: (() => void)[] = [];
const users: string[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  vi.restoreAllMocks();
  for (const id of users.splice(0)) await deleteOfflineDb(id);
});

function setup(send: SendAction) {
  const userId = `u-${Math.random().toString(36).slice(2)}`;
  users.push(userId);
  const store = configureStore({ reducer: { offline: offlineReducer } });
  const start = () => stops.push(startOfflineRuntime({ userId, dispatch: store.dispatch, getState: store.getState, send }));
  const queue = (id: string) =>
    enqueue({ userId, id, method: 'POST', url: '/api/materials/receive', body: { project_id: 'p1', part_number: 'PN-1', quantity: 1 } });
  return { userId, store, start, queue };
}

describe('the offline runtime', () => {
  it('sends what waits at start when online, and clears "sign in again"', async () => {
    const send = vi.fn<SendAction>(async () => ({ data: {} }));
    const { userId, store, start, queue } = setup(send);
    await queue('k1');
    store.dispatch(signInNeededChanged(true));

    start();

    await vi.waitFor(async () => expect(await listActions(userId)).toEqual([]));
    expect(send).toHaveBeenCalledTimes(1);
    expect(store.getState().offline.signInNeeded).toBe(false);
    await vi.waitFor(() => expect(store.getState().offline.pendingCount).toBe(0));
  });

  it('keeps counts while offline and sends when the online event fires', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const send = vi.fn<SendAction>(async () => ({ data: {} }));
    const { userId, store, start, queue } = setup(send);
    start();
    await queue('k1');
    await queue('k2');
    await vi.waitFor(() => expect(store.getState().offline).toMatchObject({ online: false, pendingCount: 2 }));
    expect(send).not.toHaveBeenCalled();

    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));

    await vi.waitFor(async () => expect(await listActions(userId)).toEqual([]));
    expect(send.mock.calls.map(([action]) => action.id)).toEqual(['k1', 'k2']);
    expect(store.getState().offline.online).toBe(true);
  });

  it('plans a run for an action kept after a network failure while the browser says it is online', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const send = vi.fn<SendAction>(async () => ({ data: {} }));
      const { userId, start, queue } = setup(send);
      start();
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(0));
      await queue('k1');
      expect(send).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.waitFor(async () => expect(await listActions(userId)).toEqual([]));
      expect(send).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends on "Send now"', async () => {
    const send = vi.fn<SendAction>(async () => ({ error: { status: 'FETCH_ERROR', error: 'offline' } }));
    const { start, queue } = setup(send);
    start();
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(0));
    await queue('k1');
    expect(await sendNow()).toBe('retry-later');
    expect(send).toHaveBeenCalled();
  });
});
