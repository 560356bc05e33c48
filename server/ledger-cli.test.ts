import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../test/helpers/test-app.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

let testDb: TestDatabase;
let userId: string;

async function ledger(...args: string[]): Promise<{ code: number; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  if (testDb.url) env.DATABASE_URL = testDb.url;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = testDb.dataDir;
  }
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', path.join(root, 'server/ledger-cli.ts'), ...args], { cwd: root, env });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: e.stdout + e.stderr };
  }
}

/** Opens the database, runs `work`, and closes it again so the CLI (another process) can open it. */
async function withRuntime<T>(work: (runtime: Awaited<ReturnType<TestDatabase['open']>>) => Promise<T>): Promise<T> {
  const runtime = await testDb.open();
  try {
    return await work(runtime);
  } finally {
    await runtime.close();
  }
}

beforeAll(async () => {
  testDb = await createTestDatabase({ onDisk: true });
  userId = await withRuntime(async (runtime) => {
    await createUser(runtime, 'first@example.com', 'password one', 'admin');
    return (await createUser(runtime, 'second@example.com', 'password two', 'user')).userId;
  });
});
afterAll(async () => {
  await testDb.drop();
});

describe('npm run ledger', () => {
  it('verify exits 0 on a healthy database and says what it checked', async () => {
    const { code, output } = await ledger('verify');
    expect(output).toContain('hash chains: 2 events in 2 streams');
    expect(output).toContain('projection users: 2 rows, replayed from 2 events: identical');
    expect(output).toContain('verify: OK');
    expect(code).toBe(0);
  });

  it('a restart keeps users and their sessions', async () => {
    const cookie = await withRuntime(async (runtime) => {
      const app = await buildTestApp(runtime);
      const c = await signIn(app, 'second@example.com', 'password two');
      await app.close();
      return c;
    });
    await withRuntime(async (runtime) => {
      const app = await buildTestApp(runtime);
      const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ email: 'second@example.com' });
      await app.close();
    });
  });

  it('verify exits 1 and names the table and key when a read-table row was changed, and rebuild repairs it', async () => {
    await withRuntime((runtime) => sql`update users set role = 'superadmin' where id = ${userId}`.execute(runtime.store.db));
    const broken = await ledger('verify');
    expect(broken.code).toBe(1);
    // Two registrations and the sign-in above.
    expect(broken.output).toContain('projection users: 2 rows, replayed from 3 events: 1 rows differ');
    expect(broken.output).toContain(`users ["${userId}"]`);
    expect(broken.output).toContain('verify: FAILED');

    const rebuilt = await ledger('rebuild', 'users');
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.output).toMatch(/rebuilt users: 3 events/);
    expect((await ledger('verify')).code).toBe(0);
  });

  it('verify exits 1 and names the stream when an event was changed behind the application', async () => {
    await withRuntime(async (runtime) => {
      const db = runtime.store.db;
      await sql`alter table events disable trigger events_no_update`.execute(db);
      await sql`update events set data = jsonb_set(data, '{role}', '"superadmin"') where stream_id = ${`user:${userId}`}`.execute(db);
      await sql`alter table events enable trigger events_no_update`.execute(db);
    });
    const { code, output } = await ledger('verify');
    expect(code).toBe(1);
    expect(output).toContain(`BROKEN stream user:${userId} at version 1`);
    expect(output).toContain('hash does not match the event');
  });

  it('rebuild refuses an unknown projection by name', async () => {
    const { code, output } = await ledger('rebuild', 'nonsense');
    expect(code).toBe(1);
    expect(output).toContain('no projection named nonsense; known: users');
  });
});
