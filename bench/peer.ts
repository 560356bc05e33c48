/**
 * `--peer`: the same receive and read figures from the Emmett peer (a measurement harness kept
 * read-only in the shared folder), run by its own bench.mjs against the same PostgreSQL for the
 * same number of seconds. It is copied into .tmp/peer and installed there once; the install is
 * reused while its lockfile is unchanged.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { admin } from './bench-server.ts';

const PEER_SOURCE = path.resolve(import.meta.dirname, '..', '..', 'shared', 'peers', 'emmett-inventory');
const PEER_DIR = path.resolve(import.meta.dirname, '..', '.tmp', 'peer');

const peerLine = z.object({
  peer: z.string(),
  cmd_per_s: z.number(),
  cmd_p99_ms: z.number(),
  read_per_s: z.number(),
  read_p99_ms: z.number(),
  lost_or_doubled: z.number(),
});
export type PeerFigures = z.infer<typeof peerLine>;

/** Copies the peer in and installs its packages unless the same lockfile was installed already. */
function preparePeer(source: string): void {
  const lockHash = createHash('sha256')
    .update(readFileSync(path.join(source, 'package-lock.json')))
    .digest('hex');
  const stamp = path.join(PEER_DIR, 'node_modules', '.installed-lock-sha256');
  mkdirSync(PEER_DIR, { recursive: true });
  // Its sources only: its own build and packages are made here.
  cpSync(source, PEER_DIR, {
    recursive: true,
    filter: (from) =>
      !path
        .relative(source, from)
        .split(path.sep)
        .some((part) => part === 'node_modules' || part === 'dist'),
  });
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lockHash) return;
  console.log('Installing the peer (npm ci, once)…');
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: PEER_DIR, stdio: ['ignore', 'inherit', 'inherit'] });
  writeFileSync(stamp, lockHash);
}

export async function measurePeer(databaseUrl: string, seconds: number, source = PEER_SOURCE): Promise<PeerFigures> {
  preparePeer(source);
  console.log('The Emmett peer: receives and reads…');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['bench.mjs'], {
      cwd: PEER_DIR,
      env: { ...process.env, DATABASE_URL: databaseUrl, PERF_SECONDS: String(seconds) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      // Its figures are the one JSON line on stdout; the details on stderr matter only on failure.
      const line = stdout
        .split('\n')
        .reverse()
        .find((l) => l.trim().startsWith('{'));
      const parsed = line ? peerLine.safeParse(JSON.parse(line)) : null;
      if (parsed?.success) resolve(parsed.data);
      else reject(new Error(`the peer's bench gave no figures (exit code ${code}):\n${stderr.slice(-3000)}`));
    });
  });
}

/**
 * The peer's server on a fresh database of its own (dropped afterwards), for loads its bench.mjs
 * does not drive (the mixed load): built as its bench builds it, started as its bench starts it.
 */
export async function withPeerServer<T>(databaseUrl: string, run: (url: string) => Promise<T>, source = PEER_SOURCE): Promise<T> {
  preparePeer(source);
  execFileSync(process.execPath, [path.join(PEER_DIR, 'node_modules/typescript/bin/tsc'), '-p', path.join(PEER_DIR, 'tsconfig.json')], { stdio: 'inherit' });
  const dbName = `emmett_peer_mixed_${randomBytes(4).toString('hex')}`;
  const url = new URL(databaseUrl);
  url.pathname = `/${dbName}`;
  await admin(databaseUrl, `create database ${dbName}`);
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, [path.join(PEER_DIR, 'dist/index.js')], {
    cwd: PEER_DIR,
    env: { ...process.env, DATABASE_URL: url.toString(), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr.on('data', (d: Buffer) => (log += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i += 1) {
      if (child.exitCode !== null || i >= 600) throw new Error(`the peer did not come up:\n${log.slice(-3000)}`);
      const up = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return await run(base);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
    await admin(databaseUrl, `drop database if exists ${dbName} with (force)`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
