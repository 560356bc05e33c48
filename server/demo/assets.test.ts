/** The demo site's assets: a few hundred instances spread over warehouses and projects, some in use, one lost and found. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { createWarehouse } from '../warehouses/warehouse-commands.ts';
import { seedAssets } from './assets.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const system = { metadata: SYSTEM_ACTOR };

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

describe('the demo assets', () => {
  it('spread a few hundred instances over warehouses and projects, some in use, one lost and found, bulk units assigned', async () => {
    const crew = (await createUser(runtime, 'crew@example.com', 'crew password')).userId;
    const projectIds: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const id = await createProject(runtime.store, { name: `Demo ${i}`, customer: null, number: `D-${i}` }, system);
      await changeMembership(runtime.store, id, { type: 'add', userId: crew, role: 'user' }, system);
      projectIds.push(id);
    }
    for (const name of ['A', 'B', 'C']) await createWarehouse(runtime.store, { name, location: null, capacitySummary: null }, system);
    let s = 7;
    const next = () => {
      s = (s * 48271) % 2147483647;
      return s / 2147483647;
    };
    const rnd = {
      next,
      int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
      pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    };
    const day = 86_400_000;
    const result = await seedAssets(runtime.store, {
      rnd,
      projectIds,
      crewOf: () => [crew],
      actor: (at) => ({ ...system, now: new Date(at) }),
      start: Date.now() - 30 * day,
      day,
    });
    expect(result.instances).toBeGreaterThanOrEqual(250);
    const { rows } = await sql<{ owner_type: string; in_use: number; lost: number; n: number }>`
      select owner_type, count(*) filter (where in_use)::int as in_use, count(*) filter (where lost)::int as lost, count(*)::int as n
        from asset_instances group by owner_type order by owner_type`.execute(runtime.store.db);
    expect(rows.map((r) => r.owner_type)).toEqual(['project', 'warehouse']);
    expect(rows[0]!.in_use).toBeGreaterThan(10);
    expect(rows.reduce((sum, r) => sum + r.lost, 0)).toBe(0);
    const found = await runtime.store.db.selectFrom('asset_transactions').select('action_type').where('action_type', 'in', ['Lost', 'Found']).execute();
    expect(found.map((f) => f.action_type).sort()).toEqual(['Found', 'Lost']);
    const bulk = await runtime.store.db.selectFrom('asset_stock').select(['owner_type', 'on_hand', 'assigned']).execute();
    expect(bulk.filter((b) => b.owner_type === 'project').length).toBeGreaterThan(0);
    expect(bulk.some((b) => b.owner_type === 'warehouse' && b.assigned > 0)).toBe(true);
  }, 240_000);
});
