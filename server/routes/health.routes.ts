import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      schema: {
        summary: 'Liveness and database check',
        tags: ['operations'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.enum(['postgres', 'pglite']) }),
          503: z.object({ status: z.literal('unavailable'), database: z.enum(['postgres', 'pglite']) }),
        },
      },
    },
    async (_request, reply) => {
      if (await app.databaseResponds()) return { status: 'ok' as const, database: app.databaseEngine };
      return reply.code(503).send({ status: 'unavailable' as const, database: app.databaseEngine });
    },
  );
}
