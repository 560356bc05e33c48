/**
 * Starts the real server (built client, embedded database in a fresh directory unless DATABASE_URL
 * is passed) on a free port; a restartable one keeps its port and data across stop and start. It
 * runs the compiled server, as `npm start` does, rebuilt first if a source changed.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };

export interface RunningServer {
  url: string;
  pid: number;
  admin: { email: string; password: string };
  output: () => string;
  stop(): Promise<void>;
}

export interface RestartableServer {
  url: string;
  admin: { email: string; password: string };
  stop(): Promise<void>;
  /** Ends the process with SIGKILL, as a crash would: nothing is finished or released. */
  kill(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  dispose(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

interface Launched {
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

let built = false;

/** Node's flags for the server, as `npm start` passes them (package.json is their one home). */
function serverNodeFlags(): string[] {
  const start: string = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start;
  const flags = start.match(/\bnode ((?:--\S+ )*)dist-server\/main\.js/)?.[1];
  if (flags === undefined) throw new Error('package.json: the start script no longer runs `node [flags] dist-server/main.js`');
  return flags.split(' ').filter(Boolean);
}

/** Compiles the server into dist-server/ when it is missing or older than its sources (once per process). */
function buildServerIfStale(): void {
  if (built) return;
  execFileSync(process.execPath, [path.join(root, 'scripts/build-server.mjs'), '--if-stale', '--quiet'], { cwd: root, stdio: 'inherit' });
  built = true;
}

/** Spawns the compiled server (`dist-server/main.js`) and waits until /healthz answers. */
async function launch(port: number, dataDir: string, env: Record<string, string>): Promise<Launched> {
  buildServerIfStale();
  let output = '';
  // PROFILE_SERVER_DIR=dir writes the server's CPU profile there when it stops (to see where a bench's time goes).
  const profile = process.env.PROFILE_SERVER_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_SERVER_DIR}`] : [];
  const child = spawn(process.execPath, [...serverNodeFlags(), ...profile, path.join(root, 'dist-server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stockledger-e2e-'));
  const launched = await launch(port, dataDir, env);
  return {
    url: `http://127.0.0.1:${port}`,
    pid: launched.child.pid!,
    admin: ADMIN,
    output: launched.output,
    stop: async () => {
      await launched.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startRestartableServer(env: Record<string, string> = {}): Promise<RestartableServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stockledger-e2e-'));
  let current: Launched | null = await launch(port, dataDir, env);
  const stop = async () => {
    const running = current;
    current = null;
    await running?.stop();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    admin: ADMIN,
    start: async () => {
      current = await launch(port, dataDir, env);
    },
    stop,
    kill: async () => {
      const running = current;
      current = null;
      if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
      const exited = new Promise((r) => running.child.once('exit', r));
      running.child.kill('SIGKILL');
      await exited;
    },
    dispose: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
