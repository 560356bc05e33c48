/**
 * `npm run durability [-- --quick]`: crash and restart checks.
 * 1. Kill the server with SIGKILL in the middle of a load of receives, start it again, run
 *    `ledger verify`: every receive that got a 2xx answer is in the ledger exactly once, nothing is
 *    half-applied, every read table equals its replay. On PGlite by default; on PostgreSQL too when
 *    DATABASE_URL is set.
 * 2. PGlite: a DATA_DIR on a disk that fills up pauses changes with a clear 507 and keeps reading
 *    (bench/disk-full.ts).
 * 3. Kill the server in the middle of a 100,000-row label import (20,000 with --quick), start it
 *    again: the job finishes by itself with exactly one label per row and no batch twice.
 * 4. PostgreSQL only: stop the database during a load; requests get 503 with a clear message while
 *    it is down, and the same server process serves again once it is back.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../ledger/database.ts';
import { startServer } from '../e2e/helpers/server.ts';
import { createProject, ledgerVerify, signIn, startLoad } from './server-load.ts';
import { diskFull } from './disk-full.ts';
import { killDuringImport } from './label-import-durability.ts';

const quick = process.argv.includes('--quick');
const results: Array<{ check: string; ok: boolean; detail: string }> = [];
// The quick run (CI) imports fewer rows but kills and resumes the same way.
const importRowCount = quick ? 20_000 : 100_000;
const session = {
  signIn: (url: string, admin: { email: string; password: string }) => signIn({ url, admin }),
  createProject: (url: string, cookie: string) => createProject({ url }, cookie),
};

function record(check: string, ok: boolean, detail: string) {
  results.push({ check, ok, detail });
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${check}: ${detail}`);
}

async function killDuringLoad(engine: string, env: Record<string, string>, database: { url: string | null; dataDir: string }) {
  let server = await startServer(env);
  const cookie = await signIn(server);
  const projectId = await createProject(server, cookie);
  const load = startLoad(server, cookie, projectId);
  await new Promise((r) => setTimeout(r, quick ? 1500 : 5000));
  process.kill(server.pid, 'SIGKILL');
  await load.stop();
  const acknowledged = [...load.acknowledged.keys()];
  // Starting again after the kill is part of the check: the database must open and migrate.
  server = await startServer(env);
  await server.stop();
  const verify = await ledgerVerify(env);
  record(`${engine}: ledger verify after SIGKILL`, verify.code === 0, verify.output.trim().split('\n').pop() ?? '');
  const handle = await openDatabase({ url: database.url, dataDir: database.dataDir });
  let counts: Map<string, number>;
  try {
    const { rows } = await sql<{ key: string; n: number }>`
      select split_part(idempotency_key, ':', 2) as key, count(*)::int as n from events
       where idempotency_key is not null and split_part(idempotency_key, ':', 2) = any(${acknowledged}::text[])
       group by 1`.execute(handle.db);
    counts = new Map(rows.map((r) => [r.key, Number(r.n)]));
  } finally {
    await handle.close();
  }
  const missing = acknowledged.filter((k) => (counts.get(k) ?? 0) === 0).length;
  const doubled = acknowledged.filter((k) => (counts.get(k) ?? 0) > 1).length;
  const statuses = [...load.statuses].map(([s, n]) => `${s}×${n}`).join(', ');
  record(
    `${engine}: every acknowledged receive is in the ledger exactly once`,
    missing === 0 && doubled === 0 && acknowledged.length > 0,
    `${acknowledged.length} acknowledged (${statuses}), ${missing} missing, ${doubled} twice`,
  );
}

async function pglite(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stockledger-durability-'));
  try {
    await killDuringLoad('PGlite', { DATABASE_URL: '', DATA_DIR: dataDir }, { url: null, dataDir });
    await killDuringImport('PGlite', { DATABASE_URL: '', DATA_DIR: dataDir }, { url: null, dataDir }, importRowCount, session, record);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  await diskFull(record, quick);
}

async function postgres(baseUrl: string): Promise<void> {
  const name = `stockledger_durability_${process.pid}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  await admin(`drop database if exists ${name}`);
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const env = { DATABASE_URL: url.toString() };
  try {
    await killDuringLoad('PostgreSQL', env, { url: url.toString(), dataDir: '' });
    // The uploaded file lives in the file store under DATA_DIR, which outlives a server process as
    // it does in production (or use S3): the restarted server must find the same directory.
    const filesDir = mkdtempSync(path.join(tmpdir(), 'stockledger-durability-files-'));
    try {
      await killDuringImport('PostgreSQL', { ...env, DATA_DIR: filesDir }, { url: url.toString(), dataDir: '' }, importRowCount, session, record);
    } finally {
      rmSync(filesDir, { recursive: true, force: true });
    }
    await databaseOutage(env);
  } finally {
    await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
  }
}

function cluster(action: 'stop' | 'start') {
  const version = execFileSync('ls', ['/etc/postgresql']).toString().trim().split('\n')[0]!;
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action, ...(action === 'stop' ? ['-m', 'fast'] : [])], { stdio: 'inherit' });
}

async function databaseOutage(env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const cookie = await signIn(server);
    const projectId = await createProject(server, cookie);
    const load = startLoad(server, cookie, projectId);
    await new Promise((r) => setTimeout(r, 1000));
    cluster('stop');
    await new Promise((r) => setTimeout(r, 2000));
    const during = await fetch(`${server.url}/api/inventory/materials?project_id=${projectId}`, { headers: { cookie } });
    const body = (await during.json()) as { error?: string; message?: string };
    record(
      'PostgreSQL down: requests get 503 with a clear message',
      during.status === 503 && body.error === 'UNAVAILABLE',
      `${during.status} ${JSON.stringify(body)}`,
    );
    cluster('start');
    let back = 0;
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const response = await fetch(`${server.url}/api/inventory/materials?project_id=${projectId}`, { headers: { cookie } });
      if (response.status === 200) {
        back = Date.now();
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    await load.stop();
    const samePid = (() => {
      try {
        process.kill(server.pid, 0);
        return true;
      } catch {
        return false;
      }
    })();
    record(
      'PostgreSQL back: the same server process serves again without a restart',
      back > 0 && samePid,
      back > 0 ? `answering 200 again, pid ${server.pid} still running` : 'no 200 within 30 s',
    );
    const statuses = [...load.statuses].map(([s, n]) => `${s}×${n}`).join(', ');
    record(
      'PostgreSQL outage: load answered with 2xx or 503 only',
      [...load.statuses.keys()].every((s) => s === 'no answer' || (typeof s === 'number' && (s < 300 || s === 503))),
      statuses,
    );
  } finally {
    await server.stop();
  }
}

async function main() {
  await pglite();
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) await postgres(baseUrl);
  else console.log('(set DATABASE_URL to run the PostgreSQL checks: SIGKILL under load and a database outage)');
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed`);
  process.exitCode = failed === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
