/** The label import worker of this server process; the start route wakes it after queueing a job. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LABEL_LIMITS } from '../../../contract/labels.ts';
import { releaseAllImportLeases } from './import-jobs.ts';
import { startImportWorker, type ImportWorker } from './import-worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    labelImports: { wake: () => void };
  }
}

async function labelImportPlugin(app: FastifyInstance): Promise<void> {
  let worker: ImportWorker | null = null;
  app.decorate('labelImports', { wake: () => worker?.wake() });
  app.addHook('onReady', async () => {
    // The embedded database belongs to this one process: a job still marked as held was held by a
    // process that is gone, so it resumes now rather than when its lease runs out.
    if (app.databaseEngine === 'pglite') await releaseAllImportLeases(app.db);
    // PGlite works on this thread: batches of one event keep each pause of the server short. On
    // PostgreSQL the database works elsewhere and larger transactions import faster.
    const batchSize = app.databaseEngine === 'pglite' ? LABEL_LIMITS.perEvent : LABEL_LIMITS.importBatch;
    worker = startImportWorker({ db: app.db, store: app.store, storage: app.storage, maxFileBytes: app.storage.maxUploadBytes, log: app.log, batchSize });
  });
  app.addHook('onClose', async () => worker?.stop());
}

export default fp(labelImportPlugin, { name: 'label-import', dependencies: ['db', 'storage'] });
