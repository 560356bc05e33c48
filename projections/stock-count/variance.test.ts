/**
 * The variance read and the post context's figures on read rows written directly (the count's own
 * commands are tested through the API): a project's line and two places of a warehouse, with
 * movements before, at and after the counted instant.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeKey, placeLabel, type Place } from '../../contract/place.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { runStock } from '../../server/materials/stock-commands.ts';
import { createProject } from '../../server/projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { createWarehouse } from '../../server/warehouses/warehouse-commands.ts';
import { runWarehouseStock } from '../../server/warehouses/warehouse-stock-commands.ts';
import { loadPartLineFigures } from './post-context.ts';
import { sessionVariance } from './variance.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let projectId: string;
let warehouseId: string;
const at = (iso: string) => ({ metadata: SYSTEM_ACTOR, now: new Date(iso) });
const rackA: Place = { rack: 'A', shelf: null, bin: '1', zone: null, notes: null };
const rackB: Place = { rack: 'B', shelf: null, bin: null, zone: null, notes: null };

async function session(
  kind: 'project' | 'warehouse',
  locationId: string,
  lines: Array<{ material: string; place: Place | null; counted: number; countedAt: string; first?: number }>,
) {
  const id = randomUUID();
  await sql`insert into count_sessions (id, name, location_kind, location_id, location_label, scope_label, blind, double_count, include_assets, status,
            counters, line_total, lines_counted, recounts_pending, created_by_name, created_at, stream_version, last_hash)
            values (${id}, 'Test', ${kind}, ${locationId}, 'L', 'All parts', true, false, false, 'open', '[]', ${lines.length}, ${lines.length}, 0,
                    'System', '2026-03-01T08:00:00Z', 1, 'aa')`.execute(runtime.store.db);
  let seq = 0;
  for (const l of lines) {
    seq += 1;
    const { rows } = await sql<{ material_id: string }>`select material_id from materials where part_number = ${l.material}`.execute(runtime.store.db);
    await sql`insert into count_lines (session_id, line_id, seq, kind, planned, location_kind, location_id, material_id, part_number, part_name, place,
              place_key, place_label, round, counts, counted, counted_at, counter_name, recount_requested, status)
              values (${id}, ${`l${seq}`}, ${seq}, 'part', true, ${kind}, ${locationId}, ${rows[0]!.material_id}, ${l.material}, 'Part',
                      ${l.place ? JSON.stringify(l.place) : null}::jsonb, ${l.place ? placeKey(l.place) : ''}, ${l.place ? placeLabel(l.place) : null}, 1,
                      ${JSON.stringify([
                        ...(l.first === undefined ? [] : [{ user_id: randomUUID(), name: 'Bob', counted: l.first, counted_at: l.countedAt }]),
                        { user_id: randomUUID(), name: 'Ann', counted: l.counted, counted_at: l.countedAt },
                      ])}::jsonb,
                      ${l.counted}, ${l.countedAt}, 'Ann', false, 'counted')`.execute(runtime.store.db);
  }
  return id;
}

beforeAll(async () => {
  runtime = await openTestRuntime();
  projectId = await createProject(runtime.store, { name: 'Counts', customer: null, number: 'C-1' }, at('2026-03-01T07:00:00Z'));
  warehouseId = await createWarehouse(runtime.store, { name: 'Main', location: null, capacitySummary: null }, at('2026-03-01T07:00:00Z'));
  const location = { kind: 'project' as const, id: projectId };
  await runStock(
    runtime.store,
    { type: 'receive', location, partNumber: 'PN-1', quantity: 20, partName: 'Part', partNickname: 'P' },
    at('2026-03-01T09:00:00Z'),
  );
  await runStock(
    runtime.store,
    { type: 'receive', location, partNumber: 'PN-1', quantity: 5, partName: 'Part', partNickname: 'P' },
    at('2026-03-01T10:05:00Z'),
  );
  await runStock(
    runtime.store,
    { type: 'lost', location, partNumber: 'PN-1', quantity: 4, source: 'on_hand', userId: null, note: null },
    at('2026-03-01T10:06:00Z'),
  );
  const w = { warehouseId, partNumber: 'PN-1' };
  await runWarehouseStock(runtime.store, { ...w, type: 'receive', quantity: 10, place: rackA }, at('2026-03-01T09:00:00Z'));
  await runWarehouseStock(runtime.store, { ...w, type: 'receive', quantity: 3, place: rackB }, at('2026-03-01T09:01:00Z'));
  // After the count: 4 move from A to b (another spelling of B), 2 are taken from a (A).
  await runWarehouseStock(runtime.store, { ...w, type: 'relocate', quantity: 4, from: rackA, to: { ...rackB, rack: 'b' } }, at('2026-03-01T10:05:00Z'));
  await runWarehouseStock(runtime.store, { ...w, type: 'lost', quantity: 2, from: { ...rackA, rack: 'a' } }, at('2026-03-01T10:07:00Z'));
});
afterAll(async () => {
  await runtime.close();
});

describe('the variance of a count', () => {
  it('measures a project line against on hand at its counted instant, not now', async () => {
    const id = await session('project', projectId, [{ material: 'PN-1', place: null, counted: 18, countedAt: '2026-03-01T10:00:00Z', first: 18 }]);
    const { items, totals } = await sessionVariance(runtime.store.db, id);
    expect(items[0]).toMatchObject({ expected: 20, difference: -2, percent: -10, moved_since: 1, movements_since: 2, asset_result: null });
    expect(items[0]).toMatchObject({
      counted_at: '2026-03-01T10:00:00.000Z',
      counter: 'Ann',
      second_counted: 18,
      second_counter: 'Bob',
      last_counted_at: null,
    });
    expect(totals).toEqual({ lines: 1, counted: 1, with_variance: 1, accuracy: 0 });
  });

  it("measures a warehouse line against its place's units then, and what moved there since", async () => {
    const id = await session('warehouse', warehouseId, [
      { material: 'PN-1', place: rackA, counted: 10, countedAt: '2026-03-01T10:00:00Z' },
      { material: 'PN-1', place: rackB, counted: 4, countedAt: '2026-03-01T10:00:00Z' },
    ]);
    const { items, totals } = await sessionVariance(runtime.store.db, id);
    expect(items.map((l) => [l.expected, l.difference, l.percent, l.moved_since, l.movements_since])).toEqual([
      [10, 0, 0, -6, 2],
      [3, 1, 33.3, 4, 1],
    ]);
    expect(totals).toEqual({ lines: 2, counted: 2, with_variance: 1, accuracy: 50 });
  });

  it('gives posting the figures at the instant and the lowest after it', async () => {
    const { rows } = await sql<{ material_id: string }>`select material_id from materials where part_number = 'PN-1'`.execute(runtime.store.db);
    const materialId = rows[0]!.material_id;
    const countedAt = new Date('2026-03-01T10:00:00Z');
    const project = await loadPartLineFigures(runtime.store.db as never, { kind: 'project', id: projectId }, [
      { lineId: 'l1', materialId, place: null, placeKey: '', countedAt },
    ]);
    expect(project[0]!.figures).toEqual({ expected: 20, lostAtInstant: 0, lowestOnHandAfter: 21, lowestLostAfter: 0, onHandNow: 21, lostNow: 4 });
    expect(project[0]!.head.version).toBe(3);
    const warehouse = await loadPartLineFigures(runtime.store.db as never, { kind: 'warehouse', id: warehouseId }, [
      { lineId: 'l1', materialId, place: rackA, placeKey: placeKey(rackA), countedAt },
      { lineId: 'l2', materialId, place: rackB, placeKey: placeKey(rackB), countedAt },
      { lineId: 'l3', materialId, place: rackB, placeKey: placeKey(rackB), countedAt: new Date('2026-03-01T11:00:00Z') },
    ]);
    expect(warehouse.map((w) => w.figures)).toEqual([
      { expected: 10, lostAtInstant: 0, lowestOnHandAfter: 4, lowestLostAfter: 0, onHandNow: 4, lostNow: 2 },
      { expected: 3, lostAtInstant: 0, lowestOnHandAfter: 7, lowestLostAfter: 0, onHandNow: 7, lostNow: 2 },
      { expected: 7, lostAtInstant: 2, lowestOnHandAfter: null, lowestLostAfter: null, onHandNow: 7, lostNow: 2 },
    ]);
  });
});
