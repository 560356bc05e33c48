/**
 * Reconciling: sends the user's queued actions in order, each with its own Idempotency-Key and the
 * device's time in Occurred-At, and takes the server's answer for each. Accepted → removed and the
 * screens it touched refetch; no network or a server failure → stop and try later; the session
 * gone → ask to sign in again and stop; any other refusal → "Needs attention" with the server's
 * message, and the next action still goes. Nothing is dropped without the person choosing it.
 */
import { CONCURRENT_CHANGE } from '@contract/messages.ts';
import { OCCURRED_AT_HEADER } from '@contract/offline.ts';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import { type ApiTagDescription, baseApi } from '../api/base-api.ts';
import { messageOr } from '../api/error-message.ts';
import { IDEMPOTENCY_HEADER } from '../api/idempotency.ts';
import { signInNeededChanged, syncChanged } from './offline-slice.ts';
import { getAction, listActions, removeAction, updateAction } from './queue.ts';
import type { QueuedAction } from './queued.ts';

export type SendResult = QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>;

/** Sends one queued action; `headers` carry its key and time. */
export type SendAction = (action: QueuedAction, headers: Record<string, string>) => Promise<SendResult>;

export interface SenderDeps {
  userId: string;
  send: SendAction;
  dispatch: (action: UnknownAction) => unknown;
}

/** How a run ended: everything sendable went, or it stopped (and why), or another tab is sending. */
export type SendOutcome = 'done' | 'retry-later' | 'sign-in' | 'busy';

type Verdict = 'accepted' | 'retry-later' | 'sign-in' | 'refused';

// A refusal that is about the moment, not the action: try again later rather than ask the person.
const TRANSIENT = new Set([408, 423, 429]);

/** Someone else changed the same records at that instant: nothing is wrong with the action itself. */
function isConcurrentChange(error: FetchBaseQueryError): boolean {
  const data: unknown = 'data' in error ? error.data : null;
  return error.status === 409 && typeof data === 'object' && data !== null && (data as { message?: unknown }).message === CONCURRENT_CHANGE;
}

export function verdictOf(result: SendResult): Verdict {
  const error = result.error;
  if (!error) return 'accepted';
  const status = error.status === 'PARSING_ERROR' ? error.originalStatus : error.status;
  if (typeof status !== 'number') return 'retry-later';
  if (status < 400) return 'accepted';
  if (status === 401) return 'sign-in';
  if (status >= 500 || TRANSIENT.has(status) || isConcurrentChange(error)) return 'retry-later';
  return 'refused';
}

/** The cache tags an accepted action may have changed. */
export function tagsFor(action: Pick<QueuedAction, 'projectId' | 'warehouseId' | 'kind'>): ApiTagDescription[] {
  const tags: ApiTagDescription[] = [];
  for (const id of [action.projectId, action.warehouseId]) {
    if (!id) continue;
    tags.push({ type: 'AssetInventory', id }, { type: 'AssetLogs', id });
  }
  if (action.projectId) {
    const id = action.projectId;
    tags.push({ type: 'Inventory', id }, { type: 'MaterialLogs', id }, { type: 'Requests', id });
  }
  if (action.warehouseId) {
    const id = action.warehouseId;
    tags.push({ type: 'WarehouseStock', id }, { type: 'WarehouseLogs', id });
  }
  if (action.kind === 'count-line') tags.push('Counts');
  if (action.kind.startsWith('asset') || action.kind.startsWith('scan')) tags.push('AssetInventory');
  return tags;
}

export function sendHeaders(action: Pick<QueuedAction, 'id' | 'occurredAt'>): Record<string, string> {
  return { [IDEMPOTENCY_HEADER]: action.id, [OCCURRED_AT_HEADER]: action.occurredAt };
}

const sendable = (action: QueuedAction | undefined): action is QueuedAction => action !== undefined && action.status !== 'attention';

/** Sends the queue once, in order. Callers make sure one run per user at a time (withSendLock). */
export async function sendQueue({ userId, send, dispatch }: SenderDeps): Promise<SendOutcome> {
  dispatch(syncChanged(true));
  try {
    for (const listed of await listActions(userId)) {
      // Another tab may have sent, changed or discarded it since the list was read.
      const current = await getAction(userId, listed.id);
      if (!sendable(current)) continue;
      const sending: QueuedAction = { ...current, status: 'sending', attempts: current.attempts + 1 };
      await updateAction(sending);
      const result = await send(sending, sendHeaders(sending)).catch((): SendResult => ({ error: { status: 'FETCH_ERROR', error: 'send failed' } }));
      const verdict = verdictOf(result);
      if (verdict === 'accepted') {
        await removeAction(userId, sending.id);
        dispatch(baseApi.util.invalidateTags(tagsFor(sending)));
        continue;
      }
      if (verdict === 'refused') {
        const status = typeof result.error?.status === 'number' ? result.error.status : 400;
        const message = messageOr(result.error, `The server refused this action (${status}).`);
        const data: unknown = result.error && 'data' in result.error ? result.error.data : null;
        const code =
          typeof data === 'object' && data !== null && typeof (data as { error?: unknown }).error === 'string' ? (data as { error: string }).error : null;
        await updateAction({ ...sending, status: 'attention', problem: { status, message, code } });
        continue;
      }
      // Kept exactly as it was, key and time included, for the next run.
      await updateAction({ ...sending, status: 'pending' });
      if (verdict === 'sign-in') {
        dispatch(signInNeededChanged(true));
        return 'sign-in';
      }
      return 'retry-later';
    }
    return 'done';
  } finally {
    dispatch(syncChanged(false));
  }
}

const running = new Set<string>();

/** Runs `run` unless another tab (or this one) is already sending this user's queue. */
export async function withSendLock(userId: string, run: () => Promise<SendOutcome>): Promise<SendOutcome> {
  const name = `stockledger-offline-send-${userId}`;
  if (running.has(name)) return 'busy';
  running.add(name);
  try {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    if (!locks) return await run();
    return await locks.request(name, { ifAvailable: true }, async (lock) => (lock ? run() : 'busy'));
  } finally {
    running.delete(name);
  }
}
