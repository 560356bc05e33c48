/**
 * Starts the webhook sender in every server process once the server is ready; each endpoint's lease
 * lets one process send to it at a time. Deliveries this process enqueues wake it at once; those of
 * other processes and retries coming due are found by its poll.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../ledger/database.ts';
import { startWebhookSender, type WebhookSender } from './sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhookSender: Pick<WebhookSender, 'idle'>;
  }
}

/** The site setting that admits plain http and private receivers (read per page of sends, so a change applies at once). */
export async function privateReceiversAllowed(db: Db): Promise<boolean> {
  const row = await db.selectFrom('site_settings').select('webhooks_allow_private').where('id', '=', 1).executeTakeFirst();
  return row?.webhooks_allow_private ?? false;
}

async function webhookSenderPlugin(app: FastifyInstance): Promise<void> {
  let sender: WebhookSender | null = null;
  let stopListening: (() => void) | null = null;
  app.addHook('onReady', async () => {
    sender = startWebhookSender({
      db: app.db,
      log: app.log,
      allowPrivate: () => privateReceiversAllowed(app.db),
      onDisabled: () => app.mail.wake(),
    });
    const started = sender;
    stopListening = app.webhooks.onEnqueued(() => started.wake());
  });
  app.decorate('webhookSender', {
    idle: async () => {
      if (!sender) throw new Error('the webhook sender starts when the server is ready');
      await sender.idle();
    },
  });
  app.addHook('onClose', async () => {
    stopListening?.();
    await sender?.stop();
  });
}

export default fp(webhookSenderPlugin, { name: 'webhook-sender', dependencies: ['db', 'mail', 'webhooks'] });
