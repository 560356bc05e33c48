/** The outbox's delivery worker, running in every server process; routes call `app.mail.wake()` after enqueueing. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailTransport, startMailWorker } from '../mail/outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: { wake: () => void };
  }
}

async function mailPlugin(app: FastifyInstance): Promise<void> {
  const worker = startMailWorker(app.db, mailTransport(app.config.smtpUrl, app.config.mailFrom, app.log), app.log);
  app.decorate('mail', { wake: worker.wake });
  app.addHook('onClose', async () => worker.stop());
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['db'] });
