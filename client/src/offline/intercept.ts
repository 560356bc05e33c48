/**
 * The base query's offline rule for field actions (contract/offline.ts OFFLINE_ROUTES): with no
 * network, behind actions already waiting, or when the send fails for the network, the call is
 * kept on the device under its own Idempotency-Key and answered with a QueuedReceipt. The key is
 * what makes the network failure safe: if that first attempt did reach the server, the later send
 * is recognised and applied once.
 */
import { isOfflineRoute } from '@contract/offline-routes.ts';
import type { BaseQueryApi, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta, QueryReturnValue } from '@reduxjs/toolkit/query';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../api/idempotency.ts';
import { pathOf } from '../shared/url-path.ts';
import { enqueue, hasUnsent } from './queue.ts';
import type { QueuedAction, QueuedReceipt } from './queued.ts';

type Result = QueryReturnValue<unknown, FetchBaseQueryError, FetchBaseQueryMeta>;

/** extraOptions flag of the sender's own calls: they are the queue, never queued again. */
export const SEND_QUEUED = 'sendQueued';

export function isSenderCall(extraOptions: unknown): boolean {
  return typeof extraOptions === 'object' && extraOptions !== null && (extraOptions as Record<string, unknown>)[SEND_QUEUED] === true;
}

/** The signed-in user's id from the store, or null (nothing is queued for nobody). */
export function signedInUserId(api: Pick<BaseQueryApi, 'getState'>): string | null {
  const state = api.getState() as { session?: { user?: { id?: unknown } | null } } | undefined;
  const id = state?.session?.user?.id;
  return typeof id === 'string' && id !== '' ? id : null;
}

export function headerOf(headers: FetchArgs['headers'], name: string): string | null {
  if (!headers) return null;
  if (headers instanceof Headers) return headers.get(name);
  const entries = Array.isArray(headers) ? headers : Object.entries(headers);
  const found = entries.find(([key]) => key.toLowerCase() === name.toLowerCase());
  return typeof found?.[1] === 'string' ? found[1] : null;
}

function withHeader(headers: FetchArgs['headers'], name: string, value: string): FetchArgs['headers'] {
  if (headers instanceof Headers) {
    const copy = new Headers(headers);
    copy.set(name, value);
    return copy;
  }
  const entries = Array.isArray(headers) ? headers : Object.entries(headers ?? {});
  return { ...Object.fromEntries(entries), [name]: value };
}

export const isOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;

export interface OfflineCall {
  args: FetchArgs;
  userId: string;
  /** Path and query as the base query would send it. */
  url: string;
}

/** The call when it is a field action of a signed-in user that may be queued; else null. */
export function offlineCall(args: string | FetchArgs, api: Pick<BaseQueryApi, 'getState'>, extraOptions: unknown, url: string): OfflineCall | null {
  if (typeof args === 'string' || isSenderCall(extraOptions)) return null;
  const method = (args.method ?? 'GET').toUpperCase();
  if (method === 'GET' || !isOfflineRoute(method, pathOf(url))) return null;
  const userId = signedInUserId(api);
  return userId ? { args, userId, url } : null;
}

const receipt = (action: QueuedAction): { data: QueuedReceipt } => ({ data: { queued: true, action } });

/** Sends the call, or keeps it on the device; `send` is the base query's ordinary path. */
export async function sendOrQueue(call: OfflineCall, send: (args: FetchArgs) => Promise<Result>): Promise<Result> {
  const key = headerOf(call.args.headers, IDEMPOTENCY_HEADER) ?? newIdempotencyKey();
  const args: FetchArgs = { ...call.args, headers: withHeader(call.args.headers, IDEMPOTENCY_HEADER, key) };
  const keep = async () =>
    receipt(
      await enqueue({
        userId: call.userId,
        id: key,
        method: (args.method ?? 'POST').toUpperCase() as QueuedAction['method'],
        url: call.url,
        body: args.body,
      }),
    );

  // Without a working store (IndexedDB refused or missing) the call goes as it always did.
  const waiting = await hasUnsent(call.userId).catch(() => null);
  if (waiting !== null && (!isOnline() || waiting)) return keep().catch(() => send(args));
  const result = await send(args);
  if (waiting !== null && result.error?.status === 'FETCH_ERROR') return keep().catch(() => result);
  return result;
}
