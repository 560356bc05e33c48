/**
 * The whole check finds a read-table row changed behind the ledger and an event changed behind it,
 * naming the table and key and the stream; on PostgreSQL the chains are hashed by worker threads
 * over ranges of streams, so streams at both ends of the stream order are tampered with.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { onPostgres, openTestRuntime } from '../test/helpers/test-database.ts';
import { createProject } from '../server/projects/project-commands.ts';
import { runStock } from '../server/materials/stock-commands.ts';
import { SYSTEM_ACTOR } from '../server/users/user-commands.ts';
import { projectors } from './registry.ts';
import { verifyLedger } from './verify.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const verify = () => verifyLedger(runtime.store, projectors, runtime.database.url);

beforeAll(async () => {
  runtime = await openTestRuntime();
  for (let p = 0; p < 3; p += 1) {
    const location = {
      kind: 'project' as const,
      id: await createProject(runtime.store, { name: `Verify ${p}`, customer: null, number: `V-${p}` }, { metadata: SYSTEM_ACTOR }),
    };
    for (let i = 0; i < 12; i += 1) {
      await runStock(
        runtime.store,
        { type: 'receive', location, partNumber: `V-${i % 5}`, quantity: i + 1, partName: `Part ${i % 5}`, partNickname: `P${i % 5}` },
        { metadata: SYSTEM_ACTOR, now: new Date(Date.UTC(2026, 4, 1, i)) },
      );
    }
  }
});
afterAll(async () => {
  await runtime.close();
});

describe(`verify (${onPostgres ? 'hash chains in worker threads' : 'hash chains in the replay pass'})`, () => {
  it('finds nothing in an untouched ledger and counts every event and stream', async () => {
    const { chains, projections } = await verify();
    expect(chains.problems).toEqual([]);
    expect(chains.events).toBe(await runtime.store.headPosition());
    const { rows } = await sql<{ n: number }>`select count(distinct stream_id)::int as n from events`.execute(runtime.store.db);
    expect(chains.streams).toBe(rows[0]!.n);
    expect(projections.flatMap((p) => p.differences)).toEqual([]);
  });

  it('names the table and key of a planted difference and the stream of a changed event', async () => {
    const db = runtime.store.db;
    const { rows: planted } = await sql<{
      position: number;
    }>`update activity_log set b_on_hand = b_on_hand + 1 where position = (select max(position) from activity_log) returning position`.execute(db);
    // One stream early and one late in stream order, so on PostgreSQL both ranges have a broken chain.
    const { rows: streams } = await sql<{
      first: string;
      last: string;
    }>`select min(stream_id) as first, max(stream_id) as last from events where stream_id like 'stock:%'`.execute(db);
    await sql`alter table events disable trigger events_no_update`.execute(db);
    for (const streamId of [streams[0]!.first, streams[0]!.last]) {
      await sql`update events set data = jsonb_set(data, '{quantity}', '999') where stream_id = ${streamId} and stream_version = 1`.execute(db);
    }
    await sql`alter table events enable trigger events_no_update`.execute(db);

    const { chains, projections } = await verify();
    expect(chains.problems.map((p) => [p.streamId, p.streamVersion, p.problem])).toEqual(
      expect.arrayContaining([
        [streams[0]!.first, 1, 'hash does not match the event: its type, data, metadata or time was changed'],
        [streams[0]!.last, 1, 'hash does not match the event: its type, data, metadata or time was changed'],
      ]),
    );
    expect(chains.problems).toHaveLength(2);
    const differences = projections.flatMap((p) => p.differences);
    expect(differences.find((d) => d.table === 'activity_log' && d.key === JSON.stringify([planted[0]!.position]))).toBeDefined();
  });
});
