/**
 * Thousands of random stock commands, valid and invalid, against a plain arithmetic model: each is
 * accepted or refused as the model says, the invariants hold after every step, and afterwards a
 * rebuild of every read table from the events reproduces them exactly and verify finds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { createUser } from '../../test/helpers/test-app.ts';
import { DomainError } from '../../ledger/errors.ts';
import { verifyHashChains } from '../../ledger/event-store/verify-chains.ts';
import { projectors } from '../../projections/registry.ts';
import { rebuildProjection } from '../../projections/rebuild.ts';
import { verifyProjection } from '../../projections/verify.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { runStock } from './stock-commands.ts';

const COMMANDS = Number(process.env.PROPERTY_COMMANDS ?? 2000);
let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const projects: string[] = [];
const users: string[] = [];
const parts = ['P-1', 'P-2', 'P-3'];
const options = { metadata: { actorId: null, actorName: 'Property test' } };

type Kind = 'receive' | 'return' | 'assign' | 'unassign' | 'lostOnHand' | 'lostField' | 'foundOnHand' | 'foundField';
interface Step {
  kind: Kind;
  project: number;
  part: number;
  user: number;
  quantity: number;
}

interface ModelItem {
  logistics: number;
  onHand: number;
  lost: number;
  held: number[];
}

/** What the rules say should happen, in plain arithmetic; null means "refused". */
function expected(item: ModelItem | undefined, s: Step): ModelItem | null {
  if (s.quantity <= 0) return null;
  if (s.kind === 'receive') {
    const base = item ?? { logistics: 0, onHand: 0, lost: 0, held: users.map(() => 0) };
    return { ...base, logistics: base.logistics + s.quantity, onHand: base.onHand + s.quantity };
  }
  if (!item) return null;
  const held = [...item.held];
  const q = s.quantity;
  switch (s.kind) {
    case 'return':
      return item.onHand >= q ? { ...item, logistics: item.logistics - q, onHand: item.onHand - q } : null;
    case 'assign':
      if (item.onHand < q) return null;
      held[s.user]! += q;
      return { ...item, onHand: item.onHand - q, held };
    case 'unassign':
      if (held[s.user]! < q) return null;
      held[s.user]! -= q;
      return { ...item, onHand: item.onHand + q, held };
    case 'lostOnHand':
      return item.onHand >= q ? { ...item, onHand: item.onHand - q, lost: item.lost + q } : null;
    case 'lostField':
      if (held[s.user]! < q) return null;
      held[s.user]! -= q;
      return { ...item, lost: item.lost + q, held };
    case 'foundOnHand':
      return item.lost >= q ? { ...item, lost: item.lost - q, onHand: item.onHand + q } : null;
    case 'foundField':
      if (item.lost < q) return null;
      held[s.user]! += q;
      return { ...item, lost: item.lost - q, held };
  }
}

async function apply(s: Step): Promise<void> {
  const location = { kind: 'project' as const, id: projects[s.project]! };
  const partNumber = parts[s.part]!;
  const userId = users[s.user]!;
  const target = { location, partNumber, quantity: s.quantity };
  switch (s.kind) {
    case 'receive':
      await runStock(runtime.store, { ...target, type: 'receive', partName: `Part ${partNumber}`, partNickname: partNumber }, options);
      return;
    case 'return':
      await runStock(runtime.store, { ...target, type: 'return', binInfo: null }, options);
      return;
    case 'assign':
    case 'unassign':
      await runStock(runtime.store, { ...target, type: s.kind, userId }, options);
      return;
    case 'lostOnHand':
      await runStock(runtime.store, { ...target, type: 'lost', source: 'on_hand', userId: null, note: null }, options);
      return;
    case 'lostField':
      await runStock(runtime.store, { ...target, type: 'lost', source: 'field_assigned', userId, note: null }, options);
      return;
    case 'foundOnHand':
      await runStock(runtime.store, { ...target, type: 'found', destination: 'on_hand', userId: null, note: null }, options);
      return;
    default:
      await runStock(runtime.store, { ...target, type: 'found', destination: 'field_assigned', userId, note: null }, options);
  }
}

async function readItem(s: Step) {
  const row = await runtime.store.db
    .selectFrom('material_stock as st')
    .innerJoin('materials as m', 'm.material_id', 'st.material_id')
    .select(['st.material_id', 'st.logistics_qty', 'st.on_hand', 'st.field_assigned', 'st.lost_outstanding'])
    .where('st.location_id', '=', projects[s.project]!)
    .where('m.part_number', '=', parts[s.part]!)
    .executeTakeFirst();
  if (!row) return undefined;
  const held = await runtime.store.db
    .selectFrom('material_assignments')
    .select(['user_id', 'qty'])
    .where('location_id', '=', projects[s.project]!)
    .where('material_id', '=', row.material_id)
    .execute();
  return { ...row, held: users.map((u) => held.find((h) => h.user_id === u)?.qty ?? 0) };
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
    projects.push(await createProject(runtime.store, { name: `Project ${i}`, customer: null, number: `PP-${i}` }, { metadata: SYSTEM_ACTOR }));
  for (let i = 0; i < 3; i += 1) {
    const { userId } = await createUser(runtime, `u${i}@example.com`, 'password 123', 'user');
    users.push(userId);
    for (const p of projects) await changeMembership(runtime.store, p, { type: 'add', userId, role: 'user' }, { metadata: SYSTEM_ACTOR });
  }
});
afterAll(async () => {
  await runtime.close();
});

describe('random stock commands', () => {
  it(`accepts or refuses each of ${COMMANDS} commands as the rules say, keeps the invariants, and rebuilds to identical tables`, async () => {
    const step: fc.Arbitrary<Step> = fc.record({
      kind: fc.constantFrom<Kind>('receive', 'receive', 'return', 'assign', 'assign', 'unassign', 'lostOnHand', 'lostField', 'foundOnHand', 'foundField'),
      project: fc.integer({ min: 0, max: 1 }),
      part: fc.integer({ min: 0, max: parts.length - 1 }),
      user: fc.integer({ min: 0, max: 2 }),
      quantity: fc.integer({ min: -1, max: 6 }),
    });
    const steps = fc.sample(step, { numRuns: COMMANDS, seed: 20261122 });
    const model = new Map<string, ModelItem>();
    let accepted = 0;
    for (const s of steps) {
      const key = `${s.project}:${s.part}`;
      const want = expected(model.get(key), s);
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
        model.set(key, want);
        accepted += 1;
      }
      const item = await readItem(s);
      const m = model.get(key);
      if (m) {
        const field = m.held.reduce((a, b) => a + b, 0);
        expect(item, JSON.stringify(s)).toMatchObject({
          logistics_qty: m.logistics,
          on_hand: m.onHand,
          field_assigned: field,
          lost_outstanding: m.lost,
          held: m.held,
        });
        expect(item!.logistics_qty).toBe(item!.on_hand + item!.field_assigned + item!.lost_outstanding);
      } else {
        expect(item).toBeUndefined();
      }
    }
    expect(accepted).toBeGreaterThan(COMMANDS / 4);

    const before = await snapshot();
    for (const projector of projectors) await rebuildProjection(runtime.store, projector, { batchSize: 500, databaseUrl: runtime.database.url });
    expect(await snapshot()).toEqual(before);
    for (const projector of projectors) expect((await verifyProjection(runtime.store, projector)).differences, projector.name).toEqual([]);
    expect((await verifyHashChains(runtime.store)).problems).toEqual([]);
  }, 180_000); // 2,000 commands one after another: generous for a busy machine
});
