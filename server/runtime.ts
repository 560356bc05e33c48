/**
 * Wires the pieces one server process (or one CLI run) needs: the database, migrations, the event
 * store with its inline projections and its post-commit notifier.
 */
import { openDatabase, type DatabaseHandle } from '../ledger/database.ts';
import { configureCommands } from '../ledger/command-runner.ts';
import { EventStore } from '../ledger/event-store/event-store.ts';
import { inProcessNotifier, postgresNotifier } from '../ledger/event-store/notifier.ts';
import { migrateToLatest } from '../migrations/index.ts';
import { openEraAfterRestore } from '../ledger/subscriptions/eras.ts';
import { inlineProjections } from '../projections/registry.ts';

export interface Runtime {
  database: DatabaseHandle;
  store: EventStore;
  close(): Promise<void>;
}

export async function openRuntime(options: {
  databaseUrl: string | null;
  dataDir: string;
  poolSize?: number;
  migrate?: boolean;
  /** Command batches written at the same time on PostgreSQL. */
  commandBatches?: number;
  /** PostgreSQL: cancel a statement of the server's after this long (see openDatabase). */
  statementTimeoutMs?: number;
  /** PGlite only: start from this archive of an already migrated database (the tests' template). */
  loadDataDir?: Blob;
  /** A database already open, used instead of opening one (the tests' reused PGlite); closed with the runtime. */
  database?: DatabaseHandle;
}): Promise<Runtime> {
  if (options.migrate !== false && options.databaseUrl && options.statementTimeoutMs) {
    // A migration may rightly run longer than any request should: it gets a connection with no limit.
    const migrations = await openDatabase({ url: options.databaseUrl, poolSize: 1 });
    try {
      await migrateToLatest(migrations.db);
    } finally {
      await migrations.close();
    }
  }
  const database =
    options.database ??
    (await openDatabase({
      url: options.databaseUrl,
      dataDir: options.dataDir,
      poolSize: options.poolSize,
      statementTimeoutMs: options.statementTimeoutMs,
      loadDataDir: options.loadDataDir,
    }));
  if (options.migrate !== false) {
    await migrateToLatest(database.db);
    // Before anything is appended: a database restored into a new cluster starts a new era.
    await openEraAfterRestore(database.db);
  }
  const notifier = database.url ? postgresNotifier(database.url) : inProcessNotifier(database.listen);
  const store = new EventStore(database.db, notifier);
  store.onAppend(inlineProjections());
  // One batch at a time by default: what arrives meanwhile joins the next batch, and fewer, larger
  // batches cost the database less per command than overlapping ones (measured: about 1.5× the
  // receives per second of two at a time). PGlite is one connection and always writes one.
  configureCommands(store, { concurrency: database.engine === 'pglite' ? 1 : (options.commandBatches ?? 1) });
  return {
    database,
    store,
    close: async () => {
      await notifier.close();
      await database.close();
    },
  };
}
