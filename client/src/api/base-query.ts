/**
 * The one base query every endpoint goes through. It owns the cross-cutting rules (spec 01 §4):
 * a 401 triggers one shared POST /api/auth/refresh and one retry, identical in-flight GETs
 * share a single network request, and a 503 MAINTENANCE or 423 FROZEN answer is announced to
 * the app (spec 02 §4.3). The GETs of the screens a crew needs offline are saved per user and
 * answered from that copy when the network fails (offline/read-cache.ts). They live here so no
 * feature has to think about them.
 */
import { createAction } from '@reduxjs/toolkit';
import { fetchBaseQuery, type BaseQueryApi, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { isOnline as browserOnline, offlineCall, sendOrQueue, signedInUserId } from '../offline/intercept.ts';
import { readFromSaved, readFromServer } from '../offline/offline-slice.ts';
import { defaultReadCache, type ReadCache, savedReadKey } from '../offline/read-cache.ts';
import { pathOf } from '../shared/url-path.ts';

/** Dispatched when the refresh token is no longer accepted; the session slice clears itself on it. */
export const sessionExpired = createAction('session/expired');

/**
 * Dispatched when the server answers 503 MAINTENANCE: maintenance was switched on while this
 * user was working, and the site feature sends them to /maintenance.
 */
export const maintenanceDetected = createAction('site/maintenanceDetected');

export const MAINTENANCE_ERROR = 'MAINTENANCE';

/**
 * Dispatched when the server answers 423 FROZEN: transactions were frozen while this user was
 * working, and the site feature shows the freeze at once instead of after the next refetch.
 */
export const transactionsFrozenDetected = createAction('site/transactionsFrozenDetected');

export const FROZEN_ERROR = 'FROZEN';

/**
 * Dispatched when the server answers 403 SECOND_FACTOR_REQUIRED: the site now requires a second
 * factor of this person and they have none (a new policy, or an admin reset theirs). The person is
 * read again, and the protected layout shows the enrolment screen (features/security/enrolment-gate-listener.ts).
 */
export const secondFactorRequiredDetected = createAction('session/secondFactorRequiredDetected');

export const SECOND_FACTOR_REQUIRED_ERROR = 'SECOND_FACTOR_REQUIRED';

export const REFRESH_PATH = '/api/auth/refresh';

/** Calls whose 401 means "wrong credentials" or "no session", never "access token expired". */
export const NO_REFRESH_PATHS: readonly string[] = ['/api/login', '/api/logout', REFRESH_PATH, '/api/auth/exchange'];

export type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

type QueryResult = Awaited<ReturnType<AppBaseQuery>>;

export interface AppBaseQueryOptions {
  /** Absolute in tests (Node's Request rejects relative URLs); '/' in the browser. */
  baseUrl?: string;
  fetchFn?: (input: RequestInfo, init?: RequestInit) => Promise<Response>;
  /** Where the offline copies of GET answers live; IndexedDB in the browser, none when null. */
  readCache?: ReadCache | null;
  /** Whether the browser believes it is online; navigator.onLine by default. */
  isOnline?: () => boolean;
}

const ABSOLUTE_URL = /^([a-z][a-z\d+\-.]*:)?\/\//i;

/** Joins base, path and params the way fetchBaseQuery does, so the dedupe key is the real URL. */
export function resolveRequestUrl(baseUrl: string, args: string | FetchArgs): string {
  const url = typeof args === 'string' ? args : args.url;
  let joined = url;
  if (!ABSOLUTE_URL.test(url)) {
    const base = baseUrl.replace(/\/$/, '');
    const delimiter = baseUrl.endsWith('/') || !url.startsWith('?') ? '/' : '';
    joined = `${base}${delimiter}${url.replace(/^\//, '')}`;
  }
  if (typeof args === 'string' || !args.params) return joined;
  const params = Object.entries(args.params as Record<string, unknown>).filter(([, value]) => value !== undefined);
  if (params.length === 0) return joined;
  const query = new URLSearchParams(params.map(([k, v]) => [k, String(v)])).toString();
  return `${joined}${joined.includes('?') ? '&' : '?'}${query}`;
}

/** True for the server's "site under maintenance" refusal. */
export function isMaintenanceError(error: FetchBaseQueryError | undefined): boolean {
  if (error?.status !== 503) return false;
  const data: unknown = error.data;
  return typeof data === 'object' && data !== null && (data as { error?: unknown }).error === MAINTENANCE_ERROR;
}

/** True for the server's "set up a second factor first" refusal. */
export function isSecondFactorRequiredError(error: FetchBaseQueryError | undefined): boolean {
  if (error?.status !== 403) return false;
  const data: unknown = error.data;
  return typeof data === 'object' && data !== null && (data as { error?: unknown }).error === SECOND_FACTOR_REQUIRED_ERROR;
}

/** True for the server's "transactions are frozen" refusal. */
export function isFrozenError(error: FetchBaseQueryError | undefined): boolean {
  if (error?.status !== 423) return false;
  const data: unknown = error.data;
  return typeof data === 'object' && data !== null && (data as { error?: unknown }).error === FROZEN_ERROR;
}

const ME_URL = '/api/users/me';

/** The signed-in user in the store's session, if any (read structurally: the store is built on this). */
function signedInUser(state: unknown): { id?: unknown } | null {
  return (state as { session?: { user?: { id?: unknown } | null } } | null)?.session?.user ?? null;
}

function methodOf(args: string | FetchArgs): string {
  return (typeof args === 'string' ? 'GET' : (args.method ?? 'GET')).toUpperCase();
}

/** Only plain GETs are shared: a custom response handler could read the same URL differently. */
function isShareableGet(args: string | FetchArgs): boolean {
  if (methodOf(args) !== 'GET') return false;
  return typeof args === 'string' || (args.body === undefined && args.responseHandler === undefined);
}

interface InFlight {
  promise: Promise<QueryResult>;
  controller: AbortController;
  waiting: number;
}

/**
 * Builds the application's base query. Each call returns an independent instance with its own
 * refresh lock and in-flight table, which is what makes it testable with a mocked fetch.
 */
export function createAppBaseQuery(options: AppBaseQueryOptions = {}): AppBaseQuery {
  const baseUrl = options.baseUrl ?? '/';
  const raw = fetchBaseQuery({
    baseUrl,
    credentials: 'include',
    ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
  }) as AppBaseQuery;

  let refreshing: Promise<boolean> | null = null;
  // Bumped on every successful refresh: a 401 for a request sent before the bump was answered
  // with the old access token, so the retry alone is enough and a second refresh is avoided.
  let refreshGeneration = 0;
  const inFlight = new Map<string, InFlight>();

  function refreshOnce(api: BaseQueryApi): Promise<boolean> {
    refreshing ??= (async () => {
      // Own signal: one caller navigating away must not abort the refresh everyone waits on.
      const refreshApi = { ...api, signal: new AbortController().signal };
      const result = await raw({ url: REFRESH_PATH, method: 'POST' }, refreshApi, {});
      if (result.error) {
        api.dispatch(sessionExpired());
        return false;
      }
      refreshGeneration += 1;
      return true;
    })().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  const withRefresh = async (args: string | FetchArgs, api: BaseQueryApi, extraOptions: object): Promise<QueryResult> => {
    const sentAtGeneration = refreshGeneration;
    const result = await raw(args, api, extraOptions);
    if (result.error?.status !== 401) return result;
    if (NO_REFRESH_PATHS.includes(pathOf(resolveRequestUrl(baseUrl, args)))) return result;

    const refreshed = sentAtGeneration !== refreshGeneration || (await refreshOnce(api));
    if (!refreshed) return result;
    return raw(args, api, extraOptions);
  };

  const withMaintenance = async (args: string | FetchArgs, api: BaseQueryApi, extraOptions: object): Promise<QueryResult> => {
    const result = await withRefresh(args, api, extraOptions);
    if (isMaintenanceError(result.error)) api.dispatch(maintenanceDetected());
    if (isFrozenError(result.error)) api.dispatch(transactionsFrozenDetected());
    if (isSecondFactorRequiredError(result.error)) api.dispatch(secondFactorRequiredDetected());
    return result;
  };

  const readCache = options.readCache === undefined ? defaultReadCache() : options.readCache;
  const isOnline = options.isOnline ?? browserOnline;

  /** A GET of a screen kept offline: saved when the server answers, read back when it cannot. */
  const withSavedReads = async (args: string | FetchArgs, api: BaseQueryApi, extraOptions: object): Promise<QueryResult> => {
    const url = readCache ? savedReadKey(args, baseUrl) : null;
    const userId = signedInUserId(api);
    if (!readCache || !url || !userId) return withMaintenance(args, api, extraOptions);

    const fromSaved = async (): Promise<QueryResult | null> => {
      const saved = await readCache.load(userId, url).catch(() => undefined);
      // Signed in on this device but never asked "who am I" since: the session kept here says it.
      if (!saved && url === ME_URL) return { data: signedInUser(api.getState()) };
      if (!saved) return null;
      api.dispatch(readFromSaved({ url, savedAt: saved.savedAt }));
      return { data: saved.data };
    };
    // Known to be offline: no need to wait for the request to fail.
    if (!isOnline()) {
      const saved = await fromSaved();
      if (saved) return saved;
    }
    const result = await withMaintenance(args, api, extraOptions);
    if (result.error) {
      if (result.error.status !== 'FETCH_ERROR') return result;
      return (await fromSaved()) ?? result;
    }
    // Kept only for the person it was asked for (and, for "who am I", who the server says answered).
    const answeredFor = url === ME_URL ? (result.data as { id?: unknown } | undefined)?.id : userId;
    if (answeredFor === userId && signedInUserId(api) === userId) {
      void readCache.save(userId, url, result.data).catch(() => undefined);
    }
    api.dispatch(readFromServer(url));
    return result;
  };

  return (args, api, extraOptions) => {
    // Field actions that may be taken offline are kept on the device when they cannot go now.
    const offline = offlineCall(args, api, extraOptions, resolveRequestUrl('/', args));
    if (offline) return sendOrQueue(offline, (sent) => withMaintenance(sent, api, extraOptions));
    if (!isShareableGet(args)) return withMaintenance(args, api, extraOptions);

    const key = `GET ${resolveRequestUrl(baseUrl, args)}`;
    let entry = inFlight.get(key);
    if (!entry) {
      const controller = new AbortController();
      const shared = { ...api, signal: controller.signal };
      const promise = withSavedReads(args, shared, extraOptions).finally(() => {
        inFlight.delete(key);
      });
      entry = { promise, controller, waiting: 0 };
      inFlight.set(key, entry);
    }
    // The shared request is aborted only when every caller waiting on it has given up.
    const current = entry;
    current.waiting += 1;
    api.signal.addEventListener(
      'abort',
      () => {
        current.waiting -= 1;
        if (current.waiting === 0) current.controller.abort();
      },
      { once: true },
    );
    return current.promise;
  };
}
