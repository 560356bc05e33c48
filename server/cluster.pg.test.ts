/** WORKERS=2 on PostgreSQL: two server processes answer on one port, and one that dies is replaced. */
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../e2e/helpers/server.ts';
import { createTestDatabase, type TestDatabase } from '../test/helpers/test-database.ts';

let database: TestDatabase;
let server: RunningServer;

/** The pids whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fourth field of /proc/<pid>/stat, after the parenthesised command name, is the parent.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children.sort();
}

async function until<T>(read: () => T, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function signedInProjects(): Promise<number> {
  const login = await fetch(`${server.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(server.admin) });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return (await fetch(`${server.url}/api/projects`, { headers: { cookie } })).status;
}

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startServer({ DATABASE_URL: database.url!, WORKERS: '2' });
});
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

describe('WORKERS=2', () => {
  it('runs two server processes on one port that sign in and serve requests', async () => {
    const workers = await until(
      () => childrenOf(server.pid),
      (pids) => pids.length === 2,
      'two server processes',
    );
    expect(workers).toHaveLength(2);
    // Both must listen before one is killed: the primary stops accepting while none does.
    await until(
      () => server.output(),
      (output) => workers.every((pid) => output.includes(`Server process ${pid} is listening`)),
      'both processes listening',
    );
    const statuses = await Promise.all(Array.from({ length: 8 }, () => signedInProjects()));
    expect(statuses).toEqual(Array(8).fill(200));
    expect(server.output()).toContain('2 server processes');
  });

  it('replaces a server process that dies, and keeps serving meanwhile', async () => {
    const [victim, survivor] = childrenOf(server.pid);
    process.kill(victim!, 'SIGKILL');
    await until(
      () => server.output(),
      (output) => output.includes(`Server process ${victim} stopped (SIGKILL); starting another`),
      'the restart message',
    );
    // Until the replacement listens, the survivor takes every connection.
    expect(await signedInProjects()).toBe(200);
    const after = await until(
      () => childrenOf(server.pid),
      (pids) => pids.length === 2 && !pids.includes(victim!),
      'a replacement process',
    );
    expect(after).toContain(survivor);
    const statuses = await Promise.all(Array.from({ length: 8 }, () => signedInProjects()));
    expect(statuses).toEqual(Array(8).fill(200));
  });
});
