/**
 * Random sequences of stock commands and transfer commands (valid and invalid, by the right and the
 * wrong side) between three projects: after every step no quantity is negative, each part's units
 * across projects (on hand + field + lost + in transit) equal what was received minus what was
 * returned, what is in transit out of a project equals what its transfers sent and have not
 * delivered, and incoming everywhere equals in transit everywhere. Afterwards a rebuild of every read
 * table from the events reproduces them exactly and verify finds nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { DomainError } from '../../ledger/errors.ts';
import { verifyHashChains } from '../../ledger/event-store/verify-chains.ts';
import type { SettableStatus, TransferActor } from '../../ledger/transfer/commands.ts';
import { projectors } from '../../projections/registry.ts';
import { rebuildProjection } from '../../projections/rebuild.ts';
import { verifyProjection } from '../../projections/verify.ts';
import { runStock } from '../materials/stock-commands.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { runTransfer } from './transfer-commands.ts';

const STEPS = Number(process.env.PROPERTY_COMMANDS ?? 600);
let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const projects: string[] = [];
const parts = ['T-1', 'T-2'];
const transfers: string[] = [];
const options = { metadata: { actorId: null, actorName: 'Property test' } };
const SOURCE: TransferActor = { sourceAdmin: true, destinationAdmin: false, destinationRequester: false };
const DESTINATION: TransferActor = { sourceAdmin: false, destinationAdmin: true, destinationRequester: true };

type Kind = 'receive' | 'return' | 'lost' | 'request' | 'status' | 'fulfil' | 'partial' | 'denyItem' | 'receiveItem' | 'advance';
interface Step {
  kind: Kind;
  a: number;
  b: number;
  part: number;
  quantity: number;
  transfer: number;
  status: number;
  wrongSide: boolean;
}
const STATUSES: SettableStatus[] = ['Accepted', 'Denied', 'Fulfilled', 'Shipped', 'Ready', 'Received', 'Complete'];
const DESTINATION_STATUSES = new Set<SettableStatus>(['Received', 'Complete']);

/** Units from outside per part: received − returned, as accepted. */
const outside = new Map<string, number>();

async function apply(s: Step): Promise<void> {
  const location = { kind: 'project' as const, id: projects[s.a]! };
  const partNumber = parts[s.part]!;
  // Mostly one of the latest transfers, so sequences walk a transfer through its states.
  const recent = s.transfer % 5 < 4;
  const transferId =
    transfers.length === 0
      ? '00000000-0000-4000-8000-000000000000'
      : transfers[recent ? Math.max(0, transfers.length - 1 - (s.transfer % 3)) : s.transfer % transfers.length]!;
  const side = (source: boolean) => (source !== s.wrongSide ? SOURCE : DESTINATION);
  switch (s.kind) {
    case 'receive':
      await runStock(
        runtime.store,
        { location, partNumber, quantity: s.quantity, type: 'receive', partName: `Part ${partNumber}`, partNickname: partNumber },
        options,
      );
      outside.set(partNumber, (outside.get(partNumber) ?? 0) + s.quantity);
      return;
    case 'return':
      await runStock(runtime.store, { location, partNumber, quantity: s.quantity, type: 'return', binInfo: null }, options);
      outside.set(partNumber, (outside.get(partNumber) ?? 0) - s.quantity);
      return;
    case 'lost':
      await runStock(runtime.store, { location, partNumber, quantity: s.quantity, type: 'lost', source: 'on_hand', userId: null, note: null }, options);
      return;
    case 'request': {
      const id = crypto.randomUUID();
      const pickList = s.quantity % 2 === 0 ? [{ partNumber, qty: s.quantity }] : parts.map((p) => ({ partNumber: p, qty: s.quantity }));
      await runTransfer(
        runtime.store,
        {
          type: 'request',
          transferId: id,
          fromId: projects[s.a]!,
          toId: projects[s.b]!,
          requestedBy: 'Test',
          requestedById: null,
          deliveryMethod: s.status % 2 ? 'label' : 'pickup',
          shippingAddress: { attn: '', name: 'Site', line1: '1 Road', line2: '', city: 'Town', state: 'ST', zip: '1' },
          pickList,
        },
        DESTINATION,
        options,
      );
      transfers.push(id);
      return;
    }
    case 'status': {
      const status = STATUSES[s.status % STATUSES.length]!;
      await runTransfer(runtime.store, { type: 'status', transferId, status, trackingNumber: 'TRK' }, side(!DESTINATION_STATUSES.has(status)), options);
      return;
    }
    case 'fulfil':
      await runTransfer(runtime.store, { type: 'fulfil', transferId, items: [] }, side(true), options);
      return;
    case 'partial':
      await runTransfer(runtime.store, { type: 'fulfil', transferId, items: [{ partNumber, quantity: s.quantity }] }, side(true), options);
      return;
    case 'denyItem':
      await runTransfer(runtime.store, { type: 'deny-item', transferId, partNumber }, side(true), options);
      return;
    case 'receiveItem':
      await runTransfer(runtime.store, { type: 'receive', transferId, partNumber, quantity: s.quantity }, side(false), options);
      return;
    case 'advance':
      await advance(transferId, side);
      return;
  }
}

/** The step the table expects next for a transfer, as its screens would offer it. */
async function advance(transferId: string, side: (source: boolean) => TransferActor): Promise<void> {
  const t = await runtime.store.db.selectFrom('transfers').select(['status', 'delivery_method']).where('id', '=', transferId).executeTakeFirst();
  if (!t) throw new DomainError('NOT_FOUND', 'Transfer not found');
  const items = await runtime.store.db.selectFrom('transfer_items').selectAll().where('transfer_id', '=', transferId).orderBy('ord').execute();
  const status = (next: SettableStatus, source: boolean) =>
    runTransfer(runtime.store, { type: 'status', transferId, status: next, trackingNumber: 'TRK' }, side(source), options);
  switch (t.status) {
    case 'Requested':
      return void (await status('Accepted', true));
    case 'Accepted':
      if (items.some((i) => i.status === 'pending' || i.status === 'partial'))
        return void (await runTransfer(runtime.store, { type: 'fulfil', transferId, items: [] }, side(true), options));
      return void (await status('Fulfilled', true));
    case 'Fulfilled':
      return void (await status(t.delivery_method === 'label' ? 'Shipped' : 'Ready', true));
    case 'Shipped':
    case 'Ready':
      return void (await status('Received', false));
    case 'Received': {
      const open = items.find((i) => i.sent > i.received);
      if (open)
        return void (await runTransfer(
          runtime.store,
          { type: 'receive', transferId, partNumber: open.part_number, quantity: open.sent - open.received },
          side(false),
          options,
        ));
      return void (await status('Complete', false));
    }
    default:
      return void (await status('Accepted', true));
  }
}

async function checkInvariants(context: string): Promise<void> {
  const { rows } = await sql<{
    part_number: string;
    location_id: string;
    logistics_qty: number;
    on_hand: number;
    field_assigned: number;
    lost_outstanding: number;
    in_transit: number;
    incoming: number;
  }>`
    select m.part_number, s.location_id, s.logistics_qty, s.on_hand, s.field_assigned, s.lost_outstanding, s.in_transit, s.incoming
      from material_stock s join materials m on m.material_id = s.material_id`.execute(runtime.store.db);
  const { rows: sent } = await sql<{ part_number: string; from_id: string; to_id: string; open: number }>`
    select i.part_number, t.from_id, t.to_id, sum(i.sent - i.received)::int as open
      from transfer_items i join transfers t on t.id = i.transfer_id group by 1, 2, 3`.execute(runtime.store.db);
  for (const part of parts) {
    const mine = rows.filter((r) => r.part_number === part);
    for (const r of mine) {
      for (const q of [r.logistics_qty, r.on_hand, r.field_assigned, r.lost_outstanding, r.in_transit, r.incoming])
        expect(q, context).toBeGreaterThanOrEqual(0);
      expect(r.logistics_qty, context).toBe(r.on_hand + r.field_assigned + r.lost_outstanding + r.in_transit);
      const out = sent.filter((t) => t.part_number === part && t.from_id === r.location_id).reduce((a, t) => a + t.open, 0);
      const into = sent.filter((t) => t.part_number === part && t.to_id === r.location_id).reduce((a, t) => a + t.open, 0);
      expect([r.in_transit, r.incoming], context).toEqual([out, into]);
    }
    const held = mine.reduce((a, r) => a + r.on_hand + r.field_assigned + r.lost_outstanding + r.in_transit, 0);
    expect(held, `${context}: ${part} across projects`).toBe(outside.get(part) ?? 0);
    expect(
      mine.reduce((a, r) => a + r.incoming, 0),
      context,
    ).toBe(mine.reduce((a, r) => a + r.in_transit, 0));
  }
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
  for (let i = 0; i < 3; i += 1)
    projects.push(await createProject(runtime.store, { name: `Project ${i}`, customer: null, number: `TP-${i}` }, { metadata: SYSTEM_ACTOR }));
});
afterAll(async () => {
  await runtime.close();
});

describe('random transfers between projects', () => {
  it(`keep every unit in exactly one place over ${STEPS} commands, and rebuild to identical tables`, async () => {
    const step: fc.Arbitrary<Step> = fc.record({
      kind: fc.constantFrom<Kind>(
        'receive',
        'receive',
        'return',
        'lost',
        'request',
        'request',
        'status',
        'status',
        'fulfil',
        'partial',
        'denyItem',
        'receiveItem',
        'advance',
        'advance',
        'advance',
        'advance',
      ),
      a: fc.integer({ min: 0, max: 2 }),
      b: fc.integer({ min: 0, max: 2 }),
      part: fc.integer({ min: 0, max: parts.length - 1 }),
      quantity: fc.integer({ min: 1, max: 8 }),
      transfer: fc.integer({ min: 0, max: 1000 }),
      status: fc.integer({ min: 0, max: 100 }),
      wrongSide: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
    });
    const steps = fc.sample(step, { numRuns: STEPS, seed: 20261124 });
    const accepted = new Map<Kind, number>();
    for (const [i, s] of steps.entries()) {
      try {
        await apply(s);
        accepted.set(s.kind, (accepted.get(s.kind) ?? 0) + 1);
      } catch (error) {
        expect(error, JSON.stringify(s)).toBeInstanceOf(DomainError);
      }
      await checkInvariants(`step ${i} ${JSON.stringify(s)}`);
    }
    // The sequence reaches every kind of move, so the invariants were tested on each.
    for (const kind of ['receive', 'request', 'status', 'fulfil', 'partial', 'denyItem', 'receiveItem', 'advance'] as Kind[])
      expect(accepted.get(kind) ?? 0, kind).toBeGreaterThan(0);
    const { rows: states } = await sql<{ status: string }>`select distinct status from transfers`.execute(runtime.store.db);
    expect(states.map((r) => r.status).sort()).toEqual(expect.arrayContaining(['Accepted', 'Complete', 'Denied', 'Received', 'Requested']));

    const before = await snapshot();
    for (const projector of projectors) await rebuildProjection(runtime.store, projector, { batchSize: 500, databaseUrl: runtime.database.url });
    expect(await snapshot()).toEqual(before);
    for (const projector of projectors) expect((await verifyProjection(runtime.store, projector)).differences, projector.name).toEqual([]);
    expect((await verifyHashChains(runtime.store)).problems).toEqual([]);
  }, 300_000);
});
