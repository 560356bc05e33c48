/**
 * Decorates `app.storage` with the configured file store and `app.uploads` with the checks every
 * upload route makes; serves the local store's upload endpoint, after removing the partial files a
 * crash left in it. Every answer given before its request's body has all arrived closes the
 * connection, on every route (request-body.ts).
 */
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStore } from './file-store.ts';
import { LocalFileStore } from './local-store.ts';
import { localUploadRoutes } from './local-upload.routes.ts';
import { closeConnectionsAnsweredEarly } from './request-body.ts';
import type { StorageConfig } from './storage-config.ts';
import { uploadGuard, UploadsInFlight, type UploadGuardOptions } from './upload-quota.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStore & { readonly maxUploadBytes: number };
    uploads: {
      /** The pre-handler of an upload route: the announced size and the sender's quota. */
      guard: (options: UploadGuardOptions) => preHandlerAsyncHookHandler;
    };
  }
}

// A partial file this long without a write has lost its upload: a live one is cut off by the
// socket idle timeout well before (with no idle timeout, by the request timeout).
const PARTIAL_FILE_IDLE_FLOOR_MS = 60_000;

/** The S3 client loads only where S3 is configured: most sites keep files on their own disk. */
export async function createFileStore(config: StorageConfig): Promise<FileStore> {
  if (config.kind !== 's3') return new LocalFileStore(config.dataDir);
  const { S3FileStore } = await import('./s3-store.ts');
  return new S3FileStore(config);
}

async function storagePlugin(app: FastifyInstance, options: { config: StorageConfig }): Promise<void> {
  const store = await createFileStore(options.config);
  const inFlight = new UploadsInFlight(app.config.uploadInFlightBytesPerUser);
  app.decorate('storage', Object.assign(store, { maxUploadBytes: options.config.maxUploadBytes }));
  app.decorate('uploads', { guard: (guardOptions: UploadGuardOptions) => uploadGuard(inFlight, guardOptions) });
  closeConnectionsAnsweredEarly(app);
  if (store instanceof LocalFileStore) {
    await app.register(localUploadRoutes, { store, maxUploadBytes: options.config.maxUploadBytes, inFlight });
    app.addHook('onReady', async () => {
      const idleMs = Math.max(2 * (app.config.socketIdleTimeoutMs || app.config.requestTimeoutMs), PARTIAL_FILE_IDLE_FLOOR_MS);
      const removed = await store.sweepPartialFiles(idleMs);
      if (removed > 0) app.log.warn({ removed }, 'removed partial files of uploads that ended with their server process');
    });
  }
  app.addHook('onClose', async () => store.destroy?.());
}

export default fp(storagePlugin, { name: 'storage', dependencies: ['db', 'auth'] });
