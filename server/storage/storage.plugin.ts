/** Decorates `app.storage` with the configured file store, and serves the local store's upload endpoint. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStore } from './file-store.ts';
import { LocalFileStore } from './local-store.ts';
import { localUploadRoutes } from './local-upload.routes.ts';
import { S3FileStore } from './s3-store.ts';
import type { StorageConfig } from './storage-config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStore & { readonly maxUploadBytes: number };
  }
}

export function createFileStore(config: StorageConfig): FileStore {
  return config.kind === 's3' ? new S3FileStore(config) : new LocalFileStore(config.dataDir);
}

async function storagePlugin(app: FastifyInstance, options: { config: StorageConfig }): Promise<void> {
  const store = createFileStore(options.config);
  app.decorate('storage', Object.assign(store, { maxUploadBytes: options.config.maxUploadBytes }));
  if (store instanceof LocalFileStore) {
    await app.register(localUploadRoutes, { store, maxUploadBytes: options.config.maxUploadBytes });
  }
  if (store instanceof S3FileStore) app.addHook('onClose', async () => store.destroy());
}

export default fp(storagePlugin, { name: 'storage' });
