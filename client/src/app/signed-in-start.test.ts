import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from './store.ts';
import { startSession, startSignedInReads } from './signed-in-start.ts';
import { STORAGE_KEYS } from '../shared/session/session-storage.ts';
import { person } from '../test/people.ts';

const P1 = '22222222-2222-4222-8222-222222222222';
const project = { id: P1, project_name: 'Harbour', project_customer: null, project_number: 'H-1' };

function storageWith(values: Record<string, string>): Storage {
  const map = new Map(Object.entries(values));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    clear: () => map.clear(),
    key: () => null,
    get length() {
      return map.size;
    },
  };
}

const signedIn = (mode: 'materials' | 'assets' = 'materials') =>
  storageWith({
    [STORAGE_KEYS.session]: JSON.stringify({ user: person('user'), role: 'user', currentProject: project, currentProjectRole: 'manager' }),
    [STORAGE_KEYS.dashboardMode]: mode,
  });

/** Every request the app sent, as "GET /path?query"; each answered with an empty list or object. */
let sent: string[];
/** Answers other than the defaults, by path: a body, or a status to fail with. */
let answers: Record<string, unknown>;
beforeEach(() => {
  sent = [];
  answers = {};
  const NativeRequest = globalThis.Request;
  class SameOriginRequest extends NativeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, init);
    }
  }
  vi.stubGlobal('Request', SameOriginRequest);
  vi.stubGlobal('fetch', async (request: Request) => {
    const url = new URL(request.url);
    sent.push(`${request.method} ${url.pathname}${url.search}`);
    const answer = answers[url.pathname];
    if (typeof answer === 'number')
      return new Response(JSON.stringify({ error: 'Not signed in.' }), { status: answer, headers: { 'content-type': 'application/json' } });
    const body = answer ?? (url.pathname === '/api/site/public-settings' ? { maintenance_mode: false } : { items: [] });
    return new Response(JSON.stringify(url.pathname === '/api/inventory/materials' ? [] : body), { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a signed-in page opened directly', () => {
  it('asks for the maintenance check, the projects and the current project’s inventory at once, before the session check answers', async () => {
    const store = makeStore(signedIn());
    startSignedInReads(store, '/dashboard');
    await vi.waitFor(() =>
      expect([...sent].sort()).toEqual([`GET /api/inventory/materials?project_id=${P1}`, 'GET /api/projects', 'GET /api/site/public-settings']),
    );
    // The screens find them in the cache under the arguments they ask with.
    await vi.waitFor(() => expect(store.getState().api.queries[`getInventory("${P1}")`]?.status).toBe('fulfilled'));
    expect(store.getState().api.queries['listProjects({})']?.status).toBe('fulfilled');
    expect(store.getState().api.queries['getPublicSettings(undefined)']?.status).toBe('fulfilled');
  });

  it('leaves the inventory to the assets mode’s own reads', async () => {
    const store = makeStore(signedIn('assets'));
    startSignedInReads(store, '/dashboard');
    await vi.waitFor(() => expect([...sent].sort()).toEqual(['GET /api/projects', 'GET /api/site/public-settings']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(2);
  });

  it('asks only for the maintenance check on a page other than the dashboard', async () => {
    const store = makeStore(signedIn());
    startSignedInReads(store, '/labels');
    await vi.waitFor(() => expect(sent).toEqual(['GET /api/site/public-settings']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
  });

  it('asks for nothing when the browser holds no session (the sign-in page)', async () => {
    const store = makeStore(storageWith({}));
    startSignedInReads(store, '/dashboard');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });
});

describe('a signed-in page opened in a browser that holds no session yet (a cookie, nothing stored)', () => {
  it('asks for the projects, then the first project’s inventory, as soon as the session check says who it is', async () => {
    answers['/api/users/me'] = person('user');
    answers['/api/projects'] = { items: [project] };
    const store = makeStore(storageWith({}));
    startSession(store, '/dashboard');
    await vi.waitFor(() => expect(sent).toContain(`GET /api/inventory/materials?project_id=${P1}`));
    // The session check first, alone: nothing is sent for someone who may not be signed in.
    expect(sent[0]).toBe('GET /api/users/me');
    expect(sent.slice(1, 3).sort()).toEqual(['GET /api/projects', 'GET /api/site/public-settings']);
    await vi.waitFor(() => expect(store.getState().api.queries[`getInventory("${P1}")`]?.status).toBe('fulfilled'));
  });

  it('asks for nothing more when the session check finds nobody signed in', async () => {
    answers['/api/users/me'] = 401;
    answers['/api/auth/refresh'] = 401;
    const store = makeStore(storageWith({}));
    startSession(store, '/dashboard');
    await vi.waitFor(() => expect(store.getState().session.status).toBe('anonymous'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.filter((request) => !['GET /api/users/me', 'POST /api/auth/refresh'].includes(request))).toEqual([]);
  });

  it('with a session held, sends the reads beside the session check, not after it', async () => {
    answers['/api/users/me'] = person('user');
    const store = makeStore(signedIn());
    startSession(store, '/dashboard');
    await vi.waitFor(() => expect(sent).toHaveLength(4));
    expect([...sent].sort()).toEqual([
      `GET /api/inventory/materials?project_id=${P1}`,
      'GET /api/projects',
      'GET /api/site/public-settings',
      'GET /api/users/me',
    ]);
  });
});
