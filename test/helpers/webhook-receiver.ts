/**
 * A webhook receiver on 127.0.0.1 that verifies every request with the standardwebhooks library (as
 * a customer's would) and records what arrived: id, body, when, and how many requests to the same
 * path were in flight at once. It can answer anything, hang, or go down and come back on its port.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  id: string;
  body: string;
  headers: Record<string, string>;
  /** performance.timeOrigin + performance.now() when the body had arrived. */
  at: number;
  /** Requests to the same path in flight at once, this one included. */
  inFlight: number;
  verified: boolean;
}

/** What the receiver does with a request: answer a status (and body), or never answer. */
export type Answer = { status: number; body?: string } | 'hang';

export interface Receiver {
  port: number;
  /** A URL of its own, whose requests are verified with `secret` (given now, or later with `trust`). */
  endpoint(secret?: string): string;
  /** The secret a URL's requests are verified with (the server tells it when the endpoint is registered). */
  trust(url: string, secret: string): void;
  received: Received[];
  /** Decides each answer (by default 200). */
  respond(answer: (request: Received) => Answer | Promise<Answer>): void;
  /** Stops listening (connections refused) until `up`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/** A Standard Webhooks secret, as endpoints are given. */
export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export async function startReceiver(): Promise<Receiver> {
  const secrets = new Map<string, string>();
  const inFlight = new Map<string, number>();
  const received: Received[] = [];
  let answer: (request: Received) => Answer | Promise<Answer> = () => ({ status: 200 });
  let server: Server;
  let port = 0;

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? '/';
    inFlight.set(path, (inFlight.get(path) ?? 0) + 1);
    const concurrent = inFlight.get(path)!;
    let finished = false;
    const finish = () => {
      if (!finished) inFlight.set(path, inFlight.get(path)! - 1);
      finished = true;
    };
    response.on('close', finish);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      let verified = false;
      try {
        new Webhook(secrets.get(path) ?? '').verify(body, headers);
        verified = true;
      } catch {
        verified = false;
      }
      const record: Received = {
        path,
        id: headers['webhook-id'] ?? '',
        body,
        headers,
        at: performance.timeOrigin + performance.now(),
        inFlight: concurrent,
        verified,
      };
      received.push(record);
      void Promise.resolve(verified ? answer(record) : { status: 400, body: 'signature did not verify' }).then((decided) => {
        if (decided === 'hang') return;
        finish();
        response.writeHead(decided.status, { 'content-type': 'text/plain' }).end(decided.body ?? '');
      });
    });
  };

  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer(handle);
      server.keepAliveTimeout = 60_000;
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  await listen();

  return {
    get port() {
      return port;
    },
    endpoint: (secret = '') => {
      const path = `/hook/${secrets.size + 1}`;
      secrets.set(path, secret);
      return `http://127.0.0.1:${port}${path}`;
    },
    trust: (url, secret) => {
      secrets.set(new URL(url).pathname, secret);
    },
    received,
    respond: (next) => {
      answer = next;
    },
    down: stop,
    up: listen,
    close: stop,
  };
}
