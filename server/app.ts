/**
 * The application as a Fastify instance: plugins, error shape, routes and the client. Everything
 * it needs arrives as arguments, so tests build it over any database and `main.ts` only starts it.
 */
import { SERVER_FAILED } from '../contract/messages.ts';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { serializerCompiler } from './plugins/serializer.ts';
import type { EventStore } from '../ledger/event-store/event-store.ts';
import type { Config } from './config.ts';
import authPlugin from './plugins/auth.ts';
import { readYieldPlugin } from './plugins/read-yield.ts';
import { registerClient } from './plugins/client.ts';
import dbPlugin from './plugins/db.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import securityPlugin from './plugins/security.ts';
import diskGuardPlugin, { type FreeSpace } from './plugins/disk-guard.ts';
import openApiPlugin from './plugins/openapi.ts';
import realtimePlugin from './realtime/realtime.plugin.ts';
import housekeepingPlugin from './plugins/housekeeping.ts';
import mailPlugin from './plugins/mail.ts';
import maintenancePlugin from './plugins/maintenance.ts';
import occurredAtPlugin from './plugins/occurred-at.ts';
import notificationsPlugin from './notifications/notifications.plugin.ts';
import webhooksPlugin from './webhooks/webhooks.plugin.ts';
import webhookSenderPlugin from './webhooks/sender.plugin.ts';
import projectAccessPlugin from './plugins/project-access.ts';
import authorizationPlugin from './plugins/authorization.ts';
import answersPlugin from './plugins/answers.ts';
import storagePlugin from './storage/storage.plugin.ts';
import labelImportPlugin from './labels/import/label-import.plugin.ts';
import auditorGuard from './ledger-audit/auditor-guard.ts';
import ledgerSealPlugin from './ledger-audit/ledger-seal.plugin.ts';
import { ledgerRoutes } from './routes/ledger/ledger.routes.ts';
import { accountRoutes } from './routes/account/account.routes.ts';
import { assetCatalogRoutes } from './routes/assets/asset-catalog.routes.ts';
import { assetMoveRoutes } from './routes/assets/asset-moves.routes.ts';
import { assetReadRoutes } from './routes/assets/asset-reads.routes.ts';
import { catalogRoutes } from './routes/catalog/catalog.routes.ts';
import { authRoutes } from './routes/auth/auth.routes.ts';
import { loggedRequest } from './logged-request.ts';
import { secondFactorRoutes } from './routes/auth/second-factor.routes.ts';
import { ssoRoutes } from './routes/auth/sso.routes.ts';
import { passkeyRoutes } from './routes/account/passkeys.routes.ts';
import { securityRoutes } from './routes/account/security.routes.ts';
import { totpRoutes } from './routes/account/totp.routes.ts';
import { secondFactorAdminRoutes } from './routes/users/second-factors.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { labelRoutes } from './routes/labels.routes.ts';
import { labelPrintRoutes } from './routes/labels-print.routes.ts';
import { labelTemplateRoutes } from './routes/labels-templates.routes.ts';
import { labelMediaRoutes } from './routes/labels-media.routes.ts';
import { countReviewRoutes } from './routes/counts/count-review.routes.ts';
import { labelImportRoutes } from './routes/label-import.routes.ts';
import { countRoutes } from './routes/counts/counts.routes.ts';
import { materialReadRoutes } from './routes/materials/materials.routes.ts';
import { bulkRoutes, stockRoutes } from './routes/materials/stock.routes.ts';
import { correctionRoutes } from './routes/materials/corrections.routes.ts';
import { outboxRoutes } from './routes/outbox/outbox.routes.ts';
import { projectRoutes } from './routes/projects/projects.routes.ts';
import { siteRoutes } from './routes/site/site.routes.ts';
import { userRoutes } from './routes/users/users.routes.ts';
import { tokenRoutes } from './routes/tokens/tokens.routes.ts';
import { transferRoutes } from './routes/transfers/transfers.routes.ts';
import { requestRoutes } from './routes/requests/requests.routes.ts';
import { requestFileRoutes } from './routes/requests/request-files.routes.ts';
import { scanBatchRoutes } from './routes/scan/scan-batch.routes.ts';
import { scanRoutes } from './routes/scan/scan.routes.ts';
import { warehouseStockRoutes } from './routes/warehouses/warehouse-stock.routes.ts';
import { warehouseRoutes } from './routes/warehouses/warehouses.routes.ts';
import { webhookRoutes } from './routes/webhooks/webhooks.routes.ts';

export interface AppDependencies {
  config: Config;
  store: EventStore;
  engine: 'postgres' | 'pglite';
  /** Directory of the built client; null serves the API only. */
  clientDir?: string | null;
  /** false silences request logs (tests). */
  logger?: boolean;
  /** Where the log goes instead of standard output (tests that read it). */
  logStream?: { write(line: string): void };
  /** How free space under DATA_DIR is measured (tests stand in for a full disk). */
  freeSpace?: FreeSpace;
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    // API tokens and session cookies never reach the log.
    logger:
      deps.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            // A single sign-on callback's code and state do not reach the log either.
            serializers: { req: loggedRequest },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    bodyLimit: deps.config.bodyLimitBytes,
    // A request whose body never ends (or trickles in) is cut off instead of holding a connection.
    requestTimeout: deps.config.requestTimeoutMs,
    connectionTimeout: deps.config.socketIdleTimeoutMs,
    trustProxy: deps.config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    // The router refuses a path it cannot decode (bytes that are not UTF-8, such as a lone
    // surrogate's) before any route runs: answer it in the API's own error shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      if (error.code === 'FST_ERR_BAD_URL')
        return reply.code(400).send({ error: 'VALIDATION', message: 'The address contains a character that is not allowed.', field: 'path' });
      return reply.code(error.statusCode ?? 500).send({ error: 'INTERNAL', message: SERVER_FAILED });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandling(app);

  await app.register(readYieldPlugin, { store: deps.store });
  await app.register(cookie);
  await app.register(dbPlugin, { store: deps.store, config: deps.config, engine: deps.engine });
  await app.register(securityPlugin);
  await app.register(diskGuardPlugin, { freeSpace: deps.freeSpace });
  await app.register(authPlugin);
  await app.register(maintenancePlugin);
  await app.register(auditorGuard);
  await app.register(projectAccessPlugin);
  await app.register(authorizationPlugin);
  await app.register(occurredAtPlugin);
  await app.register(answersPlugin);
  await app.register(mailPlugin);
  await app.register(housekeepingPlugin);
  await app.register(openApiPlugin);
  await app.register(realtimePlugin);
  await app.register(notificationsPlugin);
  await app.register(webhooksPlugin);
  await app.register(webhookSenderPlugin);
  await app.register(storagePlugin, { config: deps.config.storage });
  await app.register(labelImportPlugin);
  await app.register(ledgerSealPlugin);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(secondFactorRoutes);
  await app.register(ssoRoutes);
  await app.register(securityRoutes);
  await app.register(passkeyRoutes);
  await app.register(totpRoutes);
  await app.register(secondFactorAdminRoutes);
  await app.register(accountRoutes);
  await app.register(userRoutes);
  await app.register(projectRoutes);
  await app.register(siteRoutes);
  await app.register(outboxRoutes);
  await app.register(materialReadRoutes);
  await app.register(warehouseRoutes);
  await app.register(warehouseStockRoutes);
  await app.register(catalogRoutes);
  await app.register(transferRoutes);
  await app.register(requestRoutes);
  await app.register(requestFileRoutes);
  await app.register(stockRoutes);
  await app.register(correctionRoutes);
  await app.register(bulkRoutes);
  await app.register(labelRoutes);
  await app.register(labelPrintRoutes);
  await app.register(labelTemplateRoutes);
  await app.register(labelMediaRoutes);
  await app.register(assetCatalogRoutes);
  await app.register(assetMoveRoutes);
  await app.register(assetReadRoutes);
  await app.register(labelImportRoutes);
  await app.register(ledgerRoutes);
  await app.register(scanRoutes);
  await app.register(scanBatchRoutes);
  await app.register(countRoutes);
  await app.register(countReviewRoutes);
  await app.register(tokenRoutes);
  await app.register(webhookRoutes);

  await registerClient(app, deps.clientDir ?? null);
  return app;
}
