/** What the durability checks and the backup drill do to a running server: sign in, a project, a load of receives, `ledger verify`. */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import type { RunningServer } from '../e2e/helpers/server.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

export async function signIn(server: Pick<RunningServer, 'url' | 'admin'>): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(server.admin),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export async function createProject(server: Pick<RunningServer, 'url'>, cookie: string): Promise<string> {
  const response = await fetch(`${server.url}/api/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ project_name: 'Durability', project_customer: null, project_number: `D-${Date.now()}` }),
  });
  return ((await response.json()) as { id: string }).id;
}

export interface Load {
  acknowledged: Map<string, number>;
  statuses: Map<number | string, number>;
  stop(): Promise<void>;
}

/** Eight workers sending receives, each with its own Idempotency-Key, until stopped. */
export function startLoad(server: RunningServer, cookie: string, projectId: string): Load {
  const acknowledged = new Map<string, number>();
  const statuses = new Map<number | string, number>();
  let running = true;
  const worker = async (w: number) => {
    for (let i = 0; running; i += 1) {
      const key = randomUUID();
      const quantity = 1 + ((w + i) % 7);
      try {
        const response = await fetch(`${server.url}/api/materials/receive`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie, 'idempotency-key': key },
          body: JSON.stringify({ project_id: projectId, part_number: `DUR-${w}-${i % 5}`, quantity, part_name: `Durable ${w}`, standard_name: 'Durable' }),
          signal: AbortSignal.timeout(5000),
        });
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 200 && response.status < 300) acknowledged.set(key, quantity);
        else await new Promise((r) => setTimeout(r, 50));
      } catch {
        statuses.set('no answer', (statuses.get('no answer') ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const workers = Array.from({ length: 8 }, (_, w) => worker(w));
  return {
    acknowledged,
    statuses,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

export async function ledgerVerify(env: Record<string, string>): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(root, 'server/ledger-cli.ts'), 'verify'], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}
