/**
 * Starts the webhook enqueueing subscription in every server process; its lease lets one of them
 * run it at a time. It starts from the ledger's head the first time (an installation does not send
 * its history; replay does that on request) and from its checkpoint after that. After each page,
 * and after the signed checkpoints it has passed are queued, whatever sends deliveries is told
 * (`onEnqueued`), so they leave at once instead of at its next poll. Every process also runs the
 * sender, woken by those queueings; endpoint leases keep each endpoint to one sender at a time.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startSubscription, type Subscription } from '../../ledger/subscriptions/subscription.ts';
import { enqueueSignedCheckpoints } from './checkpoint-deliveries.ts';
import { StockFigureCache } from './deliveries.ts';
import { deliveryEnqueuer } from './enqueue.ts';
import { readSiteSettings } from '../site/site-settings.ts';
import { replayEndpoint } from './replay.ts';
import { startWebhookSender, type WebhookSender } from './sender.ts';

export const WEBHOOKS_SUBSCRIPTION = 'webhooks';

/** How often the process holding the subscription looks for newly signed checkpoints while idle. */
const CHECKPOINT_POLL_MS = 1000;

export interface Webhooks {
  /** Resolves once every event committed (and checkpoint signed) before the call has its deliveries queued. */
  drained(): Promise<void>;
  /** Hears, in this process, that deliveries were queued; returns the way to stop hearing. */
  onEnqueued(listener: () => void): () => void;
  /** Tells the listeners that deliveries are waiting (after a replay, or an endpoint enabled again). */
  enqueued(): void;
  /** Queues an endpoint's events and signed checkpoints after a position again; returns how many. */
  replay(endpointId: string, fromPosition: number): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: Webhooks;
  }
}

async function webhooksPlugin(app: FastifyInstance): Promise<void> {
  const cache = new StockFigureCache();
  const listeners = new Set<() => void>();
  const enqueued = () => {
    for (const listener of [...listeners]) listener();
  };
  const enqueue = deliveryEnqueuer(cache);
  let subscription: Subscription | null = null;
  let sender: WebhookSender | null = null;
  let pageWrote = 0;

  let checkpoints: Promise<void> | null = null;
  const queueCheckpoints = (): Promise<void> => {
    checkpoints ??= enqueueSignedCheckpoints(app.db, WEBHOOKS_SUBSCRIPTION)
      .then((written) => {
        if (written > 0) enqueued();
      })
      .finally(() => {
        checkpoints = null;
      });
    return checkpoints;
  };
  const onError = (error: unknown) => app.log.warn({ err: error }, 'webhooks: queueing deliveries failed; it will be tried again');

  const timer = setInterval(() => {
    if (subscription?.active) queueCheckpoints().catch(onError);
  }, CHECKPOINT_POLL_MS);
  timer.unref();

  app.addHook('onReady', async () => {
    sender = startWebhookSender({
      db: app.db,
      log: app.log,
      allowPrivate: async () => (await readSiteSettings(app.db)).webhooks_allow_private,
    });
    const wakeSender = () => sender?.wake();
    listeners.add(wakeSender);
    subscription = startSubscription(app.store, {
      name: WEBHOOKS_SUBSCRIPTION,
      from: 'head',
      // A tenth of a second later at most: a burst of commands is queued in one page.
      wakeEveryMs: 100,
      handle: async (trx, events) => {
        pageWrote = await enqueue(trx, events);
      },
      afterCommit: () => {
        if (pageWrote > 0) enqueued();
        pageWrote = 0;
        queueCheckpoints().catch(onError);
      },
      onError,
    });
  });
  app.decorate('webhooks', {
    drained: async () => {
      if (!subscription) throw new Error('webhooks start when the server is ready');
      await subscription.drained();
      // A step already running may have begun before the subscription caught up: run one after it.
      await checkpoints?.catch(() => undefined);
      await queueCheckpoints();
    },
    onEnqueued: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    enqueued,
    replay: async (endpointId, fromPosition) => {
      const queued = await replayEndpoint(app.db, endpointId, fromPosition, cache);
      if (queued > 0) enqueued();
      return queued;
    },
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await subscription?.stop();
    await sender?.stop();
    await checkpoints?.catch(() => undefined);
  });
}

export default fp(webhooksPlugin, { name: 'webhooks', dependencies: ['db'] });
