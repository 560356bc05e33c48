/**
 * The cases of "a socket follows its session", written once and run twice: in one process on the
 * default database (socket-access.test.ts), and with the HTTP call made through one server process
 * while the socket is open on another (socket-access.pg.test.ts). Each waits at most a second for the
 * socket to be closed or told, counted from the HTTP answer that changed access.
 */
import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { hashToken } from '../auth/session-store.ts';
import { createUser } from '../../test/helpers/test-app.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import type { Runtime } from '../runtime.ts';
import type { GlobalRole } from '../../ledger/user/events.ts';

export interface SocketAccessSetup {
  /** Where the HTTP calls go. */
  httpUrl: string;
  /** Where the sockets connect (ws://…): another server process in the two-process run. */
  wsUrl: string;
  /** The test's own handle on the same database: people, projects, and the clock of tokens. */
  runtime: Runtime;
  /** A superadmin's session cookie. */
  adminCookie: string;
}

type Message = Record<string, unknown>;

const DEADLINE_MS = 1000;
const PASSWORD = 'correct horse battery';

interface LiveSocket {
  subscribe(projectId: string): Promise<void>;
  /** The first message since `from` (an index into `messages`) that matches, waiting up to `timeoutMs`. */
  next(match: (message: Message) => boolean, timeoutMs: number, from?: number): Promise<Message>;
  /** Answers once the server has handled everything sent before: what it meant to say by then has arrived. */
  roundTrip(): Promise<void>;
  readonly messages: Message[];
  /** The close code, once the server closes the socket within `timeoutMs`. */
  closed(timeoutMs: number): Promise<number>;
  close(): void;
}

async function openLiveSocket(url: string, cookie: string): Promise<LiveSocket> {
  const socket = new WebSocket(url, { headers: { cookie } });
  const messages: Message[] = [];
  let closeCode: number | null = null;
  const wakers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of wakers) wake();
  };
  socket.on('message', (raw) => {
    messages.push(JSON.parse(String(raw)));
    wakeAll();
  });
  socket.on('close', (code) => {
    closeCode = code;
    wakeAll();
  });
  const until = async <T>(read: () => T | undefined, timeoutMs: number, what: () => string): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = read();
      if (value !== undefined) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(what());
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          wakers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        wakers.add(wake);
      });
    }
  };
  const next = (match: (message: Message) => boolean, timeoutMs: number, from = 0) =>
    until(
      () => messages.slice(from).find(match),
      timeoutMs,
      () => `no such message within ${timeoutMs} ms; got ${JSON.stringify(messages.slice(from))}, close code ${closeCode}`,
    );
  await next((m) => m.type === 'ready', 5000);
  return {
    messages,
    next,
    subscribe: async (projectId) => {
      const from = messages.length;
      socket.send(JSON.stringify({ type: 'subscribe', projectId }));
      await next((m) => m.type === 'subscribed' && m.projectId === projectId, 3000, from);
    },
    roundTrip: async () => {
      const from = messages.length;
      socket.send(JSON.stringify({ type: 'ping' }));
      await next((m) => m.type === 'pong', 3000, from);
    },
    closed: (timeoutMs) =>
      until(
        () => closeCode ?? undefined,
        timeoutMs,
        () => `still open after ${timeoutMs} ms`,
      ),
    close: () => socket.close(),
  };
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

const cookieValue = (cookie: string, name: string) => cookie.match(new RegExp(`(?:^|; )${name}=([^;]*)`))?.[1] ?? '';

/** Registers the cases; `setup` is read when a case runs, after the file's beforeAll. */
export function socketAccessCases(setup: () => SocketAccessSetup): void {
  const run = randomBytes(3).toString('hex');
  let count = 0;
  const unique = (what: string) => `${what}-${run}-${++count}`;

  const call = async (cookie: string, method: string, path: string, body?: object) => {
    const response = await fetch(`${setup().httpUrl}${path}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return response;
  };
  const signIn = async (email: string) => {
    const response = await call('', 'POST', '/api/login', { email, password: PASSWORD });
    expect(response.status).toBe(200);
    return cookieOf(response);
  };
  const person = async (role: GlobalRole = 'user') => {
    const email = `${unique('person')}@example.com`;
    const { userId } = await createUser(setup().runtime, email, PASSWORD, role);
    return { id: userId, email, cookie: await signIn(email) };
  };
  const project = async (members: Array<{ id: string; role: 'user' | 'manager' | 'admin' }>) => {
    const { store } = setup().runtime;
    const projectId = await createProject(store, { name: unique('Project'), customer: null, number: unique('P') }, { metadata: SYSTEM_ACTOR });
    for (const member of members) await changeMembership(store, projectId, { type: 'add', userId: member.id, role: member.role }, { metadata: SYSTEM_ACTOR });
    return projectId;
  };
  const socketOf = (cookie: string, path = '/ws') => openLiveSocket(`${setup().wsUrl}${path}`, cookie);
  const receive = async (projectId: string, partNumber: string) => {
    const response = await call(setup().adminCookie, 'POST', '/api/materials/receive', {
      project_id: projectId,
      part_number: partNumber,
      quantity: 5,
      part_name: partNumber,
      standard_name: partNumber,
    });
    expect(response.status).toBe(200);
  };

  it('closes the socket of a session that signs out, with 4401, within a second', async () => {
    const user = await person();
    const projectId = await project([{ id: user.id, role: 'user' }]);
    const socket = await socketOf(user.cookie);
    await socket.subscribe(projectId);
    expect((await call(user.cookie, 'POST', '/api/logout')).status).toBe(204);
    expect(await socket.closed(DEADLINE_MS)).toBe(4401);
  });

  it('closes the sockets of a user who is deleted (deactivated)', async () => {
    const user = await person();
    const projectId = await project([{ id: user.id, role: 'user' }]);
    const general = await socketOf(user.cookie);
    await general.subscribe(projectId);
    const requests = await socketOf(user.cookie, '/ws/requests');
    await requests.subscribe(projectId);
    expect((await call(setup().adminCookie, 'DELETE', '/api/users', { ids: [user.id] })).status).toBe(200);
    expect(await general.closed(DEADLINE_MS)).toBe(4401);
    expect(await requests.closed(DEADLINE_MS)).toBe(4401);
  });

  it('closes the socket of a session revoked because its refresh token was used twice', async () => {
    const user = await person();
    const socket = await socketOf(user.cookie);
    const refreshed = await call(user.cookie, 'POST', '/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    // The first refresh rotated the token a minute ago, outside the window two tabs may share it.
    await setup()
      .runtime.store.db.updateTable('auth_tokens')
      .set({ used_at: new Date(Date.now() - 60_000) })
      .where('token_hash', '=', hashToken(cookieValue(user.cookie, 'sl_refresh')))
      .execute();
    expect((await call(user.cookie, 'POST', '/api/auth/refresh')).status).toBe(401);
    expect(await socket.closed(DEADLINE_MS)).toBe(4401);
  });

  it("closes the user's other sessions' sockets on a password change, and keeps the one that changed it", async () => {
    const user = await person();
    const elsewhere = await signIn(user.email);
    const mine = await socketOf(user.cookie);
    const other = await socketOf(elsewhere);
    expect((await call(user.cookie, 'POST', '/api/auth/update-password', { password: 'a brand new password' })).status).toBe(200);
    expect(await other.closed(DEADLINE_MS)).toBe(4401);
    await mine.roundTrip();
    mine.close();
  });

  it("closes a user's socket when a superadmin changes their global role", async () => {
    const user = await person();
    const projectId = await project([{ id: user.id, role: 'user' }]);
    const socket = await socketOf(user.cookie);
    await socket.subscribe(projectId);
    expect((await call(setup().adminCookie, 'PUT', '/api/users/roles', { ids: [user.id], role: 'admin' })).status).toBe(200);
    expect(await socket.closed(DEADLINE_MS)).toBe(4401);
  });

  it('ends a socket whose session has no unexpired token left, and keeps one whose access token alone expired', async () => {
    const spent = await person();
    const idle = await person();
    const leaving = await person();
    const spentSocket = await socketOf(spent.cookie);
    const idleSocket = await socketOf(idle.cookie);
    const leavingSocket = await socketOf(leaving.cookie);
    const { db } = setup().runtime.store;
    const expire = (cookie: string, name: string) =>
      db
        .updateTable('auth_tokens')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('token_hash', '=', hashToken(cookieValue(cookie, name)))
        .execute();
    await expire(spent.cookie, 'sl_access');
    await expire(spent.cookie, 'sl_refresh');
    // Its browser refreshes the access token over HTTP while the socket stays open.
    await expire(idle.cookie, 'sl_access');
    // Someone else signing out makes every server process look at its sockets again.
    expect((await call(leaving.cookie, 'POST', '/api/logout')).status).toBe(204);
    expect(await leavingSocket.closed(DEADLINE_MS)).toBe(4401);
    expect(await spentSocket.closed(DEADLINE_MS)).toBe(4401);
    await idleSocket.roundTrip();
    idleSocket.close();
  });

  it('unsubscribes a member removed from a project, who then hears nothing more of it', async () => {
    const user = await person();
    const leftProject = await project([{ id: user.id, role: 'user' }]);
    const keptProject = await project([{ id: user.id, role: 'user' }]);
    const socket = await socketOf(user.cookie);
    await socket.subscribe(leftProject);
    await socket.subscribe(keptProject);
    const removed = await call(setup().adminCookie, 'POST', '/api/projects/remove', { project_id: leftProject, user_id: user.id });
    expect(removed.status).toBe(200);
    await socket.next((m) => m.type === 'unsubscribed' && m.projectId === leftProject, DEADLINE_MS);
    const since = socket.messages.length;
    await receive(leftProject, 'GONE-1');
    await receive(keptProject, 'KEPT-1');
    // Changes are told in commit order: once the kept project's arrives, the other's would have too.
    await socket.next((m) => m.type === 'changed' && m.projectId === keptProject, 3000, since);
    expect(socket.messages.slice(since).filter((m) => m.projectId === leftProject)).toEqual([]);
    socket.close();
  });

  it('stops telling a manager of new requests once demoted to a plain member', async () => {
    const manager = await person();
    const worker = await person();
    const projectId = await project([
      { id: manager.id, role: 'manager' },
      { id: worker.id, role: 'user' },
    ]);
    await receive(projectId, 'BOLT');
    const socket = await socketOf(manager.cookie, '/ws/requests');
    await socket.subscribe(projectId);
    const ask = async () => {
      const response = await call(worker.cookie, 'POST', '/api/requests/material', { project_id: projectId, pick_list: [{ part_number: 'BOLT', qty: 1 }] });
      expect(response.status).toBe(200);
      return ((await response.json()) as { id: string }).id;
    };
    const first = await ask();
    await socket.next((m) => m.type === 'request_submitted' && m.requestId === first, 3000);

    const demoted = await call(setup().adminCookie, 'PATCH', `/api/projects/${projectId}/role`, { user_id: manager.id, project_role: 'user' });
    expect(demoted.status).toBe(200);
    // Nothing announces the demotion: a second is the bound, so the next request comes after it.
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS));
    const since = socket.messages.length;
    const second = await ask();
    // Still a member: the request lists change; the notice, sent with them, would be here by the round trip.
    await socket.next((m) => m.type === 'changed' && m.projectId === projectId && (m.topics as string[]).includes('requests'), 3000, since);
    await socket.roundTrip();
    expect(socket.messages.slice(since).filter((m) => m.type === 'request_submitted' && m.requestId === second)).toEqual([]);
    socket.close();
  });
}
