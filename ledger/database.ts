/**
 * Opens the store: PostgreSQL through `pg` when a URL is given, otherwise embedded PGlite persisted
 * in a directory. Both hand back the same Kysely handle and the same value types (int8 as number,
 * xid8 as text, timestamptz as Date), so nothing above this file knows which engine it runs on.
 */
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../migrations/schema.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { preparingPool } from './prepared-statements.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  engine: 'postgres' | 'pglite';
  /** Connection string when the engine is PostgreSQL (used for the LISTEN connection). */
  url: string | null;
  /** PGlite only: LISTEN on the embedded database itself. */
  listen?: (channel: string, listener: () => void) => Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory as one archive, to start other databases from (see loadDataDir). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  url?: string | null;
  /** PGlite data directory; `memory://` for a throw-away database. */
  dataDir?: string;
  poolSize?: number;
  /**
   * PostgreSQL only: the longest one statement may run before the database cancels it (0: no limit).
   * A server answers a clear 503 instead of hanging on a slow database; migrations, rebuild and
   * verify open their connections without it.
   */
  statementTimeoutMs?: number;
  /** PGlite only: start from this archive of a data directory (a dumpDataDir) instead of an empty one. */
  loadDataDir?: Blob;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;
// Calendar dates stay 'YYYY-MM-DD' text: as Date objects they would shift with the time zone.
const DATE_OID = 1082;

function pgTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      // Positions and counts stay far below 2^53; callers want numbers, as PGlite gives them.
      if (oid === INT8_OID || oid === NUMERIC_OID) return (v: string) => Number(v);
      if (oid === DATE_OID) return (v: string) => v;
      return pg.types.getTypeParser(oid, format);
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

/** PGlite as the product runs it: its extensions and the same value types as on PostgreSQL. */
export async function startPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  // Trigram indexes (with the label's tags beside them) make the label search fast, as on PostgreSQL.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  return PGlite.create(dataDir, {
    extensions: { pg_trgm, btree_gin },
    parsers: { [NUMERIC_OID]: (v: string) => Number(v), [DATE_OID]: (v: string) => v },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
}

/** The store's handle on a running PGlite; `close` says what closing it means (see the tests' reuse of one). */
export async function pgliteHandle(pglite: PGlite, close: (db: Db) => Promise<void>): Promise<DatabaseHandle> {
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    engine: 'pglite',
    url: null,
    listen: (channel, listener) => pglite.listen(channel, () => listener()),
    dumpDataDir: () => pglite.dumpDataDir('none'),
    close: () => close(db),
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      types: pgTypes(),
      connectionTimeoutMillis: 5000,
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
    });
    // An idle client that loses its server emits 'error'; without a listener that kills the process.
    pool.on('error', () => undefined);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    return { db, engine: 'postgres', url: options.url, close: () => db.destroy() };
  }
  const dir = options.dataDir ?? './data';
  const inMemory = dir === 'memory://';
  const unlock = inMemory ? () => undefined : lockDataDir(dir);
  try {
    const pglite = await startPglite(inMemory ? undefined : dir, options.loadDataDir);
    return await pgliteHandle(pglite, async (db) => {
      await db.destroy();
      unlock();
    });
  } catch (error) {
    unlock();
    throw error;
  }
}
