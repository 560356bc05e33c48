/** A websocket client for tests: connect with a session cookie, send, and wait for a message type. */
import WebSocket from 'ws';

export interface TestSocket {
  send(message: object, awaitType?: string): Promise<Record<string, unknown>>;
  next(type: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  close(): void;
}

export async function openSocket(url: string, cookie: string): Promise<TestSocket> {
  const socket = new WebSocket(url, { headers: { cookie } });
  const inbox: Record<string, unknown>[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (raw) => {
    inbox.push(JSON.parse(String(raw)));
    for (const wake of waiters.splice(0)) wake();
  });
  // Generous: on a loaded machine the fan-out waits for other transactions to pass the high-water mark.
  const next = async (type: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = inbox.findIndex((m) => m.type === type);
      if (index >= 0) return inbox.splice(index, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no "${type}" message within ${timeoutMs} ms; got ${JSON.stringify(inbox)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  await next('ready');
  return {
    send: async (message, awaitType) => {
      socket.send(JSON.stringify(message));
      return awaitType ? next(awaitType) : {};
    },
    next,
    close: () => socket.close(),
  };
}
