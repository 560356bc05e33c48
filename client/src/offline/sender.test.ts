// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppBaseQuery } from '../api/base-query.ts';
import { initialSessionState, sessionReducer } from '../shared/session/session-slice.ts';
import { deleteOfflineDb } from './db.ts';
import { offlineReducer } from './offline-slice.ts';
import { enqueue, listActions } from './queue.ts';
import { baseQuerySend } from './runtime.ts';
import { CONCURRENT_CHANGE } from '@contract/messages.ts';
import { sendQueue, tagsFor, verdictOf, withSendLock } from './sender.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const users: string[] = [];
afterEach(async () => {
  for (const id of users.splice(0)) await deleteOfflineDb(id);
});

interface Seen {
  line: string;
  key: string | null;
  occurredAt: string | null;
}

async function setup(handler: (request: Request, seen: Seen[]) => Response | Promise<Response>, quantities: number[] = [5, 3, 2]) {
  const userId = `u-${Math.random().toString(36).slice(2)}`;
  users.push(userId);
  const store = configureStore({
    reducer: { session: sessionReducer, offline: offlineReducer },
    preloadedState: {
      session: { ...initialSessionState, user: { id: userId } as never, status: 'authenticated' as const },
    },
  });
  const dispatched: unknown[] = [];
  const dispatch = (action: Parameters<typeof store.dispatch>[0]) => {
    dispatched.push(action);
    return store.dispatch(action);
  };
  const seen: Seen[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push({
      line: `${request.method} ${new URL(request.url).pathname}`,
      key: request.headers.get('Idempotency-Key'),
      occurredAt: request.headers.get('Occurred-At'),
    });
    return handler(request, seen);
  });
  const baseQuery = createAppBaseQuery({ baseUrl: 'http://localhost/', fetchFn });
  const send = baseQuerySend(dispatch as never, store.getState, baseQuery);
  for (const [i, quantity] of quantities.entries()) {
    await enqueue({
      userId,
      id: `k${i + 1}`,
      method: 'POST',
      url: '/api/inventory/assign',
      body: { project_id: 'p1', part_number: 'PN-100', quantity, user_id: 'u9' },
      occurredAt: `2026-11-27T10:0${i}:00.000Z`,
    });
  }
  const run = () => sendQueue({ userId, send, dispatch: dispatch as never });
  return { run, seen, userId, store, dispatched };
}

const ids = async (userId: string) => (await listActions(userId)).map((a) => [a.id, a.status]);

describe('sending the queue', () => {
  it('sends every action in order with its key and the device time, removing each accepted one', async () => {
    const { run, seen, userId, dispatched, store } = await setup(() => json(200, {}));

    expect(await run()).toBe('done');

    expect(seen).toEqual([
      { line: 'POST /api/inventory/assign', key: 'k1', occurredAt: '2026-11-27T10:00:00.000Z' },
      { line: 'POST /api/inventory/assign', key: 'k2', occurredAt: '2026-11-27T10:01:00.000Z' },
      { line: 'POST /api/inventory/assign', key: 'k3', occurredAt: '2026-11-27T10:02:00.000Z' },
    ]);
    expect(await listActions(userId)).toEqual([]);
    expect(JSON.stringify(dispatched)).toContain('"type":"Inventory","id":"p1"');
    expect(store.getState().offline.syncing).toBe(false);
  });

  it('puts a refused action in "Needs attention" with the server message and still sends the next', async () => {
    const { run, seen, userId } = await setup((request) =>
      request.headers.get('Idempotency-Key') === 'k1' ? json(409, { error: 'INSUFFICIENT_QUANTITY', message: 'Insufficient Quantity' }) : json(200, {}),
    );

    expect(await run()).toBe('done');

    expect(seen.map((s) => s.key)).toEqual(['k1', 'k2', 'k3']);
    const [refused, ...rest] = await listActions(userId);
    expect(rest).toEqual([]);
    expect(refused).toMatchObject({ id: 'k1', status: 'attention', attempts: 1, problem: { status: 409, message: 'Insufficient Quantity' } });

    // A later run leaves it for the person to decide.
    seen.length = 0;
    expect(await run()).toBe('done');
    expect(seen).toEqual([]);
  });

  it('stops at a network failure and keeps that action and the rest, key and time unchanged', async () => {
    const { run, seen, userId } = await setup((request) => {
      if (request.headers.get('Idempotency-Key') === 'k2') throw new TypeError('Failed to fetch');
      return json(200, {});
    });

    expect(await run()).toBe('retry-later');

    expect(seen.map((s) => s.key)).toEqual(['k1', 'k2']);
    expect(await ids(userId)).toEqual([
      ['k2', 'pending'],
      ['k3', 'pending'],
    ]);
    const [kept] = await listActions(userId);
    expect(kept).toMatchObject({ occurredAt: '2026-11-27T10:01:00.000Z', attempts: 1 });
  });

  it('stops at a server failure (5xx) and tries again later', async () => {
    const { run, userId } = await setup(() => json(503, { error: 'UNAVAILABLE', message: 'Database down' }));
    expect(await run()).toBe('retry-later');
    expect(await ids(userId)).toEqual([
      ['k1', 'pending'],
      ['k2', 'pending'],
      ['k3', 'pending'],
    ]);
  });

  it('tries one refresh on a 401; when the session is gone it asks to sign in again and keeps everything', async () => {
    const { run, seen, userId, store, dispatched } = await setup(() => json(401, { error: 'UNAUTHORIZED', message: 'Not signed in' }));

    expect(await run()).toBe('sign-in');

    expect(seen.map((s) => s.line)).toEqual(['POST /api/inventory/assign', 'POST /api/auth/refresh']);
    expect(store.getState().offline.signInNeeded).toBe(true);
    // The person chooses when to sign in: the session on screen is not ended by the sender.
    expect(store.getState().session.status).toBe('authenticated');
    expect(JSON.stringify(dispatched)).not.toContain('session/expired');
    expect(await ids(userId)).toEqual([
      ['k1', 'pending'],
      ['k2', 'pending'],
      ['k3', 'pending'],
    ]);
  });

  it('retries after a refresh that works, with the same key', async () => {
    let refreshed = false;
    const { run, seen, userId } = await setup(
      (request) => {
        if (new URL(request.url).pathname === '/api/auth/refresh') {
          refreshed = true;
          return json(200, { user: { id: 'x' } });
        }
        return refreshed ? json(200, {}) : json(401, { error: 'UNAUTHORIZED', message: 'expired' });
      },
      [5],
    );
    expect(await run()).toBe('done');
    expect(seen.map((s) => `${s.line} ${s.key ?? ''}`.trim())).toEqual([
      'POST /api/inventory/assign k1',
      'POST /api/auth/refresh',
      'POST /api/inventory/assign k1',
    ]);
    expect(await listActions(userId)).toEqual([]);
  });

  it('runs one sender at a time', async () => {
    let release!: () => void;
    const held = new Promise<'done'>((resolve) => {
      release = () => resolve('done');
    });
    const first = withSendLock('same', () => held);
    expect(await withSendLock('same', async () => 'done')).toBe('busy');
    release();
    expect(await first).toBe('done');
    expect(await withSendLock('same', async () => 'done')).toBe('done');
  });
});

describe('reading an answer', () => {
  it('tells accepted, retry-later, sign-in and refused apart', () => {
    expect(verdictOf({ data: {} })).toBe('accepted');
    expect(verdictOf({ error: { status: 'FETCH_ERROR', error: 'x' } })).toBe('retry-later');
    expect(verdictOf({ error: { status: 502, data: null } })).toBe('retry-later');
    expect(verdictOf({ error: { status: 423, data: null } })).toBe('retry-later');
    expect(verdictOf({ error: { status: 401, data: null } })).toBe('sign-in');
    expect(verdictOf({ error: { status: 422, data: null } })).toBe('refused');
    expect(verdictOf({ error: { status: 'PARSING_ERROR', originalStatus: 201, data: '', error: 'x' } })).toBe('accepted');
  });

  it('sends again later when someone changed the same records at that instant, but asks about a taken part number', () => {
    expect(verdictOf({ error: { status: 409, data: { error: 'CONFLICT', message: CONCURRENT_CHANGE } } })).toBe('retry-later');
    expect(verdictOf({ error: { status: 409, data: { error: 'CONFLICT', message: 'Part number already exists' } } })).toBe('refused');
  });

  it("invalidates the project's stock and logs, or the warehouse's", () => {
    expect(tagsFor({ projectId: 'p1', warehouseId: null, kind: 'assign' })).toEqual(
      expect.arrayContaining([
        { type: 'Inventory', id: 'p1' },
        { type: 'MaterialLogs', id: 'p1' },
        { type: 'Requests', id: 'p1' },
      ]),
    );
    expect(tagsFor({ projectId: null, warehouseId: 'w1', kind: 'count-line' })).toEqual(
      expect.arrayContaining([{ type: 'WarehouseStock', id: 'w1' }, 'Counts']),
    );
  });
});
