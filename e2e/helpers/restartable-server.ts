/**
 * The real server, like server.ts, but one that can be stopped and started again on the same port
 * and data directory: for tests of what browsers do while the server is away and when it returns.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface RestartableServer {
  url: string;
  admin: { email: string; password: string };
  stop(): Promise<void>;
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

export async function startRestartableServer(env: Record<string, string> = {}): Promise<RestartableServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stockledger-e2e-'));
  const admin = { email: 'admin@example.com', password: 'e2e-admin-password' };
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const start = async () => {
    let output = '';
    const process_ = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    process_.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    process_.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child = process_;
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (process_.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        if ((await fetch(`${url}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const stop = async () => {
    const running = child;
    child = null;
    if (running && running.exitCode === null) {
      const exited = new Promise((r) => running.once('exit', r));
      running.kill('SIGTERM');
      await exited;
    }
  };

  await start();
  return {
    url,
    admin,
    start,
    stop,
    dispose: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
