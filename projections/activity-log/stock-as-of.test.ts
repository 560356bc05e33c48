/**
 * Stock as of an instant from the running figures equals the plain sum over the activity log, over
 * random histories whose movements are recorded out of time order (back-dated), and the running
 * figures written inline (one movement per statement) equal those written many per statement,
 * their replay and their rebuild.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { createProject } from '../../server/projects/project-commands.ts';
import { runStock } from '../../server/materials/stock-commands.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { DomainError } from '../../ledger/errors.ts';
import { projectors } from '../registry.ts';
import { rebuildProjections } from '../rebuild.ts';
import { verifyProjections } from '../verify.ts';
import { stockFiguresAsOf } from './stock-as-of.ts';
import { activityLogProjector } from './projector.ts';
import { projectEvents } from '../sql-writer.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const hour = (h: number) => new Date(Date.UTC(2026, 0, 1) + h * 3_600_000);

interface Movement {
  part: number;
  returned: boolean;
  quantity: number;
  /** When it happened, in hours after the start; histories record them in a random order. */
  at: number;
}

/** The reference: every movement at or before the instant, summed. */
async function scannedAsOf(locationId: string, asOf: Date) {
  const { rows } = await sql<{ part_number: string; logistics_qty: number; on_hand: number; field_assigned: number; lost_outstanding: number }>`
    select m.part_number, sum(a.d_logistics)::int as logistics_qty, sum(a.d_on_hand)::int as on_hand,
           sum(a.d_field)::int as field_assigned, sum(a.d_lost)::int as lost_outstanding
      from activity_log a join materials m on m.material_id = a.material_id
     where a.location_kind = 'project' and a.location_id = ${locationId} and a.occurred_at <= ${asOf}
     group by m.part_number order by m.part_number`.execute(runtime.store.db);
  return rows;
}

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

describe('stock as of an instant from running figures', () => {
  it('equals the sum of the movements up to the instant, however late each was recorded', async () => {
    const movement = fc.record({
      part: fc.integer({ min: 0, max: 2 }),
      returned: fc.boolean(),
      quantity: fc.integer({ min: 1, max: 9 }),
      at: fc.integer({ min: 0, max: 40 }),
    });
    let run = 0;
    let backDated = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(movement, { minLength: 1, maxLength: 14 }),
        fc.array(fc.integer({ min: -1, max: 42 }), { minLength: 3, maxLength: 6 }),
        async (history, instants) => {
          run += 1;
          const location = {
            kind: 'project' as const,
            id: await createProject(runtime.store, { name: `As of ${run}`, customer: null, number: `AO-${run}` }, { metadata: SYSTEM_ACTOR }),
          };
          let latest = -1;
          for (const m of history) {
            const options = { metadata: SYSTEM_ACTOR, now: hour(m.at) };
            const partNumber = `AO-${run}-${m.part}`;
            try {
              if (m.returned) {
                await runStock(runtime.store, { type: 'return', location, partNumber, quantity: m.quantity, binInfo: null }, options);
              } else {
                await runStock(
                  runtime.store,
                  { type: 'receive', location, partNumber, quantity: m.quantity, partName: `Part ${m.part}`, partNickname: `P${m.part}` },
                  options,
                );
              }
            } catch (error) {
              // A return of more than is on hand, or of a part never received, is refused: no movement.
              if (!(error instanceof DomainError)) throw error;
              continue;
            }
            if (m.at < latest) backDated += 1;
            latest = Math.max(latest, m.at);
          }
          for (const instant of instants) {
            const asOf = new Date(hour(instant).getTime() + (instant % 2 === 0 ? 0 : 1_800_000));
            const fromSnapshot = (await stockFiguresAsOf(runtime.store.db, location, asOf)).map((r) => ({
              part_number: r.part_number,
              logistics_qty: r.logistics_qty,
              on_hand: r.on_hand,
              field_assigned: r.field_assigned,
              lost_outstanding: r.lost_outstanding,
            }));
            expect(fromSnapshot).toEqual(await scannedAsOf(location.id, asOf));
          }
        },
      ),
      { numRuns: 25, seed: 20261124 },
    );
    // The histories did exercise movements recorded after later ones.
    expect(backDated).toBeGreaterThan(10);

    const reports = await verifyProjections(runtime.store, projectors);
    expect(reports.flatMap((r) => r.differences)).toEqual([]);
    const balances = (schema = 'public') =>
      sql`select position, b_logistics, b_on_hand, b_field, b_lost from ${sql.table(`${schema}.activity_log`)} order by position`
        .execute(runtime.store.db)
        .then((r) => r.rows);
    const before = await balances();

    // Many movements per statement, in two batches: the second sorts rows in among the first's.
    await sql`create schema batch_check`.execute(runtime.store.db);
    await sql`create table batch_check.activity_log (like public.activity_log including all)`.execute(runtime.store.db);
    const events = await runtime.store.readAllAfterPosition(0, 100_000);
    const half = Math.floor(events.length / 2);
    await projectEvents(runtime.store.db, 'batch_check', activityLogProjector, events.slice(0, half));
    await projectEvents(runtime.store.db, 'batch_check', activityLogProjector, events.slice(half));
    expect(await balances('batch_check')).toEqual(before);
    await sql`drop schema batch_check cascade`.execute(runtime.store.db);

    await rebuildProjections(runtime.store, projectors, { databaseUrl: runtime.database.url });
    expect(await balances()).toEqual(before);
  });
});
