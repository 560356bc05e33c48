/**
 * Component tests: `renderWithProviders` renders UI inside what the app gives it (the real store with
 * the RTK Query api, Mantine with its toasts, a router in memory) and answers its requests from a
 * fake server keyed by "METHOD /path". Files that use it run in jsdom: start them with
 * `// @vitest-environment jsdom`; the rest of the suite stays in node.
 */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { authenticated, currentProjectSelected } from '../shared/session/session-slice.ts';
import type { CurrentProject, Me } from '../shared/session/session-types.ts';
import { type AppStore, makeStore } from '../app/store.ts';
import { theme } from '../app/theme.ts';
import { TOAST_LIMIT } from '../shared/toast.ts';

// Screens and dialogs load when first used; on a busy machine the first import of one (transformed
// on demand) can take longer than Testing Library's default one second of waiting.
configure({ asyncUtilTimeout: 5000 });

/** A request the component sent, as the fake server saw it. */
export interface SeenRequest {
  method: string;
  /** "/api/materials/receive" */
  path: string;
  params: URLSearchParams;
  headers: Headers;
  /** The parsed JSON body, the text of any other body, or undefined when there is none. */
  body: unknown;
}

/** An answer: a Response as it is, or any other value sent as JSON with status 200. */
export type Route = unknown | ((request: SeenRequest) => unknown);

export interface FakeServer {
  /** Every request in the order sent, including those no route answered (they get a 404). */
  requests: SeenRequest[];
  /** The requests to one "METHOD /path". */
  sent: (line: string) => SeenRequest[];
}

export interface RenderOptions {
  /** Answers by "METHOD /path", e.g. `'GET /api/materials/assignees': { items: [] }`. */
  routes?: Record<string, Route>;
  /** Signs a user in (and selects their current project) before the first render. */
  session?: { user: Me; project?: CurrentProject; projectRole?: string };
  /** The router's address. */
  path?: string;
}

/** A JSON answer with any status, for routes that refuse. */
export function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function readBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function serve(routes: Record<string, Route>): FakeServer {
  const requests: SeenRequest[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const seen: SeenRequest = { method: input.method, path: url.pathname, params: url.searchParams, headers: input.headers, body: await readBody(input) };
    requests.push(seen);
    const line = `${seen.method} ${seen.path}`;
    if (!(line in routes)) return reply(404, { error: 'NOT_FOUND', message: `No route for ${line}` });
    const route = routes[line];
    const answer = typeof route === 'function' ? await (route as (request: SeenRequest) => unknown)(seen) : route;
    return answer instanceof Response ? answer : reply(200, answer);
  });
  // The app uses same-origin relative URLs, which Node's Request refuses without an origin; jsdom's
  // AbortSignal is not Node's, so the signal stays behind (nothing in a test outlives its request).
  const NodeRequest = globalThis.Request;
  class SameOriginRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      const { signal: _jsdomSignal, ...rest } = init ?? {};
      super(typeof input === 'string' ? new URL(input, 'http://localhost') : input, rest);
    }
  }
  vi.stubGlobal('Request', SameOriginRequest);
  return { requests, sent: (line) => requests.filter((r) => `${r.method} ${r.path}` === line) };
}

/** Renders `ui` with the app's providers; returns the store, the fake server and a user to act with. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const server = serve(options.routes ?? {});
  const store: AppStore = makeStore(undefined);
  if (options.session) {
    store.dispatch(authenticated(options.session.user));
    if (options.session.project) store.dispatch(currentProjectSelected({ project: options.session.project, projectRole: options.session.projectRole }));
  }
  // Mantine's test mode renders without transitions or portals, so dialogs are in the tree at once.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MantineProvider theme={theme} env="test">
        <Notifications limit={TOAST_LIMIT} />
        <MemoryRouter initialEntries={[options.path ?? '/']}>{children}</MemoryRouter>
      </MantineProvider>
    </Provider>
  );
  return { store, server, user: userEvent.setup(), ...render(ui, { wrapper }) };
}
