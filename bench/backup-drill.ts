/**
 * `npm run backup-drill [-- --quick]`: a backup is only as good as its last restore.
 * 1. PostgreSQL (DATABASE_URL): `pg_dump` of a live database while receives keep arriving, restored
 *    into a new database with `pg_restore`: `ledger verify` is green and a server started on the copy
 *    answers; then, once the load has stopped, a second dump restored the same way reads exactly the
 *    same numbers as the original (projects, every inventory, every log page, users).
 * 2. PGlite: the DATA_DIR copied while the server is stopped: `ledger verify` is green on the copy and
 *    a server started on it reads exactly the same numbers.
 * Exits non-zero on the first failed check.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer, type RunningServer } from '../e2e/helpers/server.ts';
import { createProject, ledgerVerify, signIn, startLoad } from './server-load.ts';

const quick = process.argv.includes('--quick');
let failures = 0;

function record(check: string, ok: boolean, detail: string) {
  if (!ok) failures += 1;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${check}: ${detail}`);
}

/** Every number a person could read: projects, each project's inventory and logs, the users. */
async function readEverything(server: RunningServer): Promise<string> {
  const cookie = await signIn(server);
  const get = async (url: string) => {
    const response = await fetch(`${server.url}${url}`, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    return response.json();
  };
  const projects = (await get('/api/projects')) as { items: Array<{ id: string }> };
  const reads: unknown[] = [projects, await get('/api/users?page=1&page_size=100')];
  for (const project of projects.items) {
    reads.push(await get(`/api/inventory/materials?project_id=${project.id}`));
    reads.push(await get(`/api/materials/logs?project_id=${project.id}&days=all&page=1&page_size=500`));
  }
  return JSON.stringify(reads);
}

/** Some history to back up: two projects with receives, assigns and a return. */
async function makeHistory(server: RunningServer): Promise<string> {
  const cookie = await signIn(server);
  const post = (url: string, body: object) =>
    fetch(`${server.url}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) }).then(async (r) => {
      if (r.status >= 300) throw new Error(`${url}: ${r.status} ${await r.text()}`);
    });
  const projectId = await createProject(server, cookie);
  const me = (await (await fetch(`${server.url}/api/users/me`, { headers: { cookie } })).json()) as { id: string };
  for (let i = 0; i < (quick ? 5 : 40); i += 1) {
    await post('/api/materials/receive', {
      project_id: projectId,
      part_number: `BK-${i % 7}`,
      quantity: 10 + i,
      part_name: `Backed up ${i % 7}`,
      standard_name: 'Backed up',
    });
  }
  await post('/api/inventory/assign', { project_id: projectId, part_number: 'BK-1', quantity: 3, user_id: me.id });
  await post('/api/materials/return', { project_id: projectId, part_number: 'BK-2', quantity: 4 });
  return projectId;
}

async function pgliteDrill(): Promise<void> {
  const original = mkdtempSync(path.join(tmpdir(), 'stockledger-drill-'));
  const copy = `${original}-copy`;
  try {
    const server = await startServer({ DATABASE_URL: '', DATA_DIR: original });
    await makeHistory(server);
    const before = await readEverything(server);
    await server.stop();
    // The embedded database is one process's files: copy them while that process is stopped.
    cpSync(original, copy, { recursive: true });
    const verify = await ledgerVerify({ DATABASE_URL: '', DATA_DIR: copy });
    record('PGlite: ledger verify on a copy of the stopped DATA_DIR', verify.code === 0, verify.output.trim().split('\n').pop() ?? '');
    const restored = await startServer({ DATABASE_URL: '', DATA_DIR: copy });
    try {
      const after = await readEverything(restored);
      record('PGlite: a server on the copy reads every number the same', after === before, `${before.length} characters of reads compared`);
    } finally {
      await restored.stop();
    }
  } finally {
    rmSync(original, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  }
}

async function postgresDrill(baseUrl: string): Promise<void> {
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  const urlOf = (name: string) => {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const names = ['live', 'under_load', 'quiet'].map((n) => `stockledger_drill_${n}_${process.pid}`);
  const [live, underLoad, quiet] = names as [string, string, string];
  const dumpDir = mkdtempSync(path.join(tmpdir(), 'stockledger-dump-'));
  for (const name of names) await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${live}`);
  const server = await startServer({ DATABASE_URL: urlOf(live) });
  try {
    const cookie = await signIn(server);
    await makeHistory(server);
    const projectId = await createProject(server, cookie);
    const load = startLoad(server, cookie, projectId);
    await new Promise((r) => setTimeout(r, 1000));
    const hotDump = path.join(dumpDir, 'under-load.dump');
    // pg_dump reads one consistent snapshot: the commits that keep arriving meanwhile are simply not in it.
    execFileSync('pg_dump', ['--format=custom', `--file=${hotDump}`, urlOf(live)]);
    await new Promise((r) => setTimeout(r, quick ? 500 : 3000));
    await load.stop();
    record('PostgreSQL: pg_dump while receives arrive', load.acknowledged.size > 0, `${load.acknowledged.size} receives acknowledged during the load`);

    await admin(`create database ${underLoad}`);
    execFileSync('pg_restore', ['--no-owner', `--dbname=${urlOf(underLoad)}`, hotDump]);
    const hotVerify = await ledgerVerify({ DATABASE_URL: urlOf(underLoad) });
    record('PostgreSQL: ledger verify on the dump taken under load', hotVerify.code === 0, hotVerify.output.trim().split('\n').pop() ?? '');
    const hotServer = await startServer({ DATABASE_URL: urlOf(underLoad) });
    try {
      const reads = await readEverything(hotServer);
      record('PostgreSQL: a server starts on the dump taken under load and reads', reads.length > 0, `${reads.length} characters of reads`);
    } finally {
      await hotServer.stop();
    }

    const before = await readEverything(server);
    const quietDump = path.join(dumpDir, 'quiet.dump');
    execFileSync('pg_dump', ['--format=custom', `--file=${quietDump}`, urlOf(live)]);
    await admin(`create database ${quiet}`);
    execFileSync('pg_restore', ['--no-owner', `--dbname=${urlOf(quiet)}`, quietDump]);
    const quietVerify = await ledgerVerify({ DATABASE_URL: urlOf(quiet) });
    record('PostgreSQL: ledger verify on the restored copy', quietVerify.code === 0, quietVerify.output.trim().split('\n').pop() ?? '');
    const restored = await startServer({ DATABASE_URL: urlOf(quiet) });
    try {
      const after = await readEverything(restored);
      record('PostgreSQL: a server on the restored copy reads every number the same', after === before, `${before.length} characters of reads compared`);
    } finally {
      await restored.stop();
    }
  } finally {
    await server.stop();
    for (const name of names) await admin(`drop database if exists ${name} with (force)`).catch(() => undefined);
    rmSync(dumpDir, { recursive: true, force: true });
  }
}

async function main() {
  await pgliteDrill();
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) await postgresDrill(baseUrl);
  else console.log('(set DATABASE_URL to run the PostgreSQL drill: pg_dump under load and pg_restore)');
  console.log(failures === 0 ? '\nbackup drill passed' : `\nbackup drill: ${failures} check(s) failed`);
  process.exitCode = failures === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
