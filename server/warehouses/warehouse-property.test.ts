/**
 * Thousands of random warehouse and project movements, valid and invalid, against a plain
 * arithmetic model: each is accepted or refused as the model says, no figure and no place goes
 * below zero, units are conserved (everything on hand in warehouses and projects = received −
 * returned − lost + found), and a rebuild of every read table from the events reproduces them
 * exactly and verify finds nothing.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../ledger/errors.ts';
import { verifyHashChains } from '../../ledger/event-store/verify-chains.ts';
import { projectors } from '../../projections/registry.ts';
import { rebuildProjection } from '../../projections/rebuild.ts';
import { verifyProjection } from '../../projections/verify.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { runStock } from '../materials/stock-commands.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { createWarehouse } from './warehouse-commands.ts';
import { runWarehouseStock } from './warehouse-stock-commands.ts';

const COMMANDS = Number(process.env.PROPERTY_COMMANDS ?? 1500);
let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const warehouses: string[] = [];
const projects: string[] = [];
const parts = ['W-1', 'W-2'];
const places = [{ rack: 'A', shelf: '1' }, { rack: 'B' }, { zone: 'Yard' }];
const options = { metadata: { actorId: null, actorName: 'Property test' } };

type Kind = 'wReceive' | 'wReturn' | 'wRelocate' | 'wAssign' | 'wUnassign' | 'wLost' | 'wFound' | 'pReceive' | 'pReturn';
interface Step {
  kind: Kind;
  warehouse: number;
  project: number;
  part: number;
  from: number;
  to: number;
  quantity: number;
}

interface Model {
  defined: Set<number>;
  /** `w:part` → exists, places (by index), lost. */
  warehouse: Map<string, { places: number[]; lost: number }>;
  /** `p:part` → on hand. */
  project: Map<string, number>;
  received: number;
  returned: number;
  lost: number;
  found: number;
}

/** Applies the step to a copy of the model, or answers null when the rules refuse it. */
function expected(model: Model, s: Step): Model | null {
  if (s.quantity <= 0) return null;
  const q = s.quantity;
  const wKey = `${s.warehouse}:${s.part}`;
  const pKey = `${s.project}:${s.part}`;
  const w = model.warehouse.get(wKey);
  const next: Model = { ...model, defined: new Set(model.defined), warehouse: new Map(model.warehouse), project: new Map(model.project) };
  const wItem = () => ({ places: [...(w?.places ?? places.map(() => 0))], lost: w?.lost ?? 0 });
  switch (s.kind) {
    case 'wReceive': {
      const item = wItem();
      item.places[s.to]! += q;
      next.warehouse.set(wKey, item);
      next.defined.add(s.part);
      next.received += q;
      return next;
    }
    case 'pReceive':
      next.project.set(pKey, (model.project.get(pKey) ?? 0) + q);
      next.defined.add(s.part);
      next.received += q;
      return next;
    case 'pReturn': {
      const onHand = model.project.get(pKey);
      if (onHand === undefined || onHand < q) return null;
      next.project.set(pKey, onHand - q);
      next.returned += q;
      return next;
    }
    case 'wUnassign': {
      const onHand = model.project.get(pKey);
      if (onHand === undefined || onHand < q) return null;
      next.project.set(pKey, onHand - q);
      const item = wItem();
      item.places[s.to]! += q;
      next.warehouse.set(wKey, item);
      return next;
    }
    default:
      break;
  }
  if (!w) return null;
  const item = wItem();
  switch (s.kind) {
    case 'wFound':
      if (item.lost < q) return null;
      item.lost -= q;
      item.places[s.to]! += q;
      next.found += q;
      break;
    case 'wRelocate':
      if (s.from === s.to || item.places[s.from]! < q) return null;
      item.places[s.from]! -= q;
      item.places[s.to]! += q;
      break;
    default: {
      if (item.places[s.from]! < q) return null;
      item.places[s.from]! -= q;
      if (s.kind === 'wReturn') next.returned += q;
      if (s.kind === 'wLost') {
        item.lost += q;
        next.lost += q;
      }
      if (s.kind === 'wAssign') next.project.set(pKey, (model.project.get(pKey) ?? 0) + q);
    }
  }
  next.warehouse.set(wKey, item);
  return next;
}

async function apply(s: Step): Promise<void> {
  const common = { warehouseId: warehouses[s.warehouse]!, partNumber: parts[s.part]!, quantity: s.quantity };
  const from = places[s.from]!;
  const to = places[s.to]!;
  const projectId = projects[s.project]!;
  const names = { partName: `Part ${parts[s.part]}`, partNickname: parts[s.part]! };
  switch (s.kind) {
    case 'wReceive':
      await runWarehouseStock(runtime.store, { ...common, type: 'receive', place: to, ...names }, options);
      return;
    case 'wReturn':
    case 'wLost':
      await runWarehouseStock(runtime.store, { ...common, type: s.kind === 'wReturn' ? 'return' : 'lost', from }, options);
      return;
    case 'wRelocate':
      await runWarehouseStock(runtime.store, { ...common, type: 'relocate', from, to }, options);
      return;
    case 'wFound':
      await runWarehouseStock(runtime.store, { ...common, type: 'found', to }, options);
      return;
    case 'wAssign':
      await runWarehouseStock(runtime.store, { ...common, type: 'assign', from, projectId }, options);
      return;
    case 'wUnassign':
      await runWarehouseStock(runtime.store, { ...common, type: 'unassign', to, projectId }, options);
      return;
    case 'pReceive':
      await runStock(
        runtime.store,
        { type: 'receive', location: { kind: 'project', id: projectId }, partNumber: common.partNumber, quantity: s.quantity, ...names },
        options,
      );
      return;
    case 'pReturn':
      await runStock(
        runtime.store,
        { type: 'return', location: { kind: 'project', id: projectId }, partNumber: common.partNumber, quantity: s.quantity, binInfo: null },
        options,
      );
      return;
  }
}

async function totals() {
  const { rows } = await sql<{ on_hand: number; lost: number; negative: number; place_sum_mismatch: number; negative_places: number }>`
    select (select coalesce(sum(on_hand + field_assigned), 0)::int from material_stock) as on_hand,
           (select coalesce(sum(lost_outstanding), 0)::int from material_stock) as lost,
           (select count(*)::int from material_stock where on_hand < 0 or logistics_qty < 0 or lost_outstanding < 0) as negative,
           (select count(*)::int from warehouse_stock_places where qty < 0) as negative_places,
           (select count(*)::int from material_stock s
             where s.location_kind = 'warehouse'
               and s.on_hand <> (select coalesce(sum(qty), 0) from warehouse_stock_places p where p.warehouse_id = s.location_id and p.material_id = s.material_id)) as place_sum_mismatch`.execute(
    runtime.store.db,
  );
  return rows[0]!;
}

async function snapshot(): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const projector of projectors) {
    for (const table of projector.tables) {
      const { rows } = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table.name)} order by ${sql.join(table.key.map((k) => sql.ref(k)))}`.execute(runtime.store.db);
      out[table.name] = rows.map((r) => JSON.parse(JSON.stringify(r)));
    }
  }
  return out;
}

beforeAll(async () => {
  runtime = await openTestRuntime();
  for (let i = 0; i < 2; i += 1)
    warehouses.push(await createWarehouse(runtime.store, { name: `Yard ${i}`, location: null, capacitySummary: null }, { metadata: SYSTEM_ACTOR }));
  for (let i = 0; i < 2; i += 1)
    projects.push(await createProject(runtime.store, { name: `Project ${i}`, customer: null, number: `WP-${i}` }, { metadata: SYSTEM_ACTOR }));
});
afterAll(async () => {
  await runtime.close();
});

describe('random warehouse and project movements', () => {
  it(`accepts or refuses each of ${COMMANDS} movements as the rules say, conserves units, never goes negative, and rebuilds to identical tables`, async () => {
    const step: fc.Arbitrary<Step> = fc.record({
      kind: fc.constantFrom<Kind>(
        'wReceive',
        'wReceive',
        'wReturn',
        'wRelocate',
        'wRelocate',
        'wAssign',
        'wAssign',
        'wUnassign',
        'wLost',
        'wFound',
        'pReceive',
        'pReturn',
      ),
      warehouse: fc.integer({ min: 0, max: 1 }),
      project: fc.integer({ min: 0, max: 1 }),
      part: fc.integer({ min: 0, max: parts.length - 1 }),
      from: fc.integer({ min: 0, max: places.length - 1 }),
      to: fc.integer({ min: 0, max: places.length - 1 }),
      quantity: fc.integer({ min: -1, max: 7 }),
    });
    const steps = fc.sample(step, { numRuns: COMMANDS, seed: 20261124 });
    let model: Model = { defined: new Set(), warehouse: new Map(), project: new Map(), received: 0, returned: 0, lost: 0, found: 0 };
    let accepted = 0;
    const seen = new Set<Kind>();
    for (const [i, s] of steps.entries()) {
      const want = expected(model, s);
      let refused: unknown = null;
      try {
        await apply(s);
      } catch (error) {
        refused = error;
      }
      if (want === null) {
        expect(refused, JSON.stringify(s)).toBeInstanceOf(DomainError);
      } else {
        expect(refused, JSON.stringify(s)).toBeNull();
        model = want;
        accepted += 1;
        seen.add(s.kind);
      }
      if (i % 25 === 0 || i === steps.length - 1) {
        const t = await totals();
        expect(t.negative + t.negative_places + t.place_sum_mismatch).toBe(0);
        expect(t.on_hand, `after step ${i}`).toBe(model.received - model.returned - model.lost + model.found);
        expect(t.lost).toBe(model.lost - model.found);
      }
    }
    // Every place of every warehouse holds what the model says.
    const { rows: held } = await sql<{ warehouse_id: string; part_number: string; place_key: string; qty: number }>`
      select p.warehouse_id, m.part_number, p.place_key, p.qty from warehouse_stock_places p join materials m on m.material_id = p.material_id where p.qty > 0`.execute(
      runtime.store.db,
    );
    const keys = ['a|1||', 'b|||', '|||yard'];
    const actual = held.map((r) => `${warehouses.indexOf(r.warehouse_id)}:${parts.indexOf(r.part_number)}:${keys.indexOf(r.place_key)}=${r.qty}`).sort();
    const wanted = [...model.warehouse].flatMap(([key, item]) => item.places.flatMap((qty, place) => (qty > 0 ? [`${key}:${place}=${qty}`] : []))).sort();
    expect(actual).toEqual(wanted);
    // The run exercised every kind of movement, accepted and refused.
    expect(seen.size).toBe(9);
    expect(accepted).toBeGreaterThan(COMMANDS / 4);
    expect(accepted).toBeLessThan(COMMANDS);

    const before = await snapshot();
    for (const projector of projectors) await rebuildProjection(runtime.store, projector, { batchSize: 500, databaseUrl: runtime.database.url });
    expect(await snapshot()).toEqual(before);
    for (const projector of projectors) expect((await verifyProjection(runtime.store, projector)).differences, projector.name).toEqual([]);
    expect((await verifyHashChains(runtime.store)).problems).toEqual([]);
  }, 240_000);
});
