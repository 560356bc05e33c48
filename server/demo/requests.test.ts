/** The demo requests reach every state, two wait on a delivery, and the stock agrees with what was fulfilled. */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { runStock } from '../materials/stock-commands.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { registerUser, SYSTEM_ACTOR } from '../users/user-commands.ts';
import { seedDemoRequests } from './requests.ts';

const options = { metadata: SYSTEM_ACTOR };
let runtime: Awaited<ReturnType<typeof openTestRuntime>>;

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

describe('the demo requests', () => {
  it('are in every state, some waiting on delivery, with the fulfilled lines in the field', async () => {
    const crew = [];
    for (const first of ['Cy', 'Ria']) {
      const email = `${first.toLowerCase()}@demo.example`;
      const { userId } = await registerUser(
        runtime.store,
        { email, password: `${first} password`, role: 'user', firstName: first, lastName: 'Crew' },
        SYSTEM_ACTOR,
      );
      crew.push({ id: userId, name: `${first} Crew`, email });
    }
    const projectIds: string[] = [];
    for (const n of [1, 2]) {
      const id = await createProject(runtime.store, { name: `Demo ${n}`, customer: null, number: `D-${n}` }, options);
      projectIds.push(id);
      for (const person of crew) await changeMembership(runtime.store, id, { type: 'add', userId: person.id, role: 'user' }, options);
      for (let i = 0; i < 32; i += 1) {
        const partNumber = `DEMO-${String(i).padStart(2, '0')}`;
        await runStock(
          runtime.store,
          { type: 'receive', location: { kind: 'project', id }, partNumber, quantity: 6 + i, partName: partNumber, partNickname: partNumber },
          options,
        );
      }
    }
    const now = Date.now();
    const made = await seedDemoRequests(runtime.store, projectIds, crew, (at) => ({ ...options, now: new Date(at) }), now - 5 * 86_400_000, now - 3_600_000);
    expect(made).toBe(20);
    const { rows } = await sql<{ status: string; waiting: boolean; n: number }>`
      select status, waiting_delivery as waiting, count(*)::int as n from requests group by 1, 2 order by 1, 2`.execute(runtime.store.db);
    expect(rows.map((r) => [r.status, r.waiting, r.n])).toEqual([
      ['denied', false, 2],
      ['fulfilled', false, 4],
      ['on-hold', false, 2],
      ['on-hold', true, 4],
      ['partial', false, 2],
      ['requested', false, 6],
    ]);
    const { rows: agree } = await sql<{ fulfilled: number; field: number }>`
      select (select coalesce(sum(qty), 0)::int from request_lines where status = 'fulfilled') as fulfilled,
             (select coalesce(sum(field_assigned), 0)::int from material_stock) as field`.execute(runtime.store.db);
    expect(agree[0]!.fulfilled).toBe(agree[0]!.field);
  });
});
