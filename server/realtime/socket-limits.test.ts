/**
 * Websockets are bounded: one person holds at most WS_MAX_PER_USER at once (a script opening
 * thousands is refused past that, and others are not affected), and a browser that stops reading is
 * cut off instead of letting its unread hints pile up in the server's memory.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { openSocket } from '../../test/helpers/socket.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { TOO_MANY_SOCKETS } from '../../contract/realtime.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let url: string;
let boss: string;
let other: string;
let projectId: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { wsMaxPerUser: 3 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/ws`;
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  await createUser(runtime, 'other@example.com', 'other password', 'superadmin');
  boss = await signIn(app, 'boss@example.com', 'boss password');
  other = await signIn(app, 'other@example.com', 'other password');
  projectId = await createProject(runtime.store, { name: 'Limits', customer: null, number: 'W-1' }, { metadata: SYSTEM_ACTOR });
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

/** Opens a socket and resolves with how it ended up: "ready", or the close code and reason. */
function attempt(cookie: string): Promise<{ socket: WebSocket; outcome: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers: { cookie } });
    socket.on('message', (raw) => {
      if (JSON.parse(String(raw)).type === 'ready') resolve({ socket, outcome: 'ready' });
    });
    socket.on('close', (code, reason) => resolve({ socket, outcome: `${code} ${reason}` }));
    socket.on('error', reject);
  });
}

const closed = (socket: WebSocket) => new Promise<void>((resolve) => (socket.readyState === socket.CLOSED ? resolve() : socket.once('close', () => resolve())));

describe('websocket limits', () => {
  it('refuses one socket past the per-person limit, leaves other people alone, and admits again after a close', async () => {
    const held = await Promise.all([attempt(boss), attempt(boss), attempt(boss)]);
    expect(held.map((h) => h.outcome)).toEqual(['ready', 'ready', 'ready']);
    expect((await attempt(boss)).outcome).toBe(`${TOO_MANY_SOCKETS.code} ${TOO_MANY_SOCKETS.reason}`);
    const someoneElse = await attempt(other);
    expect(someoneElse.outcome).toBe('ready');
    held[0]!.socket.close();
    await closed(held[0]!.socket);
    await expect
      .poll(async () => {
        const again = await attempt(boss);
        again.socket.close();
        return again.outcome;
      })
      .toBe('ready');
    for (const h of [...held, someoneElse]) h.socket.close();
  });

  it('cuts off a browser that stopped reading, and keeps serving the others', async () => {
    const reader = await openSocket(url, other);
    await reader.send({ type: 'subscribe', projectId }, 'subscribed');
    const stalled = await attempt(boss);
    stalled.socket.send(JSON.stringify({ type: 'subscribe', projectId }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const stalledEnd = closed(stalled.socket);
    // The server's side of the newest socket (the stalled one) reports the backlog that a client that
    // never reads leaves behind once the network's buffers are full.
    const newest = [...app.websocketServer.clients].at(-1)!;
    Object.defineProperty(newest, 'bufferedAmount', { get: () => 10 * 1024 * 1024 });
    await app.inject({
      method: 'POST',
      url: '/api/materials/receive',
      headers: { cookie: boss },
      payload: { project_id: projectId, part_number: 'WS-1', quantity: 1, part_name: 'WS', standard_name: 'WS' },
    });
    await stalledEnd;
    expect(stalled.socket.readyState).toBe(WebSocket.CLOSED);
    expect(await reader.next('changed')).toMatchObject({ type: 'changed', projectId });
    reader.close();
  });
});
