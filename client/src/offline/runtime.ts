/**
 * The offline machinery of a signed-in page: keeps the offline slice's network flag and queue
 * counts current, and starts the sender when the signal returns, at start, after sign-in and on
 * "Send now", retrying with a growing pause while the server cannot be reached.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { appBaseQuery } from '../api/base-api.ts';
import { type AppBaseQuery, sessionExpired } from '../api/base-query.ts';
import { isOnline, SEND_QUEUED } from './intercept.ts';
import { clearOtherUsersReads } from './db.ts';
import { networkChanged, queueCounted, signInNeededChanged } from './offline-slice.ts';
import { countActions, listActions, subscribeQueue } from './queue.ts';
import { type SendAction, type SendOutcome, sendQueue, withSendLock } from './sender.ts';

type Dispatch = (action: UnknownAction) => unknown;

export interface RuntimeDeps {
  userId: string;
  dispatch: Dispatch;
  getState: () => unknown;
  /** Defaults to the app's base query. */
  send?: SendAction;
}

const FIRST_PAUSE_MS = 5_000;
const LONGEST_PAUSE_MS = 5 * 60_000;

/**
 * Sends through the app's base query (its 401 → refresh → retry included). A refresh that fails is
 * reported to the sender as the 401 it is, without ending the session on screen: the person sees
 * "Sign in again to send N actions" and chooses when.
 */
export function baseQuerySend(dispatch: Dispatch, getState: () => unknown, baseQuery: AppBaseQuery = appBaseQuery): SendAction {
  return async (action, headers) => {
    const controller = new AbortController();
    const api: BaseQueryApi = {
      signal: controller.signal,
      abort: () => controller.abort(),
      dispatch: (a: UnknownAction) => (sessionExpired.match(a) ? a : dispatch(a)),
      getState,
      extra: undefined,
      endpoint: 'sendQueuedAction',
      type: 'mutation',
    } as BaseQueryApi;
    return await baseQuery({ url: action.url, method: action.method, body: action.body, headers }, api, { [SEND_QUEUED]: true });
  };
}

let current: { sendNow: () => Promise<SendOutcome> } | null = null;

/** "Send now": sends this page's user's queue at once; 'busy' when nothing is running here. */
export function sendNow(): Promise<SendOutcome> {
  return current ? current.sendNow() : Promise.resolve('busy');
}

/** Starts the machinery for a signed-in user; the returned function stops it (sign-out, unmount). */
export function startOfflineRuntime(deps: RuntimeDeps): () => void {
  const { userId, dispatch } = deps;
  const send = deps.send ?? baseQuerySend(dispatch, deps.getState);
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pause = FIRST_PAUSE_MS;

  // Without a readable store (no IndexedDB) nothing can have been kept: nothing to count or send.
  const recount = async () => {
    const counts = countActions(await listActions(userId).catch(() => []));
    if (!stopped) dispatch(queueCounted(counts));
  };

  let running: Promise<SendOutcome> | null = null;
  let again = false;

  // A run asked for while one is under way goes right after it: it may hold actions queued since.
  const run = (): Promise<SendOutcome> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let outcome: SendOutcome;
      do {
        again = false;
        outcome = await once();
      } while (again && outcome === 'done' && !stopped);
      return outcome;
    })().finally(() => {
      running = null;
    });
    return running;
  };

  // Held back after the session was found gone: sending again before sign-in would only be refused.
  let needsSignIn = false;

  const later = (ms: number) => {
    if (timer !== undefined || stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, ms);
  };

  const once = async (): Promise<SendOutcome> => {
    clearTimeout(timer);
    timer = undefined;
    // Offline: the online event starts the next run.
    if (stopped || !isOnline()) return 'retry-later';
    const outcome = await withSendLock(userId, () => sendQueue({ userId, send, dispatch })).catch((): SendOutcome => 'done');
    if (stopped) return outcome;
    needsSignIn = outcome === 'sign-in';
    if (outcome === 'retry-later') {
      later(pause);
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
    } else {
      pause = FIRST_PAUSE_MS;
    }
    return outcome;
  };

  const unsubscribe = subscribeQueue((changedUser, gone) => {
    if (changedUser !== userId || stopped) return;
    if (gone) {
      dispatch(queueCounted({ pending: 0, attention: 0 }));
      return;
    }
    void recount();
    // An action kept while the browser still says it is online (the send failed for the network)
    // has no online event to wait for: a run is planned for it, with the current pause.
    // One queued during a run may have missed its list: the run looks once more when done.
    if (running) again = true;
    else if (!needsSignIn) later(pause);
  });
  const online = () => {
    dispatch(networkChanged(true));
    pause = FIRST_PAUSE_MS;
    needsSignIn = false;
    void run();
  };
  const offline = () => dispatch(networkChanged(false));
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);

  const handle = { sendNow: run };
  current = handle;
  // Signed in (again): whatever the session's end had held back may go now.
  dispatch(signInNeededChanged(false));
  dispatch(networkChanged(isOnline()));
  void recount().then(run);
  void clearOtherUsersReads(userId).catch(() => undefined);

  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
    if (current === handle) current = null;
  };
}
