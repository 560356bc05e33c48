/**
 * Before any test file runs: one migrated database for the whole run, which every file's fresh
 * database starts from instead of running the migrations itself. On PGlite it is an archive of the
 * data directory; on PostgreSQL a template database the files' databases are created from. It is
 * made anew at each run, so it can never lag behind the migrations.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openRuntime } from '../server/runtime.ts';
import { adminQuery, onPostgres } from './helpers/test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the file holding the migrated data directory's archive. */
    pgliteTemplate: string | null;
    /** PostgreSQL: the migrated template database's name. */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (onPostgres) {
    const name = `t_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const runtime = await openRuntime({ databaseUrl: url.toString(), dataDir: '', poolSize: 1 });
    await runtime.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', null);
    return () => adminQuery(`drop database if exists ${name} with (force)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'stockledger-template-'));
  const file = path.join(dir, 'migrated.tar');
  const runtime = await openRuntime({ databaseUrl: null, dataDir: 'memory://' });
  try {
    const archive = await runtime.database.dumpDataDir!();
    writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
  } finally {
    await runtime.close();
  }
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', null);
  return async () => rmSync(dir, { recursive: true, force: true });
}
