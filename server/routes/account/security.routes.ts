/** The signed-in person's own sign-in security: their second factors and the site's policy for them. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/errors.ts';
import { securityOverview } from '../../../contract/sign-in.ts';
import { securityOverviewOf } from '../../auth/factors/overview.ts';

export async function securityRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/account/security',
    {
      config: { sessionOnly: true },
      schema: {
        summary: "The signed-in person's passkeys, authenticator app, recovery codes left, and whether the site requires a second factor of them",
        tags: ['account'],
        response: { 200: securityOverview, ...errorResponses },
      },
    },
    async (request) => securityOverviewOf(app.db, request.caller.id),
  );
}
