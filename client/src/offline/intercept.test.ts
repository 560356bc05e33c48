// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { BaseQueryApi, FetchArgs } from '@reduxjs/toolkit/query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppBaseQuery } from '../api/base-query.ts';
import { deleteOfflineDb } from './db.ts';
import { SEND_QUEUED } from './intercept.ts';
import { enqueue, listActions } from './queue.ts';
import { isQueued } from './queued.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const users: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const id of users.splice(0)) await deleteOfflineDb(id);
});

function setup(handler: (request: Request) => Response | Promise<Response>) {
  const userId = `u-${Math.random().toString(36).slice(2)}`;
  users.push(userId);
  const seen: { line: string; key: string | null }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    seen.push({ line: `${request.method} ${new URL(request.url).pathname}`, key: request.headers.get('Idempotency-Key') });
    return handler(request);
  });
  const baseQuery = createAppBaseQuery({ baseUrl: 'http://localhost/', fetchFn });
  const api: BaseQueryApi = {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: vi.fn(),
    getState: () => ({ session: { user: { id: userId } } }),
    extra: undefined,
    endpoint: 'test',
    type: 'mutation',
  };
  const call = (args: FetchArgs, extra: object = {}) => baseQuery(args, api, extra);
  return { call, seen, userId };
}

const assign = (key = 'key-1'): FetchArgs => ({
  url: 'api/inventory/assign',
  method: 'POST',
  body: { project_id: 'p1', part_number: 'PN-100', quantity: 5, user_id: 'u9' },
  headers: { 'Idempotency-Key': key },
});

const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

describe('base query: field actions offline', () => {
  it('keeps a field action on the device while offline and answers with a receipt', async () => {
    offline();
    const { call, seen, userId } = setup(() => json(200, {}));

    const result = await call(assign());

    expect(seen).toEqual([]);
    expect(isQueued(result.data)).toBe(true);
    expect(result.data).toMatchObject({ queued: true, action: { id: 'key-1', kind: 'assign', url: '/api/inventory/assign', summary: 'Assign 5 × PN-100' } });
    expect((await listActions(userId)).map((a) => a.id)).toEqual(['key-1']);
  });

  it('keeps a call that failed for the network, under the key it was sent with', async () => {
    const { call, seen, userId } = setup(() => {
      throw new TypeError('Failed to fetch');
    });

    const result = await call(assign('key-net'));

    expect(seen).toEqual([{ line: 'POST /api/inventory/assign', key: 'key-net' }]);
    expect(isQueued(result.data)).toBe(true);
    expect((await listActions(userId)).map((a) => a.id)).toEqual(['key-net']);
  });

  it('gives a field action sent without a key one, and keeps that same key if the send fails', async () => {
    const { call, seen, userId } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await call({ url: 'api/materials/receive', method: 'POST', body: { project_id: 'p1', part_number: 'PN-1', quantity: 1 } });
    const [action] = await listActions(userId);
    expect(seen[0]?.key).toBeTruthy();
    expect(action?.id).toBe(seen[0]?.key);
  });

  it('sends normally when online with nothing waiting, and returns the server answer (refusals too)', async () => {
    const { call, seen, userId } = setup(() => json(409, { error: 'INSUFFICIENT_QUANTITY', message: 'Insufficient Quantity' }));

    const result = await call(assign());

    expect(seen).toHaveLength(1);
    expect(result.error).toMatchObject({ status: 409 });
    expect(await listActions(userId)).toEqual([]);
  });

  it('queues behind actions already waiting, to keep their order', async () => {
    const { call, seen, userId } = setup(() => json(200, {}));
    await enqueue({ userId, id: 'earlier', method: 'POST', url: '/api/materials/lost', body: { project_id: 'p1', part_number: 'PN-1', quantity: 1 } });

    const result = await call(assign('later'));

    expect(seen).toEqual([]);
    expect(isQueued(result.data)).toBe(true);
    expect((await listActions(userId)).map((a) => a.id)).toEqual(['earlier', 'later']);
  });

  it('leaves other calls alone, offline or not', async () => {
    offline();
    const { call, seen, userId } = setup(() => json(200, { ok: true }));

    expect((await call({ url: 'api/materials/PN-1/stock-warnings', method: 'PUT', body: {} })).data).toEqual({ ok: true });
    expect((await call({ url: 'api/inventory/materials', params: { project_id: 'p1' } })).data).toEqual({ ok: true });
    expect(seen.map((s) => s.line)).toEqual(['PUT /api/materials/PN-1/stock-warnings', 'GET /api/inventory/materials']);
    expect(await listActions(userId)).toEqual([]);
  });

  it('sends as it always did where the browser gives no IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    try {
      const { call, seen } = setup(() => json(200, { ok: true }));
      expect((await call(assign())).data).toEqual({ ok: true });
      expect(seen).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("sends the sender's own calls straight through", async () => {
    offline();
    const { call, seen } = setup(() => json(200, { ok: true }));
    const result = await call(assign(), { [SEND_QUEUED]: true });
    expect(result.data).toEqual({ ok: true });
    expect(seen).toHaveLength(1);
  });
});
