/**
 * Rebuild and verify in worker threads over ranges of streams: any number of ranges finds the same
 * broken chains and the same differing rows, and a projector the workers cannot know (not the
 * registered one of its name), here one that writes a row of another stream, still gets the fold
 * in commit order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestRuntime } from '../test/helpers/test-database.ts';
import { createProject } from '../server/projects/project-commands.ts';
import { runStock } from '../server/materials/stock-commands.ts';
import { SYSTEM_ACTOR } from '../server/users/user-commands.ts';
import { isProjectEvent } from '../ledger/project/events.ts';
import { projectsProjector } from './projects/projector.ts';
import type { Projector } from './projector.ts';
import { projectors } from './registry.ts';
import { rebuildProjections } from './rebuild.ts';
import { verifyLedger } from './verify.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const tableText = async (table: string, key: string) =>
  (await sql<{ row: string }>`select t::text as row from ${sql.table(table)} t order by ${sql.ref(`t.${key}`)}`.execute(runtime.store.db)).rows.map(
    (r) => r.row,
  );

beforeAll(async () => {
  runtime = await openTestRuntime();
  for (let p = 0; p < 2; p += 1) {
    const location = {
      kind: 'project' as const,
      id: await createProject(runtime.store, { name: `Ranges ${p}`, customer: null, number: `RG-${p}` }, { metadata: SYSTEM_ACTOR }),
    };
    for (let i = 0; i < 20; i += 1) {
      await runStock(
        runtime.store,
        { type: 'receive', location, partNumber: `RG-${i % 7}`, quantity: i + 1, partName: `Part ${i % 7}`, partNickname: `R${i % 7}` },
        { metadata: SYSTEM_ACTOR },
      );
    }
  }
});
afterAll(async () => {
  await runtime.close();
});

describe('rebuild and verify over ranges of streams', () => {
  it('rebuilds with one, three or five workers into the same tables', async () => {
    const before = await tableText('activity_log', 'position');
    for (const workers of [1, 3, 5]) {
      await rebuildProjections(runtime.store, projectors, { databaseUrl: runtime.database.url, workers });
      expect(await tableText('activity_log', 'position')).toEqual(before);
      const { chains, projections } = await verifyLedger(runtime.store, projectors, runtime.database.url, { workers });
      expect(chains.problems).toEqual([]);
      expect(projections.flatMap((p) => p.differences)).toEqual([]);
    }
  }, 180_000);

  it('folds in commit order when a projector writes a row of another stream', async () => {
    // Every project's creation also renames the first project: rows written across streams.
    const first = (await runtime.store.db.selectFrom('projects').select('id').orderBy('num_id').executeTakeFirstOrThrow()).id;
    const crossing: Projector = {
      ...projectsProjector,
      project(event) {
        const ops = projectsProjector.project(event);
        if (isProjectEvent(event) && event.type === 'ProjectCreated' && event.data.projectId !== first) {
          ops.push({ kind: 'update', table: 'projects', key: { id: first }, set: { project_name: `renamed by ${event.data.name}` } });
        }
        return ops;
      },
    };
    await rebuildProjections(runtime.store, [crossing], { databaseUrl: runtime.database.url, workers: 2 });
    const renamed = await runtime.store.db.selectFrom('projects').select('project_name').where('id', '=', first).executeTakeFirstOrThrow();
    expect(renamed.project_name).toBe('renamed by Ranges 1');
    const { projections } = await verifyLedger(runtime.store, [crossing], runtime.database.url, { workers: 2 });
    expect(projections.flatMap((p) => p.differences)).toEqual([]);
    await rebuildProjections(runtime.store, [projectsProjector], { databaseUrl: runtime.database.url });
  }, 120_000);

  it('finds the same broken streams and differing rows with one, three or five workers', async () => {
    const db = runtime.store.db;
    const { rows } = await sql<{ stream_id: string }>`select distinct stream_id from events where stream_id like 'stock:%' order by 1`.execute(db);
    await sql`alter table events disable trigger events_no_update`.execute(db);
    for (const { stream_id } of [rows[0]!, rows[3]!, rows[rows.length - 1]!]) {
      await sql`update events set data = jsonb_set(data, '{quantity}', '999') where stream_id = ${stream_id} and stream_version = 2`.execute(db);
    }
    await sql`alter table events enable trigger events_no_update`.execute(db);
    await sql`update material_stock set on_hand = on_hand + 1 where material_id = (select material_id from material_stock order by material_id limit 1)`.execute(
      db,
    );
    const found: string[][] = [];
    for (const workers of [1, 3, 5]) {
      const { chains, projections } = await verifyLedger(runtime.store, projectors, runtime.database.url, { workers });
      expect(chains.events).toBe(await runtime.store.headPosition());
      expect(chains.problems.every((p) => p.streamVersion === 2)).toBe(true);
      found.push(chains.problems.map((p) => p.streamId).sort());
      const differences = projections.flatMap((p) => p.differences);
      // The tampered quantities change the replayed activity rows (named by the detailed pass, with
      // both sides) and the planted on-hand figure differs on its own.
      const activity = differences.filter((d) => d.table === 'activity_log');
      expect(activity.length).toBeGreaterThanOrEqual(3);
      expect(activity.every((d) => d.key !== '' && d.expected && d.actual)).toBe(true);
      expect(differences.some((d) => d.table === 'material_stock' && d.actual)).toBe(true);
    }
    expect(found[0]).toHaveLength(3);
    expect(found[1]).toEqual(found[0]);
    expect(found[2]).toEqual(found[0]);
  }, 180_000);
});
