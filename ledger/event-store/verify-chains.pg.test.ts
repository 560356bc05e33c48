/** The hash chains cut into ranges of streams for worker threads: any number of ranges finds the same. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { createProject } from '../../server/projects/project-commands.ts';
import { runStock } from '../../server/materials/stock-commands.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { verifyHashChainsInParallel } from './verify-chains.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;

beforeAll(async () => {
  runtime = await openTestRuntime();
  const location = { kind: 'project' as const, id: await createProject(runtime.store, { name: 'Chains', customer: null, number: 'C-1' }, { metadata: SYSTEM_ACTOR }) };
  for (let i = 0; i < 20; i += 1) {
    await runStock(runtime.store, { type: 'receive', location, partNumber: `C-${i % 7}`, quantity: i + 1, partName: `Part ${i % 7}`, partNickname: `C${i % 7}` }, { metadata: SYSTEM_ACTOR });
  }
  const { rows } = await sql<{ stream_id: string }>`select distinct stream_id from events where stream_id like 'stock:%' order by 1`.execute(runtime.store.db);
  await sql`alter table events disable trigger events_no_update`.execute(runtime.store.db);
  for (const { stream_id } of [rows[0]!, rows[3]!, rows[rows.length - 1]!]) {
    await sql`update events set data = jsonb_set(data, '{quantity}', '999') where stream_id = ${stream_id} and stream_version = 2`.execute(runtime.store.db);
  }
  await sql`alter table events enable trigger events_no_update`.execute(runtime.store.db);
});
afterAll(async () => {
  await runtime.close();
});

describe('hash chains in worker threads', () => {
  it('finds the same broken streams with one, three or five ranges and pages smaller than a stream', async () => {
    const found: string[][] = [];
    for (const workers of [1, 3, 5]) {
      const report = await runtime.store.db.transaction().setIsolationLevel('repeatable read').execute(async (trx) => {
        const { rows } = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(trx);
        return verifyHashChainsInParallel(trx, runtime.database.url!, rows[0]!.snapshot, { workers, pageSize: 2 });
      });
      expect(report.events).toBe(await runtime.store.headPosition());
      expect(report.problems.every((p) => p.streamVersion === 2)).toBe(true);
      found.push(report.problems.map((p) => p.streamId).sort());
    }
    expect(found[0]).toHaveLength(3);
    expect(found[1]).toEqual(found[0]);
    expect(found[2]).toEqual(found[0]);
  });
});
