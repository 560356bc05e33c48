/** The outbox, readable by superadmins: how invitations and codes reach people when no mail server is set up. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { errorBody } from '../auth/auth.schemas.ts';

const item = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

export async function outboxRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/outbox',
    {
      preHandler: app.requireRole('superadmin'),
      schema: {
        summary: 'E-mails the site has sent or kept, newest first, 25 a page (superadmin)',
        tags: ['site'],
        querystring: z.object({ page: z.coerce.number().int().min(1).default(1), to: z.string().max(320).optional() }),
        response: { 200: z.object({ items: z.array(item), total: z.number() }), 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => {
      const pageSize = 25;
      const to = request.query.to?.trim().toLowerCase();
      const base = app.db.selectFrom('outbox').$if(Boolean(to), (q) => q.where(sql`lower(to_email)`, '=', to!));
      const [rows, count] = await Promise.all([
        base.selectAll().orderBy('created_at', 'desc').orderBy('id').limit(pageSize).offset((request.query.page - 1) * pageSize).execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((m) => ({
          id: m.id,
          to: m.to_email,
          subject: m.subject,
          body: m.body,
          status: m.status,
          created_at: m.created_at.toISOString(),
          sent_at: m.sent_at?.toISOString() ?? null,
        })),
        total: Number(count.n),
      };
    },
  );
}
