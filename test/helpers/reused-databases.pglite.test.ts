/** The in-memory databases the test files take turns on (PGlite only): each file starts from the template alone. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createProject } from '../../server/projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { openTestRuntime } from './test-database.ts';

const system = { metadata: SYSTEM_ACTOR };

async function counts(runtime: Awaited<ReturnType<typeof openTestRuntime>>) {
  const result = await sql<{ events: number; projects: number; eras: number }>`
    select (select count(*) from events)::int as events, (select count(*) from projects)::int as projects, (select count(*) from ledger_eras)::int as eras`.execute(
    runtime.store.db,
  );
  return result.rows[0]!;
}

/** Which PGlite instance a runtime is on: each starts its postgres at its own moment. */
async function instanceOf(runtime: Awaited<ReturnType<typeof openTestRuntime>>): Promise<string> {
  const result = await sql<{ started: string }>`select pg_postmaster_start_time()::text as started`.execute(runtime.store.db);
  return result.rows[0]!.started;
}

describe('a reused in-memory database', () => {
  it("holds none of the previous file's rows, and its sequences start again", async () => {
    const first = await openTestRuntime();
    const template = await counts(first);
    await createProject(first.store, { name: 'Earlier', customer: null, number: 'E-1' }, system);
    await createProject(first.store, { name: 'Earlier too', customer: null, number: 'E-2' }, system);
    const numbers = await first.store.db.selectFrom('projects').select('num_id').orderBy('num_id').execute();
    const instance = await instanceOf(first);
    await first.close();

    const next = await openTestRuntime();
    try {
      expect(await instanceOf(next)).toBe(instance);
      expect(await counts(next)).toEqual(template);
      await createProject(next.store, { name: 'Later', customer: null, number: 'L-1' }, system);
      const again = await next.store.db.selectFrom('projects').select('num_id').execute();
      expect(again).toEqual([numbers[0]]);
    } finally {
      await next.close();
    }
  });

  it('is not handed on once a file has changed its schema', async () => {
    const first = await openTestRuntime();
    await sql`create table scratch (x int)`.execute(first.store.db);
    const instance = await instanceOf(first);
    await first.close();

    const next = await openTestRuntime();
    try {
      expect(await instanceOf(next)).not.toBe(instance);
      const found = await sql<{ name: string | null }>`select to_regclass('scratch')::text as name`.execute(next.store.db);
      expect(found.rows[0]!.name).toBeNull();
    } finally {
      await next.close();
    }
  });

  it('refuses every query through a handle once it is closed, as a closed database does', async () => {
    const runtime = await openTestRuntime();
    const db = runtime.store.db;
    await runtime.close();
    await expect(sql`select 1`.execute(db)).rejects.toThrow();
    const next = await openTestRuntime();
    try {
      expect((await counts(next)).events).toBe(0);
    } finally {
      await next.close();
    }
  });
});
