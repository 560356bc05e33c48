import { configureStore } from '@reduxjs/toolkit';
import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import { describe, expect, it, vi } from 'vitest';
import { initialSessionState, sessionReducer } from '../shared/session/session-slice.ts';
import type { Me } from '../shared/session/session-types.ts';
import { createAppBaseQuery, resolveRequestUrl } from './base-query.ts';

const ME: Me = {
  id: 'u1',
  email: 'ada@example.com',
  user_email: 'ada@example.com',
  user_firstname: 'Ada',
  user_lastname: 'Lovelace',
  role: 'user',
  emails: true,
  stock_emails: false,
  second_factor: { required: false, enrolled: 0, must_enrol: false },
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const unauthorized = () => json(401, { error: 'UNAUTHORIZED', message: 'Not signed in' });

/** Resolves when the test says so, to hold requests in flight. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

type Handler = (request: Request) => Response | Promise<Response>;

function setup(handler: Handler) {
  const seen: string[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);
    return handler(request);
  });
  const baseQuery = createAppBaseQuery({ baseUrl: 'http://localhost/', fetchFn });
  const store = configureStore({
    reducer: { session: sessionReducer },
    preloadedState: {
      session: { ...initialSessionState, user: ME, role: 'user', status: 'authenticated' as const },
    },
  });
  const api = (): BaseQueryApi => {
    const controller = new AbortController();
    return {
      signal: controller.signal,
      abort: () => controller.abort(),
      dispatch: store.dispatch,
      getState: store.getState,
      extra: undefined,
      endpoint: 'test',
      type: 'query',
    };
  };
  const call = (args: string | FetchArgs) => baseQuery(args, api(), {});
  const count = (line: string) => seen.filter((s) => s === line).length;
  return { call, seen, count, store };
}

describe('base query: 401 -> refresh -> retry', () => {
  it('refreshes once on a 401 and retries the original request, which then succeeds', async () => {
    let refreshed = false;
    const { call, seen } = setup((request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/auth/refresh') {
        refreshed = true;
        return json(200, { user: ME });
      }
      return refreshed ? json(200, { items: [1, 2] }) : unauthorized();
    });

    const result = await call('api/projects');

    expect(result.data).toEqual({ items: [1, 2] });
    expect(seen).toEqual(['GET /api/projects', 'POST /api/auth/refresh', 'GET /api/projects']);
  });

  it('clears the session and returns the original 401 when the refresh fails', async () => {
    const { call, seen, store } = setup(() => unauthorized());

    const result = await call({ url: 'api/projects', method: 'POST', body: { a: 1 } });

    expect(result.error).toMatchObject({ status: 401, data: { error: 'UNAUTHORIZED' } });
    expect(seen).toEqual(['POST /api/projects', 'POST /api/auth/refresh']);
    expect(store.getState().session).toMatchObject({ user: null, role: null, status: 'anonymous' });
  });

  it('retries only once even when the retry is answered 401 again', async () => {
    const { call, count } = setup((request) => (new URL(request.url).pathname === '/api/auth/refresh' ? json(200, { user: ME }) : unauthorized()));

    const result = await call('api/projects');

    expect(result.error).toMatchObject({ status: 401 });
    expect(count('GET /api/projects')).toBe(2);
    expect(count('POST /api/auth/refresh')).toBe(1);
  });

  it.each(['api/login', '/api/logout', 'api/auth/refresh', 'api/auth/exchange'])('does not refresh on a 401 from %s', async (url) => {
    const { call, seen, store } = setup(() => json(401, { error: 'UNAUTHORIZED', message: 'Invalid email or password' }));

    const result = await call({ url, method: 'POST', body: { email: 'a@b.c', password: 'x' } });

    expect(result.error).toMatchObject({
      status: 401,
      data: { message: 'Invalid email or password' },
    });
    expect(seen).toHaveLength(1);
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('shares one refresh between two requests that get a 401 at the same time', async () => {
    const refreshGate = gate();
    let refreshed = false;
    const { call, count } = setup(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/auth/refresh') {
        await refreshGate.opened;
        refreshed = true;
        return json(200, { user: ME });
      }
      return refreshed ? json(200, { path }) : unauthorized();
    });

    const first = call('api/projects');
    const second = call({ url: 'api/warehouses', method: 'POST', body: {} });
    await vi.waitFor(() => expect(count('POST /api/auth/refresh')).toBe(1));
    refreshGate.open();
    const [a, b] = await Promise.all([first, second]);

    expect(a.data).toEqual({ path: '/api/projects' });
    expect(b.data).toEqual({ path: '/api/warehouses' });
    expect(count('POST /api/auth/refresh')).toBe(1);
  });

  it('retries without a second refresh when a refresh finished while the request was in flight', async () => {
    const slow = gate();
    let refreshed = false;
    const { call, count } = setup(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/auth/refresh') {
        refreshed = true;
        return json(200, { user: ME });
      }
      if (path === '/api/slow' && !refreshed) {
        await slow.opened;
        return unauthorized();
      }
      return refreshed ? json(200, { path }) : unauthorized();
    });

    const pending = call('api/slow');
    await call('api/fast');
    slow.open();
    const result = await pending;

    expect(result.data).toEqual({ path: '/api/slow' });
    expect(count('POST /api/auth/refresh')).toBe(1);
  });
});

describe('base query: identical in-flight GETs', () => {
  it('makes one network request for two identical GETs and gives both callers the result', async () => {
    const release = gate();
    const { call, seen } = setup(async () => {
      await release.opened;
      return json(200, { items: ['x'] });
    });

    const first = call({ url: 'api/materials', params: { project_id: 'p1' } });
    const second = call('api/materials?project_id=p1');
    release.open();
    const [a, b] = await Promise.all([first, second]);

    expect(seen).toEqual(['GET /api/materials?project_id=p1']);
    expect(a.data).toEqual({ items: ['x'] });
    expect(b.data).toEqual({ items: ['x'] });
  });

  it('does not share GETs whose query strings differ, nor POSTs', async () => {
    const release = gate();
    const { call, seen } = setup(async () => {
      await release.opened;
      return json(200, {});
    });

    const calls = [
      call({ url: 'api/materials', params: { project_id: 'p1' } }),
      call({ url: 'api/materials', params: { project_id: 'p2' } }),
      call({ url: 'api/requests', method: 'POST', body: {} }),
      call({ url: 'api/requests', method: 'POST', body: {} }),
    ];
    release.open();
    await Promise.all(calls);

    expect(seen).toHaveLength(4);
  });

  it('sends a new request once the earlier identical one has finished', async () => {
    const { call, seen } = setup(() => json(200, {}));

    await call('api/materials');
    await call('api/materials');

    expect(seen).toHaveLength(2);
  });
});

describe('resolveRequestUrl', () => {
  it('joins base, path and defined params', () => {
    expect(resolveRequestUrl('/', 'api/x')).toBe('/api/x');
    expect(resolveRequestUrl('/', '/api/x')).toBe('/api/x');
    expect(resolveRequestUrl('/', { url: 'api/x?a=1', params: { b: 2, c: undefined } })).toBe('/api/x?a=1&b=2');
  });
});
