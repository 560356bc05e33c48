/** Makes the database, the event store and the configuration available to every route. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Db } from '../../ledger/database.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    store: EventStore;
    config: Config;
    databaseEngine: 'postgres' | 'pglite';
    /** True when the database answers a trivial query (the liveness check). */
    databaseResponds: () => Promise<boolean>;
  }
}

export interface DbPluginOptions {
  store: EventStore;
  config: Config;
  engine: 'postgres' | 'pglite';
}

async function dbPlugin(app: FastifyInstance, options: DbPluginOptions): Promise<void> {
  app.decorate('db', options.store.db);
  app.decorate('store', options.store);
  app.decorate('config', options.config);
  app.decorate('databaseEngine', options.engine);
  app.decorate('databaseResponds', async () => {
    try {
      await sql`select 1`.execute(options.store.db);
      return true;
    } catch {
      return false;
    }
  });
}

export default fp(dbPlugin, { name: 'db' });
