/**
 * The bench's webhook receiver, in a process of its own as a real receiver is: it notes each
 * arrival's wall-clock time first, then verifies the signature with the standardwebhooks library.
 * Driven over IPC by bench/webhooks.ts: `secret` sets the endpoint's secret, `report` answers
 * the arrivals so far.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

interface Arrival {
  id: string;
  position: number;
  atMs: number;
}

const arrivals: Arrival[] = [];
let unverified = 0;
let verifier: Webhook | null = null;

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (c: Buffer) => chunks.push(c));
  request.on('end', () => {
    const atMs = performance.timeOrigin + performance.now();
    const body = Buffer.concat(chunks).toString('utf8');
    try {
      if (!verifier) throw new Error('no secret yet');
      verifier.verify(body, request.headers as Record<string, string>);
      const payload = JSON.parse(body) as { data: { position: number } };
      arrivals.push({ id: String(request.headers['webhook-id']), position: payload.data.position, atMs });
      response.writeHead(204).end();
    } catch {
      unverified += 1;
      response.writeHead(400).end();
    }
  });
});
server.keepAliveTimeout = 60_000;

process.on('message', (message: { type: 'secret'; secret: string } | { type: 'report' }) => {
  if (message.type === 'secret') verifier = new Webhook(message.secret);
  else process.send?.({ type: 'arrivals', arrivals, unverified });
});
process.on('disconnect', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'ready', url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/stockledger` });
});
