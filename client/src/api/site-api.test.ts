import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../app/store.ts';
import { siteApi } from './site-api.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (request: Request) => Response | Promise<Response>;

function serve(routes: Record<string, Handler>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const line = `${request.method} ${new URL(request.url).pathname}`;
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

const settingsOf = (store: ReturnType<typeof makeStore>) => siteApi.endpoints.getSiteSettings.select()(store.getState()).data;

describe('site settings', () => {
  it('flips a switch before the server answers and keeps the server’s answer', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    serve({
      'GET /api/site/settings': () => json(200, { freeze_transactions: false, maintenance_mode: false }),
      'PATCH /api/site/settings': async () => {
        await held;
        return json(200, { freeze_transactions: true, maintenance_mode: false });
      },
    });
    const store = makeStore(undefined);
    await store.dispatch(siteApi.endpoints.getSiteSettings.initiate());

    const pending = store.dispatch(siteApi.endpoints.updateSiteSettings.initiate({ freeze_transactions: true }));
    // The server has not answered yet: the switch shows the new value already.
    await vi.waitFor(() => expect(settingsOf(store)?.freeze_transactions).toBe(true));
    release();
    await pending;
    expect(settingsOf(store)).toEqual({ freeze_transactions: true, maintenance_mode: false });
  });

  it('puts the switch back when the update is refused', async () => {
    serve({
      'GET /api/site/settings': () => json(200, { freeze_transactions: false, maintenance_mode: false }),
      'PATCH /api/site/settings': () => json(403, { error: 'FORBIDDEN', message: 'No' }),
    });
    const store = makeStore(undefined);
    await store.dispatch(siteApi.endpoints.getSiteSettings.initiate());

    const result = await store.dispatch(siteApi.endpoints.updateSiteSettings.initiate({ maintenance_mode: true }));

    expect(result.error).toBeDefined();
    expect(settingsOf(store)).toEqual({ freeze_transactions: false, maintenance_mode: false });
  });
});

describe('maintenance signal', () => {
  it('marks the site as under maintenance when any call is answered 503 MAINTENANCE', async () => {
    serve({
      'GET /api/site/settings': () => json(503, { error: 'MAINTENANCE', message: 'The site is currently under maintenance.' }),
    });
    const store = makeStore(undefined);

    await store.dispatch(siteApi.endpoints.getSiteSettings.initiate());

    await vi.waitFor(() =>
      expect(siteApi.endpoints.getPublicSettings.select()(store.getState()).data).toEqual({
        maintenance_mode: true,
        freeze_transactions: false,
      }),
    );
  });
});

describe('freeze signal', () => {
  it('marks transactions as frozen when any call is answered 423 FROZEN', async () => {
    serve({
      'GET /api/site/public-settings': () => json(200, { maintenance_mode: false, freeze_transactions: false }),
      'PATCH /api/site/settings': () => json(423, { error: 'FROZEN', message: 'Transactions are frozen' }),
    });
    const store = makeStore(undefined);
    await store.dispatch(siteApi.endpoints.getPublicSettings.initiate());

    await store.dispatch(siteApi.endpoints.updateSiteSettings.initiate({ maintenance_mode: true }));

    await vi.waitFor(() =>
      expect(siteApi.endpoints.getPublicSettings.select()(store.getState()).data).toEqual({
        maintenance_mode: false,
        freeze_transactions: true,
      }),
    );
  });
});
