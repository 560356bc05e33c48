/**
 * Saved reads: which answers are kept, the store's limits (oldest out first), one user's copies
 * never read for another, and the base query answering a GET from the copy when the network fails
 * or the browser is offline, saying so in the offline slice.
 */
import 'fake-indexeddb/auto';
import { configureStore } from '@reduxjs/toolkit';
import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import { describe, expect, it } from 'vitest';
import { createAppBaseQuery } from '../api/base-query.ts';
import { initialSessionState, sessionReducer } from '../shared/session/session-slice.ts';
import type { Me } from '../shared/session/session-types.ts';
import { deleteOfflineDb } from './db.ts';
import { offlineReducer } from './offline-slice.ts';
import { indexedDbReadCache, savedReadKey } from './read-cache.ts';

const me = (id: string): Me => ({
  id,
  email: `${id}@example.com`,
  user_email: `${id}@example.com`,
  user_firstname: 'Ada',
  user_lastname: 'Lovelace',
  role: 'user',
  emails: true,
  stock_emails: false,
  second_factor: { required: false, enrolled: 0, must_enrol: false },
});

describe('which GETs are kept', () => {
  it('keeps the crew screens, by path and query', () => {
    expect(savedReadKey({ url: 'api/inventory/materials', params: { project_id: 'p1' } })).toBe('/api/inventory/materials?project_id=p1');
    expect(savedReadKey('api/projects')).toBe('/api/projects');
    expect(savedReadKey('api/users/me')).toBe('/api/users/me');
    expect(savedReadKey('api/projects/p1/assignable-users')).toBe('/api/projects/p1/assignable-users');
    expect(savedReadKey({ url: 'api/materials/assignees', params: { project_id: 'p1', number: 'PN-1' } })).toBe(
      '/api/materials/assignees?project_id=p1&number=PN-1',
    );
    expect(savedReadKey('api/assets/inventory/project/p1')).toBe('/api/assets/inventory/project/p1');
    expect(savedReadKey('api/users/me', 'http://localhost/')).toBe('/api/users/me');
  });

  it('keeps nothing else', () => {
    expect(savedReadKey('api/ledger/status')).toBeNull();
    expect(savedReadKey('api/projects/p1/history')).toBeNull();
    expect(savedReadKey('api/assets/inventory/warehouse/w1')).toBeNull();
  });
});

describe('the store of saved reads', () => {
  it('drops the oldest copies first when over its entry or size limit', async () => {
    const cache = indexedDbReadCache({ maxChars: 1_000, maxEntries: 3 });
    for (let i = 1; i <= 4; i++) await cache.save('limits', `/api/projects/p${i}`, { i }, i);
    expect(await cache.load('limits', '/api/projects/p1')).toBeUndefined();
    expect((await cache.load('limits', '/api/projects/p4'))?.data).toEqual({ i: 4 });

    await cache.save('limits', '/api/projects/big', { text: 'x'.repeat(980) }, 10);
    expect(await cache.load('limits', '/api/projects/p2')).toBeUndefined();
    expect(await cache.load('limits', '/api/projects/p3')).toBeUndefined();
    expect(await cache.load('limits', '/api/projects/big')).toBeDefined();
    expect(await cache.load('limits', '/api/projects/p4')).toBeDefined();
    await deleteOfflineDb('limits');
  });

  it('never gives one user what was saved for another', async () => {
    const cache = indexedDbReadCache();
    await cache.save('ann', '/api/projects', [{ id: 'secret' }]);
    expect(await cache.load('bob', '/api/projects')).toBeUndefined();
    await deleteOfflineDb('ann');
  });
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(userId: string, fetchFn: (request: Request) => Promise<Response>, online = () => true) {
  const readCache = indexedDbReadCache();
  const baseQuery = createAppBaseQuery({
    baseUrl: 'http://localhost/',
    fetchFn: (input, init) => fetchFn(input instanceof Request ? input : new Request(input, init)),
    readCache,
    isOnline: online,
  });
  const store = configureStore({
    reducer: { session: sessionReducer, offline: offlineReducer },
    preloadedState: { session: { ...initialSessionState, user: me(userId), role: 'user', status: 'authenticated' as const } },
  });
  const call = (args: string | FetchArgs) => {
    const controller = new AbortController();
    const api: BaseQueryApi = {
      signal: controller.signal,
      abort: () => controller.abort(),
      dispatch: store.dispatch,
      getState: store.getState,
      extra: undefined,
      endpoint: 'test',
      type: 'query',
    };
    return baseQuery(args, api, {});
  };
  return { call, store, readCache };
}

const INVENTORY = { url: 'api/inventory/materials', params: { project_id: 'p1' } };
const KEY = '/api/inventory/materials?project_id=p1';
const offlineFetch = () => Promise.reject(new TypeError('Failed to fetch'));
/** The save is not awaited by the query; let it land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the base query and saved reads', () => {
  it('saves a fresh answer and gives it back, marked with its time, when the network fails', async () => {
    let online = true;
    const { call, store } = setup('carla', () => (online ? Promise.resolve(json(200, { items: [{ quantity: 7 }] })) : offlineFetch()));
    const before = Date.now();
    expect((await call(INVENTORY)).data).toEqual({ items: [{ quantity: 7 }] });
    await settle();
    expect(store.getState().offline.savedReads[KEY]).toBeUndefined();

    online = false;
    const result = await call(INVENTORY);
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({ items: [{ quantity: 7 }] });
    expect(store.getState().offline.savedReads[KEY]).toBeGreaterThanOrEqual(before);

    online = true;
    await call(INVENTORY);
    expect(store.getState().offline.savedReads[KEY]).toBeUndefined();
    await deleteOfflineDb('carla');
  });

  it('answers from the copy without waiting on the network when the browser says it is offline', async () => {
    const { call, readCache } = setup(
      'dan',
      () => Promise.reject(new Error('must not be asked')),
      () => false,
    );
    await readCache.save('dan', KEY, { items: [] }, 1_000);
    expect((await call(INVENTORY)).data).toEqual({ items: [] });
    await deleteOfflineDb('dan');
  });

  it('passes a server refusal on, never the copy', async () => {
    const { call, readCache } = setup('eve', () => Promise.resolve(json(403, { error: 'FORBIDDEN', message: 'No access' })));
    await readCache.save('eve', KEY, { items: [] }, 1_000);
    expect((await call(INVENTORY)).error).toMatchObject({ status: 403 });
    await deleteOfflineDb('eve');
  });

  it('fails as before when there is no copy', async () => {
    const { call } = setup('fay', offlineFetch);
    expect((await call(INVENTORY)).error).toMatchObject({ status: 'FETCH_ERROR' });
  });

  it('does not save who-am-I under a user the server did not answer for', async () => {
    const { call, readCache } = setup('gus', () => Promise.resolve(json(200, me('someone-else'))));
    await call('api/users/me');
    await settle();
    expect(await readCache.load('gus', '/api/users/me')).toBeUndefined();
  });

  it('saves nothing of other screens', async () => {
    const { call, readCache } = setup('hal', () => Promise.resolve(json(200, { ok: true })));
    await call('api/ledger/status');
    await settle();
    expect(await readCache.load('hal', '/api/ledger/status')).toBeUndefined();
  });
});

describe('who am I, with no signal', () => {
  it('is the user this device has signed in when no answer was saved yet', async () => {
    const { call } = setup('ivy', offlineFetch);
    expect((await call('api/users/me')).data).toMatchObject({ id: 'ivy' });
  });
});
