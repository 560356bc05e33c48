/** The outbox, readable by superadmins: how invitations and codes reach people when no mail server is set up. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/errors.ts';
import { OUTBOX_PAGE_SIZE } from '../../../contract/limits.ts';
import { outboxPage as outboxPageAnswer, outboxQuery } from '../../../contract/site.ts';
import { outboxPage } from '../../mail/outbox.ts';

export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/outbox',
    {
      config: { access: 'outbox.read' },
      schema: {
        summary: `E-mails the site has sent or kept, newest first, ${OUTBOX_PAGE_SIZE} a page (superadmin)`,
        tags: ['site'],
        querystring: outboxQuery,
        response: { 200: outboxPageAnswer, ...errorResponses },
      },
    },
    async (request) => outboxPage(app.db, { to: request.query.to, page: request.query.page, pageSize: OUTBOX_PAGE_SIZE }),
  );
}
