/**
 * A fresh database per test file: PGlite in memory by default, or a new database on the PostgreSQL
 * server named by TEST_DATABASE_URL (created here, dropped at the end), so files run in parallel.
 * Each starts as a copy of the run's migrated template (test/global-setup.ts) rather than migrating.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openRuntime, type Runtime } from '../../server/runtime.ts';
import { reusedPgliteHandle } from './reused-pglite.ts';

export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export interface TestDatabase {
  /** DATABASE_URL for a child process, or null on PGlite. */
  url: string | null;
  /** PGlite data directory on disk when asked for one (`onDisk`), else memory. */
  dataDir: string;
  open(): Promise<Runtime>;
  drop(): Promise<void>;
}

export async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** The run's template, when the run has one (vitest's global setup); else each database migrates itself. */
function provided<K extends 'pgliteTemplate' | 'postgresTemplate'>(key: K): string | null {
  try {
    return inject(key) ?? null;
  } catch {
    return null;
  }
}

let pgliteArchive: Blob | null | undefined;
function pgliteTemplate(): Blob | undefined {
  if (pgliteArchive === undefined) {
    const file = provided('pgliteTemplate');
    pgliteArchive = file ? new Blob([readFileSync(file)]) : null;
  }
  return pgliteArchive ?? undefined;
}

export async function createTestDatabase(options: { onDisk?: boolean } = {}): Promise<TestDatabase> {
  if (onPostgres) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const template = provided('postgresTemplate');
    await adminQuery(template ? `create database ${name} template ${template}` : `create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      dataDir: '',
      open: () => openRuntime({ databaseUrl: url.toString(), dataDir: '', poolSize: 12 }),
      drop: () => adminQuery(`drop database if exists ${name} with (force)`),
    };
  }
  const dataDir = options.onDisk ? mkdtempSync(path.join(tmpdir(), 'stockledger-test-')) : 'memory://';
  let opened = 0;
  return {
    url: null,
    dataDir,
    open: async () => {
      const template = pgliteTemplate();
      // In memory, a database reused from an earlier file of this worker, emptied back to the template.
      if (dataDir === 'memory://' && template) return openRuntime({ databaseUrl: null, dataDir, database: await reusedPgliteHandle(template) });
      // Only an empty directory starts from the template: a reopened one (a restart) keeps its data.
      return openRuntime({ databaseUrl: null, dataDir, loadDataDir: opened++ === 0 ? template : undefined });
    },
    drop: async () => {
      if (dataDir !== 'memory://') rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens a runtime on a fresh database; `close` closes it and drops the database. */
export async function openTestRuntime(options: { onDisk?: boolean } = {}): Promise<Runtime & { testDb: TestDatabase }> {
  const testDb = await createTestDatabase(options);
  const runtime = await testDb.open();
  return {
    ...runtime,
    testDb,
    close: async () => {
      await runtime.close();
      await testDb.drop();
    },
  };
}
