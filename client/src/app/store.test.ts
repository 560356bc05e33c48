import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { restoreSession } from '../shared/session/restore-session.ts';
import { STORAGE_KEYS, type StorageLike } from '../shared/session/session-storage.ts';
import type { Me } from '../shared/session/session-types.ts';
import { makeStore } from './store.ts';

const ME: Me = {
  id: 'u1',
  email: 'ada@example.com',
  user_email: 'ada@example.com',
  user_firstname: 'Ada',
  user_lastname: 'Lovelace',
  role: 'Admin' as Me['role'],
  emails: true,
  stock_emails: true,
  second_factor: { required: false, enrolled: 0, must_enrol: false },
};

class MemoryStorage implements StorageLike {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let calls: string[] = [];

function serve(routes: Record<string, () => Response>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const line = `${request.method} ${new URL(request.url).pathname}`;
      calls.push(line);
      const route = routes[line];
      return route ? route() : json(404, { error: 'NOT_FOUND', message: 'Not found' });
    }),
  );
}

beforeEach(() => {
  // The app uses same-origin relative URLs; Node's Request needs an origin to resolve them.
  const NativeRequest = globalThis.Request;
  class SameOriginRequest extends NativeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
    }
  }
  vi.stubGlobal('Request', SameOriginRequest);
});

afterEach(() => vi.unstubAllGlobals());

describe('start-up session check', () => {
  it('marks the user authenticated and remembers them when /api/users/me succeeds', async () => {
    serve({ 'GET /api/users/me': () => json(200, ME) });
    const storage = new MemoryStorage();
    const store = makeStore(storage);

    await store.dispatch(restoreSession());

    expect(store.getState().session).toMatchObject({ status: 'authenticated', role: 'admin' });
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.session) ?? '{}')).toMatchObject({
      user: { id: 'u1' },
      role: 'admin',
    });
  });

  it('refreshes once and retries when the access token has expired', async () => {
    let refreshed = false;
    serve({
      'GET /api/users/me': () => (refreshed ? json(200, ME) : json(401, { error: 'UNAUTHORIZED', message: 'Expired' })),
      'POST /api/auth/refresh': () => {
        refreshed = true;
        return json(200, { user: ME });
      },
    });
    const store = makeStore(new MemoryStorage());

    await store.dispatch(restoreSession());

    expect(calls).toEqual(['GET /api/users/me', 'POST /api/auth/refresh', 'GET /api/users/me']);
    expect(store.getState().session.status).toBe('authenticated');
  });

  it('clears a remembered session when neither the access nor the refresh token is accepted', async () => {
    serve({
      'GET /api/users/me': () => json(401, { error: 'UNAUTHORIZED', message: 'Expired' }),
      'POST /api/auth/refresh': () => json(401, { error: 'UNAUTHORIZED', message: 'Expired' }),
    });
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.session, JSON.stringify({ user: ME, role: 'admin' }));
    storage.setItem(STORAGE_KEYS.section, 'labels');
    const store = makeStore(storage);
    expect(store.getState().session).toMatchObject({ status: 'loading', role: 'admin' });

    await store.dispatch(restoreSession());

    expect(store.getState().session).toMatchObject({ status: 'anonymous', user: null, section: 'labels' });
    expect(storage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(storage.getItem(STORAGE_KEYS.section)).toBe('labels');
  });
});
