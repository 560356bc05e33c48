/** The OpenAPI document, generated from the routes' zod schemas, browsable at /api/docs. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

async function openApiPlugin(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'StockLedger API',
        description:
          "Materials and assets across projects and warehouses. Every call carries the session cookies set by POST /api/login, or an API token as `Authorization: Bearer <token>` (made under POST /api/tokens: it acts as its owner, narrowed by its scopes and projects, and is refused the session's own operations). Authorize with a token here to try calls.",
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sl_access' },
          bearer: { type: 'http', scheme: 'bearer', description: 'An API token: `slp_…` (personal) or `sls_…` (service).' },
        },
      },
      security: [{ session: [] }, { bearer: [] }],
      tags: [
        {
          name: 'requests',
          description:
            'One state machine, two vocabularies. A request is requested, partial (some lines fulfilled, the rest still open), on-hold, fulfilled or denied. Manage Requests filters on open (requested or partial), fulfilled, on-hold, denied and all; the Material Requests page on requested, partial, on-hold, fulfilled, denied and all, each naming one state. PATCH …/status accepts open as a synonym of requested (Re-Open). Lines are requested, fulfilled, on-hold or denied.',
        },
      ],
    },
    transform: jsonSchemaTransform,
  });
  // The token pasted under Authorize stays across reloads of the page, in this browser only.
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { persistAuthorization: true } });
}

export default fp(openApiPlugin, { name: 'openapi' });
