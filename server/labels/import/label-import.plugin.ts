/**
 * The label import worker of this server process, which the start route wakes after queueing a job,
 * and the process's parse slots and limits, shared by previews and jobs.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LABEL_LIMITS } from '../../../contract/labels.ts';
import { releaseAllImportLeases } from './import-jobs.ts';
import { startImportWorker, type ImportWorker } from './import-worker.ts';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from './parse-file.ts';
import { ParseSlots } from './parse-slots.ts';

declare module 'fastify' {
  interface FastifyInstance {
    labelImports: { wake: () => void; parses: ParseSlots; parseLimits: ParseLimits };
  }
}

async function labelImportPlugin(app: FastifyInstance): Promise<void> {
  let worker: ImportWorker | null = null;
  const parses = new ParseSlots();
  const parseLimits: ParseLimits = { ...DEFAULT_PARSE_LIMITS, timeoutMs: app.config.importParseTimeoutMs };
  app.decorate('labelImports', { wake: () => worker?.wake(), parses, parseLimits });
  app.addHook('onReady', async () => {
    // The embedded database belongs to this one process: a job still marked as held was held by a
    // process that is gone, so it resumes now rather than when its lease runs out.
    if (app.databaseEngine === 'pglite') await releaseAllImportLeases(app.db);
    // PGlite works on this thread: batches of one event keep each pause of the server short. On
    // PostgreSQL the database works elsewhere and larger transactions import faster.
    const batchSize = app.databaseEngine === 'pglite' ? LABEL_LIMITS.perEvent : LABEL_LIMITS.importBatch;
    worker = startImportWorker({
      db: app.db,
      store: app.store,
      storage: app.storage,
      maxFileBytes: app.storage.maxUploadBytes,
      log: app.log,
      batchSize,
      parse: { slots: parses, limits: parseLimits },
    });
  });
  app.addHook('onClose', async () => worker?.stop());
}

export default fp(labelImportPlugin, { name: 'label-import', dependencies: ['db', 'storage'] });
