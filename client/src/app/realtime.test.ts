import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiTagDescription } from '../api/base-api.ts';
import { RealtimeClient, type SocketLike } from './realtime.ts';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
    this.onclose?.({});
  }
  /** The server accepts the connection and says it is ready. */
  accept() {
    this.readyState = 1;
    this.onopen?.({});
    this.receive({ type: 'ready' });
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

let sockets: FakeSocket[];
let invalidated: ApiTagDescription[][];

function client() {
  return new RealtimeClient({
    url: 'ws://test/ws',
    invalidate: (tags) => invalidated.push(tags),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    random: () => 0,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  invalidated = [];
});
afterEach(() => vi.useRealTimers());

describe('live connection', () => {
  it('subscribes to the current project once the server is ready and follows a switch', () => {
    const realtime = client();
    realtime.setProject('p1');
    realtime.start();
    sockets[0]!.accept();
    expect(sockets[0]!.sent).toEqual([{ type: 'subscribe', projectId: 'p1' }]);

    realtime.setProject('p2');
    expect(sockets[0]!.sent.slice(1)).toEqual([
      { type: 'unsubscribe', projectId: 'p1' },
      { type: 'subscribe', projectId: 'p2' },
    ]);
    realtime.stop();
  });

  it('hands the messages it does not know (the request notices) to onOther as received', () => {
    const other: string[] = [];
    const realtime = new RealtimeClient({
      url: 'ws://test/ws/requests',
      invalidate: (tags) => invalidated.push(tags),
      onOther: (text) => other.push(text),
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
    });
    realtime.setProject('p1');
    realtime.start();
    sockets[0]!.accept();
    sockets[0]!.receive({ type: 'request_submitted', projectId: 'p1', requestId: 'r1', num: 1, actorId: 'u1' });
    expect(other.map((text) => JSON.parse(text).type)).toEqual(['request_submitted']);
    expect(invalidated).toEqual([]);
    realtime.stop();
  });

  it('invalidates the tags of a change to the current project and ignores other projects', () => {
    const realtime = client();
    realtime.setProject('p1');
    realtime.start();
    sockets[0]!.accept();
    sockets[0]!.receive({ type: 'changed', projectId: 'p1', topics: ['inventory'] });
    sockets[0]!.receive({ type: 'changed', projectId: 'p9', topics: ['inventory'] });
    expect(invalidated).toEqual([[{ type: 'Inventory', id: 'p1' }]]);
    realtime.stop();
  });

  it('follows the site-wide changes (warehouses) while following no project, and leaves them for a project', () => {
    const realtime = client();
    realtime.start();
    sockets[0]!.accept();
    expect(sockets[0]!.sent).toEqual([{ type: 'subscribe', projectId: '*' }]);
    sockets[0]!.receive({ type: 'changed', projectId: '*', topics: ['warehouses'] });
    expect(invalidated).toEqual([['Warehouse', 'WarehouseStock', 'WarehouseLogs']]);

    // A project's subscription carries the warehouse changes too: '*' would say everything twice.
    realtime.setProject('p1');
    expect(sockets[0]!.sent.slice(1)).toEqual([
      { type: 'unsubscribe', projectId: '*' },
      { type: 'subscribe', projectId: 'p1' },
    ]);
    realtime.stop();
  });

  it('reconnects with growing waits, re-subscribes and refetches the project', () => {
    const realtime = client();
    realtime.setProject('p1');
    realtime.start();
    sockets[0]!.accept();
    sockets[0]!.drop();

    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // The server is still away: the next wait is twice as long.
    sockets[1]!.drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);

    sockets[2]!.accept();
    expect(sockets[2]!.sent).toEqual([{ type: 'subscribe', projectId: 'p1' }]);
    expect(invalidated).toHaveLength(1);
    expect(invalidated[0]).toContainEqual({ type: 'Inventory', id: 'p1' });
    expect(invalidated[0]).toContainEqual({ type: 'MaterialLogs', id: 'p1' });

    // A successful connection resets the backoff.
    sockets[2]!.drop();
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(4);
    realtime.stop();
  });

  it('does not refetch on the first connection, and stops reconnecting once stopped', () => {
    const realtime = client();
    realtime.setProject('p1');
    realtime.start();
    sockets[0]!.accept();
    expect(invalidated).toEqual([]);
    realtime.stop();
    expect(sockets[0]!.closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('asks for a fresh session when turned away for an expired one, and tries again', () => {
    let refreshes = 0;
    const realtime = new RealtimeClient({
      url: 'ws://test/ws',
      invalidate: () => undefined,
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      random: () => 0,
      onUnauthorized: () => (refreshes += 1),
    });
    realtime.start();
    sockets[0]!.drop(4401);
    expect(refreshes).toBe(1);
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
    sockets[1]!.drop();
    expect(refreshes).toBe(1);
    realtime.stop();
  });

  it('asks for the session when the server ends an open connection because the session ended', () => {
    let refreshes = 0;
    const realtime = new RealtimeClient({
      url: 'ws://test/ws',
      invalidate: () => undefined,
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      random: () => 0,
      onUnauthorized: () => (refreshes += 1),
    });
    realtime.setProject('p1');
    realtime.start();
    sockets[0]!.accept();
    sockets[0]!.drop(4401);
    expect(refreshes).toBe(1);
    realtime.stop();
  });

  it('refetches the project list and role when access to the followed project is lost, and keeps the connection', () => {
    const other: string[] = [];
    const realtime = new RealtimeClient({
      url: 'ws://test/ws/requests',
      invalidate: (tags) => invalidated.push(tags),
      onOther: (text) => other.push(text),
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
    });
    realtime.setProject('p1');
    realtime.start();
    sockets[0]!.accept();
    sockets[0]!.receive({ type: 'unsubscribed', projectId: 'p9' });
    sockets[0]!.receive({ type: 'unsubscribed', projectId: 'p1' });
    expect(invalidated).toEqual([
      [
        { type: 'Project', id: 'LIST' },
        { type: 'ProjectRole', id: 'p1' },
      ],
    ]);
    expect(other).toEqual([]);
    expect(sockets[0]!.closed).toBe(false);

    // The screens move on to a project the user still sees.
    realtime.setProject('p2');
    expect(sockets[0]!.sent.slice(-1)).toEqual([{ type: 'subscribe', projectId: 'p2' }]);
    sockets[0]!.receive({ type: 'changed', projectId: 'p2', topics: ['inventory'] });
    expect(invalidated.at(-1)).toEqual([{ type: 'Inventory', id: 'p2' }]);
    realtime.stop();
  });

  it('closes a connection that stopped answering pings, and reconnects', () => {
    const realtime = new RealtimeClient({
      url: 'ws://test/ws',
      invalidate: () => undefined,
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        return socket;
      },
      random: () => 0,
      keepAliveMs: 1000,
    });
    realtime.start();
    sockets[0]!.accept();
    vi.advanceTimersByTime(1000);
    expect(sockets[0]!.sent).toContainEqual({ type: 'ping' });
    vi.advanceTimersByTime(2000);
    expect(sockets[0]!.closed).toBe(true);
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(2);
    realtime.stop();
  });
});
