/**
 * Starts the notification consumer in every server process; the subscription's lease lets one of
 * them run it at a time. It starts from the ledger's head the first time (a new installation does
 * not e-mail its history) and from its checkpoint after that. After each page the outbox worker is
 * woken, so the e-mails leave at once instead of at its next poll.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startSubscription, type Subscription } from '../../ledger/subscriptions/subscription.ts';
import { notificationHandler } from './notify.ts';

export const NOTIFICATIONS_SUBSCRIPTION = 'notifications';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: Pick<Subscription, 'drained'>;
  }
}

async function notificationsPlugin(app: FastifyInstance): Promise<void> {
  const handle = notificationHandler(app.config.publicUrl);
  let subscription: Subscription | null = null;
  app.addHook('onReady', async () => {
    subscription = startSubscription(app.store, {
      name: NOTIFICATIONS_SUBSCRIPTION,
      from: 'head',
      // A quarter of a second later at most, the e-mails of a burst of commands go out in one page.
      wakeEveryMs: 250,
      handle,
      afterCommit: () => app.mail.wake(),
      onError: (error) => app.log.warn({ err: error }, 'notifications: a page failed; it will be tried again'),
    });
  });
  app.decorate('notifications', {
    drained: async () => {
      if (!subscription) throw new Error('notifications start when the server is ready');
      await subscription.drained();
    },
  });
  app.addHook('onClose', async () => {
    await subscription?.stop();
  });
}

export default fp(notificationsPlugin, { name: 'notifications', dependencies: ['db', 'mail'] });
