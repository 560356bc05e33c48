/**
 * One webhook request: the body signed the Standard Webhooks way, POSTed over a keep-alive
 * connection, answered within the time limit or given up. What comes back is an outcome to log,
 * never an exception: a refused address, a timeout and a 500 are all failures of the same kind.
 *
 * Addresses are checked twice: `checkWebhookTarget` before each send (the name may point elsewhere
 * since the last one), and in the connection's own DNS lookup, so the address connected to is the
 * address checked (a name that answers differently a moment later cannot slip a private address in).
 * Redirects are not followed: a 3xx is a failure like any other non-2xx.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS, WEBHOOK_MESSAGES, type WebhookPayload } from '../../contract/webhooks.ts';
import { type AddressLookup, addressAllowed, checkWebhookTarget } from './address-guard.ts';

export const USER_AGENT = 'StockLedger-Webhooks/1';
const ERROR_TEXT_MAX = 1000;

export type SendOutcome =
  | { kind: 'delivered'; status: number; latencyMs: number }
  | { kind: 'gone'; status: 410; error: string; latencyMs: number }
  | { kind: 'failed'; status: number | null; error: string; latencyMs: number };

export interface SendTarget {
  url: string;
  secret: string;
}

export interface SendMessage {
  messageId: string;
  /** The exact bytes sent and signed. */
  body: string;
}

export interface Sender {
  send(target: SendTarget, message: SendMessage, allowPrivate: boolean): Promise<SendOutcome>;
  close(): Promise<void>;
}

const systemLookup: AddressLookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The connection's DNS lookup: every address the name resolves to must be admitted, or nothing is connected. */
function guardedLookup(lookup: AddressLookup, allowPrivate: () => boolean): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname)
      .then((found) => {
        const addresses = found.map((a) => ({ address: a.address, family: ipaddr.parse(a.address).kind() === 'ipv6' ? 6 : 4 }));
        if (addresses.length === 0) throw Object.assign(new Error(WEBHOOK_MESSAGES.unresolvable), { code: 'ENOTFOUND' });
        if (!addresses.every((a) => addressAllowed(a.address, allowPrivate())))
          throw Object.assign(new Error(WEBHOOK_MESSAGES.privateAddress), { code: 'EREFUSED_ADDRESS' });
        const wanted = options.family === 6 || options.family === 4 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (options.all) callback(null, wanted);
        else if (wanted[0]) callback(null, wanted[0].address, wanted[0].family);
        else callback(Object.assign(new Error(WEBHOOK_MESSAGES.unresolvable), { code: 'ENOTFOUND' }), '', 0);
      })
      .catch((error: NodeJS.ErrnoException) => callback(error, '', 0));
  };
}

/** What a failure without an answer is called in the attempt log. */
function describeError(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `No answer within ${timeoutMs / 1000} s`;
  const seen = new Set<unknown>();
  // undici wraps the socket's error: the innermost one names what happened.
  let current = error as { message?: string; code?: string; cause?: unknown } | undefined;
  while (current?.cause && !seen.has(current.cause)) {
    seen.add(current);
    current = current.cause as typeof current;
  }
  if (current?.code === 'ECONNREFUSED') return 'Connection refused';
  if (current?.code === 'ECONNRESET' || current?.code === 'UND_ERR_SOCKET') return 'Connection closed before an answer';
  return (current?.message ?? String(error)).slice(0, ERROR_TEXT_MAX);
}

/** Up to `max` bytes of the answer as text; the rest is read and dropped so the connection can be reused. */
async function excerpt(body: AsyncIterable<Buffer> & { dump(opts?: { limit: number }): Promise<void> }, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size < max) chunks.push(chunk.subarray(0, max - size));
    size += chunk.length;
    if (size >= max) break;
  }
  await body.dump({ limit: 64 * 1024 }).catch(() => undefined);
  return Buffer.concat(chunks).toString('utf8').trim();
}

/**
 * The body as sent: the stored payload serialised once (every retry sends the same bytes). One over
 * the limit goes without its details, marked `truncated`, as the contract says.
 */
export function webhookBody(payload: unknown): string {
  const body = JSON.stringify(payload);
  if (Buffer.byteLength(body) <= WEBHOOK_LIMITS.bodyMaxBytes) return body;
  const data = (payload as Partial<WebhookPayload>).data;
  // Not a payload of ours: the send refuses it as too large, and the attempt log says so.
  if (!data || typeof data !== 'object') return body;
  const { details: _details, ...rest } = data;
  return JSON.stringify({ ...(payload as WebhookPayload), data: { ...rest, truncated: true } });
}

export interface SenderOptions {
  lookup?: AddressLookup;
  timeoutMs?: number;
}

/** A sender with one keep-alive connection pool for every endpoint. */
export function createSender({ lookup = systemLookup, timeoutMs = WEBHOOK_LIMITS.timeoutMs }: SenderOptions = {}): Sender {
  // The connection's lookup runs inside the request, which knows the setting: it is passed through here.
  let currentAllowPrivate = false;
  // The secret's key is decoded once per leased endpoint, not once per request.
  const signers = new WeakMap<SendTarget, Webhook>();
  const agent = new Agent({
    keepAliveTimeout: 30_000,
    connect: { lookup: guardedLookup(lookup, () => currentAllowPrivate), timeout: timeoutMs },
  });
  return {
    async send(target, message, allowPrivate) {
      const started = performance.now();
      const latency = () => Math.round(performance.now() - started);
      const checked = await checkWebhookTarget(target.url, { allowPrivate, lookup });
      if (!checked.ok) return { kind: 'failed', status: null, error: checked.message, latencyMs: latency() };
      if (Buffer.byteLength(message.body) > WEBHOOK_LIMITS.bodyMaxBytes)
        return { kind: 'failed', status: null, error: `The body is larger than ${WEBHOOK_LIMITS.bodyMaxBytes / 1024} KB: not sent.`, latencyMs: latency() };
      const at = new Date();
      let signer = signers.get(target);
      if (!signer) {
        signer = new Webhook(target.secret);
        signers.set(target, signer);
      }
      const signature = signer.sign(message.messageId, at, message.body);
      currentAllowPrivate = allowPrivate;
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      try {
        const response = await request(checked.url, {
          method: 'POST',
          dispatcher: agent,
          signal: controller.signal,
          headers: {
            'content-type': 'application/json',
            'user-agent': USER_AGENT,
            [WEBHOOK_HEADERS.id]: message.messageId,
            [WEBHOOK_HEADERS.timestamp]: String(Math.floor(at.getTime() / 1000)),
            [WEBHOOK_HEADERS.signature]: signature,
          },
          body: message.body,
        });
        const status = response.statusCode;
        if (status >= 200 && status < 300) {
          await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
          return { kind: 'delivered', status, latencyMs: latency() };
        }
        const text = (await excerpt(response.body, WEBHOOK_LIMITS.responseExcerptBytes)) || `HTTP ${status}`;
        if (status === 410) return { kind: 'gone', status, error: text, latencyMs: latency() };
        return { kind: 'failed', status, error: text, latencyMs: latency() };
      } catch (error) {
        return { kind: 'failed', status: null, error: describeError(error, timedOut, timeoutMs), latencyMs: latency() };
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => agent.close(),
  };
}
