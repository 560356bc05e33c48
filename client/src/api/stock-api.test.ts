import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store.ts';
import { inventoryCsvUrl, logParams, logsCsvUrl, materialsApi } from './materials-api.ts';
import { stockApi } from './stock-api.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Seen {
  line: string;
  key: string | null;
  type: string | null;
  body: string;
}

let seen: Seen[];

function serve(routes: Record<string, (request: Request) => Response>) {
  seen = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const line = `${request.method} ${url.pathname}`;
      seen.push({
        line: `${line}${url.search}`,
        key: request.headers.get('idempotency-key'),
        type: request.headers.get('content-type'),
        body: await request.clone().text(),
      });
      const route = routes[line];
      return route ? route(request) : json(404, { error: 'NOT_FOUND', message: 'Not found' });
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

const row = (onHand: number) => ({ PartNumber: 'P-1', QtyOnHand: onHand });

describe('materials and stock api', () => {
  it('sends the idempotency key as a header, not in the body, and refreshes the project’s inventory', async () => {
    let onHand = 1;
    serve({
      'GET /api/inventory/materials': () => json(200, { items: [row(onHand)], as_of: null }),
      'POST /api/materials/receive': () => {
        onHand += 4;
        return json(200, { reopenedCount: 0, item: row(onHand) });
      },
    });
    const store = makeStore(undefined);
    const inventory = store.dispatch(materialsApi.endpoints.getInventory.initiate('p1'));
    await inventory;

    await store.dispatch(stockApi.endpoints.receiveMaterial.initiate({ project_id: 'p1', part_number: 'P-1', quantity: 4, idempotencyKey: 'k-1' }));

    const post = seen.find((s) => s.line.startsWith('POST'));
    expect(post?.key).toBe('k-1');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ project_id: 'p1', part_number: 'P-1', quantity: 4 });
    await vi.waitFor(() => expect(materialsApi.endpoints.getInventory.select('p1')(store.getState()).data?.[0]?.QtyOnHand).toBe(5));
    inventory.unsubscribe();
  });

  it('reuses the same key when the request is retried after a token refresh', async () => {
    let refreshed = false;
    serve({
      'POST /api/inventory/assign': () => (refreshed ? json(200, { reopenedCount: 0, item: null }) : json(401, { error: 'UNAUTHORIZED', message: 'Expired' })),
      'POST /api/auth/refresh': () => {
        refreshed = true;
        return json(200, { user: { id: 'u1', role: 'admin' } });
      },
    });
    const store = makeStore(undefined);
    await store.dispatch(
      stockApi.endpoints.assignMaterial.initiate({
        action: 'assign',
        project_id: 'p1',
        part_number: 'P-1',
        quantity: 1,
        user_id: 'u2',
        idempotencyKey: 'k-2',
      }),
    );
    const assigns = seen.filter((s) => s.line.startsWith('POST /api/inventory/assign'));
    expect(assigns.map((s) => s.key)).toEqual(['k-2', 'k-2']);
  });

  it('sends a bulk file as text/csv, exactly as read', async () => {
    serve({ 'POST /api/materials/bulk': () => json(200, { results: [], summary: { ok: 0, invalid: 0, skipped: 0, failed: 0 } }) });
    const store = makeStore(undefined);
    const csv = 'Part Number,Part Name,Part Nickname,Quantity\nP-1,"Bolt, hex",B,2\n';
    await store.dispatch(stockApi.endpoints.bulkUpload.initiate({ projectId: 'p1', action: 'return', csv, idempotencyKey: 'k-3' }));
    expect(seen[0]).toMatchObject({ line: 'POST /api/materials/bulk?project_id=p1&action=return', type: 'text/csv', body: csv, key: 'k-3' });
  });

  it('previews a bulk file with the server as a dry run, and reverses an applied upload by its batch id', async () => {
    serve({
      'POST /api/materials/bulk': () =>
        json(200, { applied: false, batch_id: null, results: [], summary: { ok: 0, invalid: 0, skipped: 0, failed: 0, not_applied: 0 } }),
      'POST /api/materials/bulk/b-1/reverse': () => json(200, { batch_id: 'b-2', reverses: 'b-1', rows: 3 }),
    });
    const store = makeStore(undefined);
    const csv = 'Part Number,Part Name,Part Nickname,Quantity\nP-1,Bolt,B,2\n';
    await store.dispatch(stockApi.endpoints.bulkPreview.initiate({ projectId: 'p1', action: 'receive', csv }));
    expect(seen[0]).toMatchObject({ line: 'POST /api/materials/bulk?project_id=p1&action=receive&dry_run=true', type: 'text/csv', body: csv });
    const reversed = await store.dispatch(stockApi.endpoints.reverseBulk.initiate({ projectId: 'p1', batchId: 'b-1' }));
    expect(seen[1]).toMatchObject({ line: 'POST /api/materials/bulk/b-1/reverse?project_id=p1' });
    expect(reversed.data).toEqual({ batch_id: 'b-2', reverses: 'b-1', rows: 3 });
  });
});

describe('download addresses', () => {
  it('asks the server for every matching log row as CSV', () => {
    expect(logParams({ projectId: 'p1', types: [], days: 'all', q: '  ' })).toEqual({ project_id: 'p1', type: 'all', days: 'all' });
    expect(logsCsvUrl({ projectId: 'p1', types: ['Assign', 'Unassign'], days: '7', q: 'grace' })).toBe(
      '/api/materials/logs?project_id=p1&type=Assign%2CUnassign&days=7&q=grace&format=csv',
    );
    expect(inventoryCsvUrl('p1')).toBe('/api/inventory/materials?project_id=p1&format=csv');
  });
});
