/**
 * The webhook sender: runs in every server process and sends each endpoint's pending deliveries in
 * `seq` order, one at a time, the head blocking the rest while it fails (that is what in order
 * means). Endpoints are sent to concurrently; each by one process at a time, the holder of its lease.
 *
 * A page of deliveries is read at once and the results are recorded in batches (one transaction
 * per batch: the attempts inserted, the delivered rows updated, the lease renewed), so a busy
 * endpoint costs the database a few statements per hundred deliveries, not per delivery. A crash
 * between a send and its record sends that delivery again: at least once, with the same
 * `webhook-id` and the same body, which is what receivers de-duplicate on.
 *
 * Wake-ups: `wake()` when this process enqueued deliveries, and a poll for those enqueued by another
 * process and for retries coming due.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../ledger/database.ts';
import type { AddressLookup } from './address-guard.ts';
import {
  acquireLease,
  dueEndpoints,
  type EndpointTarget,
  LeaseLost,
  pendingPage,
  recordResults,
  releaseLease,
  type RetryPolicy,
  type SendResult,
} from './delivery-queue.ts';
import { createSender, type Sender, webhookBody } from './send-request.ts';

export interface WebhookSenderOptions {
  db: Db;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** The site setting `webhooks_allow_private`, read before each page of sends. */
  allowPrivate: () => Promise<boolean>;
  /** The clock of attempts, retries and the 24-hour limit (the database's clock keeps the leases). */
  now?: () => Date;
  /** How host names resolve (tests stand in for DNS). */
  lookup?: AddressLookup;
  leaseMs?: number;
  pollMs?: number;
  /** The whole request's time limit (WEBHOOK_LIMITS.timeoutMs). */
  timeoutMs?: number;
  firstRetryMs?: number;
  maxRetryMs?: number;
  random?: () => number;
  /** Deliveries read per page. */
  pageSize?: number;
  /** Results are recorded after this many sends, or after `flushMs`, whichever comes first. */
  flushEvery?: number;
  flushMs?: number;
  /** Called after an endpoint was disabled (its creator's e-mail is in the outbox). */
  onDisabled?: () => void;
}

export interface WebhookSender {
  wake(): void;
  /** Finishes the sends in hand, records them and releases every lease. */
  stop(): Promise<void>;
  /** Resolves when nothing is due that this process could send. */
  idle(): Promise<void>;
}

interface Worker {
  again: boolean;
  /** Resolves a run waiting for more deliveries. */
  onWake: (() => void) | null;
  done: Promise<void>;
}

/** How long a run keeps its lease waiting for more deliveries before it lets the endpoint go. */
const IDLE_HOLD_MS = 250;

/** The endpoint was disabled (here, or by a person) while this process was sending to it. */
class EndpointOff extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function startWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { db, log, leaseMs = 15_000, pollMs = 500, pageSize = 500, flushEvery = 200, flushMs = 100 } = options;
  const now = options.now ?? (() => new Date());
  const policy: RetryPolicy = {
    firstRetryMs: options.firstRetryMs ?? 1000,
    maxRetryMs: options.maxRetryMs ?? 60 * 60 * 1000,
    random: options.random ?? Math.random,
  };
  const http: Sender = createSender({ lookup: options.lookup, timeoutMs: options.timeoutMs });
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  const workers = new Map<string, Worker>();
  let stopped = false;
  let round: Promise<void> | null = null;
  let roundAgain = false;

  /**
   * One leased endpoint's run of sends, page after page. Results are recorded every `flushEvery`
   * sends or `flushMs`, before any further send, so what a record finds (a lost lease, a disabled
   * endpoint) stops the run at once. Under a steady stream the run keeps its lease a moment for the
   * next deliveries instead of letting the endpoint go and taking it again with every page.
   */
  const runEndpoint = async (target: EndpointTarget, worker: Worker, startedAt: number): Promise<void> => {
    const lease = { renewedAt: startedAt };
    let batch: SendResult[] = [];
    let batchStarted = performance.now();
    const flush = async (): Promise<void> => {
      if (batch.length === 0) return;
      const started = performance.now();
      const state = await recordResults(db, target.id, holder, leaseMs, batch, policy);
      lease.renewedAt = started;
      batch = [];
      batchStarted = performance.now();
      if (state.disabled) options.onDisabled?.();
      if (state.stop) throw new EndpointOff();
    };
    try {
      while (!stopped) {
        worker.again = false;
        const page = await pendingPage(db, target.id, holder, pageSize);
        if (page.length === 0 || page[0]!.nextAttemptAt > now()) {
          if (page.length > 0) return; // the head waits for its retry
          await Promise.race([new Promise<void>((resolve) => (worker.onWake = resolve)), sleep(IDLE_HOLD_MS)]);
          worker.onWake = null;
          if (worker.again) continue;
          return;
        }
        const allowPrivate = await allowPrivateNow();
        for (const delivery of page) {
          if (stopped) break;
          // A long run renews the lease before it could lapse; an empty batch renews it on its own.
          if (performance.now() - lease.renewedAt > leaseMs / 2) {
            if (batch.length > 0) await flush();
            else {
              const started = performance.now();
              if (!(await acquireLease(db, target.id, holder, leaseMs))) throw new LeaseLost();
              lease.renewedAt = started;
            }
          }
          const at = now();
          const outcome = await http.send(target, { messageId: delivery.messageId, body: webhookBody(delivery.payload) }, allowPrivate);
          batch.push({ delivery, outcome, at });
          if (outcome.kind !== 'delivered') {
            await flush();
            return;
          }
          if (batch.length >= flushEvery || performance.now() - batchStarted >= flushMs) await flush();
        }
        await flush();
      }
    } finally {
      // Whatever was sent is recorded before the lease goes (unless the record itself refused).
      if (batch.length > 0) await flush();
    }
  };

  /** The site setting, read at most once a second by a busy sender. */
  let allowPrivateRead: { value: boolean; at: number } | null = null;
  const allowPrivateNow = async (): Promise<boolean> => {
    if (allowPrivateRead && performance.now() - allowPrivateRead.at < 1000) return allowPrivateRead.value;
    allowPrivateRead = { value: await options.allowPrivate(), at: performance.now() };
    return allowPrivateRead.value;
  };

  const work = async (endpointId: string, worker: Worker): Promise<void> => {
    const started = performance.now();
    const target = await acquireLease(db, endpointId, holder, leaseMs);
    if (!target) return;
    let held = true;
    try {
      await runEndpoint(target, worker, started);
    } catch (error) {
      if (error instanceof LeaseLost) held = false;
      else if (!(error instanceof EndpointOff)) log.warn({ err: error, endpointId }, 'webhooks: sending failed; it will be tried again');
    } finally {
      if (held) await releaseLease(db, endpointId, holder).catch(() => undefined);
    }
  };

  const startWorker = (endpointId: string) => {
    const worker: Worker = { again: false, onWake: null, done: Promise.resolve() };
    worker.done = work(endpointId, worker).finally(() => workers.delete(endpointId));
    workers.set(endpointId, worker);
  };

  const runRound = async () => {
    for (const id of await dueEndpoints(db, holder, now())) if (!stopped && !workers.has(id)) startWorker(id);
  };

  const wake = () => {
    if (stopped) return;
    for (const worker of workers.values()) {
      worker.again = true;
      worker.onWake?.();
    }
    if (round) {
      roundAgain = true;
      return;
    }
    round = runRound()
      .catch((error: unknown) => log.warn({ err: error }, 'webhooks: looking for due deliveries failed; the next poll tries again'))
      .finally(() => {
        round = null;
        if (roundAgain) {
          roundAgain = false;
          wake();
        }
      });
  };

  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();

  const settled = async () => {
    while (round || workers.size > 0) await Promise.all([round, ...[...workers.values()].map((w) => w.done)]);
  };

  return {
    wake,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      for (const worker of workers.values()) worker.onWake?.();
      await settled();
      await http.close();
    },
    idle: async () => {
      for (;;) {
        await settled();
        if ((await dueEndpoints(db, holder, now())).length === 0 && !round && workers.size === 0) return;
        wake();
        await sleep(Math.min(pollMs, 20));
      }
    },
  };
}
