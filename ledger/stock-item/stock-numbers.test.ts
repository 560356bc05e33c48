import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import type { StockItemCommand } from './commands.ts';
import { decide, stockItemDecider } from './decide.ts';
import { evolve } from './evolve.ts';
import type { StockItemEvent, StockLocation } from './events.ts';
import type { StockItemState } from './state.ts';
import { DEFAULT_CRITICAL_THRESHOLD, DEFAULT_LOW_THRESHOLD, stockDeltas } from './stock-numbers.ts';

const location: StockLocation = { kind: 'warehouse', id: 'w-1' };
const item = { location, materialId: 'm-1', partNumber: 'PN-7', partName: 'Conduit' };
const user = { userId: 'u1', userName: 'Ada Lovelace' };

describe('stockDeltas', () => {
  it('has the spec defaults for the thresholds', () => {
    expect(DEFAULT_LOW_THRESHOLD).toBe(15);
    expect(DEFAULT_CRITICAL_THRESHOLD).toBe(0);
  });

  const cases: [string, StockItemEvent, ReturnType<typeof stockDeltas>][] = [
    [
      'received',
      { type: 'MaterialReceived', data: { ...item, quantity: 5 } },
      { logistics: 5, onHand: 5, field: 0, lost: 0, inTransit: 0, incoming: 0, user: null },
    ],
    [
      'returned',
      { type: 'MaterialReturned', data: { ...item, quantity: 5, binInfo: null } },
      { logistics: -5, onHand: -5, field: 0, lost: 0, inTransit: 0, incoming: 0, user: null },
    ],
    [
      'assigned',
      { type: 'MaterialAssigned', data: { ...item, quantity: 5, ...user } },
      { logistics: 0, onHand: -5, field: 5, lost: 0, inTransit: 0, incoming: 0, user: { userId: 'u1', delta: 5 } },
    ],
    [
      'unassigned',
      { type: 'MaterialUnassigned', data: { ...item, quantity: 5, ...user } },
      { logistics: 0, onHand: 5, field: -5, lost: 0, inTransit: 0, incoming: 0, user: { userId: 'u1', delta: -5 } },
    ],
    [
      'lost from on hand',
      { type: 'MaterialMarkedLost', data: { ...item, quantity: 5, source: 'on_hand', userId: null, userName: null, note: null } },
      { logistics: 0, onHand: -5, field: 0, lost: 5, inTransit: 0, incoming: 0, user: null },
    ],
    [
      'lost from the field',
      { type: 'MaterialMarkedLost', data: { ...item, quantity: 5, source: 'field_assigned', ...user, note: null } },
      { logistics: 0, onHand: 0, field: -5, lost: 5, inTransit: 0, incoming: 0, user: { userId: 'u1', delta: -5 } },
    ],
    [
      'found to on hand',
      { type: 'MaterialMarkedFound', data: { ...item, quantity: 5, destination: 'on_hand', userId: null, userName: null, note: null } },
      { logistics: 0, onHand: 5, field: 0, lost: -5, inTransit: 0, incoming: 0, user: null },
    ],
    [
      'found to the field',
      { type: 'MaterialMarkedFound', data: { ...item, quantity: 5, destination: 'field_assigned', ...user, note: null } },
      { logistics: 0, onHand: 0, field: 5, lost: -5, inTransit: 0, incoming: 0, user: { userId: 'u1', delta: 5 } },
    ],
    [
      'stock warnings set',
      { type: 'StockWarningsSet', data: { ...item, lowThreshold: 3, criticalThreshold: 1 } },
      { logistics: 0, onHand: 0, field: 0, lost: 0, inTransit: 0, incoming: 0, user: null },
    ],
  ];

  it.each(cases)('%s', (_name, event, expected) => {
    const d = stockDeltas(event);
    expect(d).toEqual(expected);
    expect(d.logistics).toBe(d.onHand + d.field + d.lost);
  });
});

const USERS = ['u1', 'u2', 'u3'] as const;

const quantityArb = fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 12 }) }, { weight: 1, arbitrary: fc.constantFrom(0, -3, 1.5, Number.NaN) });
const rarelyArb = fc.integer({ min: 0, max: 9 }).map((n) => n === 0);
const userArb = fc.constantFrom(...USERS).map((userId) => ({ userId, userName: `Name ${userId}` }));
const maybeUserArb = fc.option(userArb, { freq: 6 }).map((u) => u ?? { userId: null, userName: null });
const noteArb = fc.constantFrom(null, '', '  ', 'left at the gate');
const thresholdArb = fc.option(fc.integer({ min: -2, max: 30 }), { freq: 3 });

const commandArb: fc.Arbitrary<StockItemCommand> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ quantity: quantityArb, frozen: rarelyArb }).map((d): StockItemCommand => ({ type: 'ReceiveMaterial', data: { ...item, ...d } })),
  },
  fc
    .record({ quantity: quantityArb, frozen: rarelyArb, binInfo: fc.constantFrom(null, '', 'Bin 4') })
    .map((d): StockItemCommand => ({ type: 'ReturnMaterial', data: { ...item, ...d } })),
  fc
    .record({ quantity: quantityArb, frozen: rarelyArb, user: userArb, assigneeIsMember: rarelyArb.map((r) => !r) })
    .map(({ user: u, ...d }): StockItemCommand => ({ type: 'AssignMaterial', data: { ...item, ...d, ...u } })),
  fc
    .record({ quantity: quantityArb, frozen: rarelyArb, user: userArb })
    .map(({ user: u, ...d }): StockItemCommand => ({ type: 'UnassignMaterial', data: { ...item, ...d, ...u } })),
  fc
    .record({ quantity: quantityArb, source: fc.constantFrom('on_hand' as const, 'field_assigned' as const), user: maybeUserArb, note: noteArb })
    .map(({ user: u, ...d }): StockItemCommand => ({ type: 'MarkMaterialLost', data: { ...item, ...d, ...u } })),
  fc
    .record({ quantity: quantityArb, destination: fc.constantFrom('on_hand' as const, 'field_assigned' as const), user: maybeUserArb, note: noteArb })
    .map(({ user: u, ...d }): StockItemCommand => ({ type: 'MarkMaterialFound', data: { ...item, ...d, ...u } })),
  fc
    .record({ lowThreshold: thresholdArb, criticalThreshold: thresholdArb })
    .map((d): StockItemCommand => ({ type: 'SetStockWarnings', data: { ...item, ...d } })),
);

/** §6 of the architecture, counted straight from the events rather than through the deltas. */
function countFromEvents(events: StockItemEvent[]) {
  let received = 0;
  let returned = 0;
  let assigns = 0;
  let unassigns = 0;
  let lostFromOnHand = 0;
  let lostFromField = 0;
  let foundToOnHand = 0;
  let foundToField = 0;
  for (const e of events) {
    if (e.type === 'MaterialReceived') received += e.data.quantity;
    else if (e.type === 'MaterialReturned') returned += e.data.quantity;
    else if (e.type === 'MaterialAssigned') assigns += e.data.quantity;
    else if (e.type === 'MaterialUnassigned') unassigns += e.data.quantity;
    else if (e.type === 'MaterialMarkedLost') {
      if (e.data.source === 'on_hand') lostFromOnHand += e.data.quantity;
      else lostFromField += e.data.quantity;
    } else if (e.type === 'MaterialMarkedFound') {
      if (e.data.destination === 'on_hand') foundToOnHand += e.data.quantity;
      else foundToField += e.data.quantity;
    }
  }
  const logistics = received - returned;
  return {
    logistics,
    onHand: logistics - (assigns - unassigns) - lostFromOnHand + foundToOnHand,
    field: assigns - unassigns - lostFromField + foundToField,
    lost: lostFromOnHand + lostFromField - foundToOnHand - foundToField,
  };
}

function checkState(state: StockItemState, history: StockItemEvent[]) {
  expect(state.logistics).toBe(state.onHand + state.field + state.lost);
  expect(state.onHand).toBeGreaterThanOrEqual(0);
  expect(state.field).toBeGreaterThanOrEqual(0);
  expect(state.lost).toBeGreaterThanOrEqual(0);
  let assignedTotal = 0;
  for (const qty of Object.values(state.assignments)) {
    expect(qty).toBeGreaterThan(0);
    assignedTotal += qty;
  }
  expect(assignedTotal).toBe(state.field);
  const counted = countFromEvents(history);
  expect({ logistics: state.logistics, onHand: state.onHand, field: state.field, lost: state.lost }).toEqual(counted);
}

describe('stock numbers over random command sequences', () => {
  it('keep logistics = on hand + field + lost and never go below zero', () => {
    const accepted = new Map<StockItemEvent['type'] | 'MaterialMarkedLost:field_assigned' | 'MaterialMarkedFound:field_assigned', number>();
    let refused = 0;
    fc.assert(
      fc.property(fc.array(commandArb, { minLength: 1, maxLength: 40, size: 'max' }), (commands) => {
        let state = stockItemDecider.initialState();
        const history: StockItemEvent[] = [];
        for (const command of commands) {
          let events: StockItemEvent[];
          try {
            events = decide(command, state);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            refused += 1;
            continue;
          }
          for (const event of events) {
            state = evolve(state, event);
            history.push(event);
            accepted.set(event.type, (accepted.get(event.type) ?? 0) + 1);
            if (event.type === 'MaterialMarkedLost' && event.data.source === 'field_assigned') {
              accepted.set('MaterialMarkedLost:field_assigned', (accepted.get('MaterialMarkedLost:field_assigned') ?? 0) + 1);
            }
            if (event.type === 'MaterialMarkedFound' && event.data.destination === 'field_assigned') {
              accepted.set('MaterialMarkedFound:field_assigned', (accepted.get('MaterialMarkedFound:field_assigned') ?? 0) + 1);
            }
            checkState(state, history);
          }
        }
      }),
      { numRuns: 3000 },
    );
    expect(accepted.size).toBe(9);
    for (const count of accepted.values()) expect(count).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(1_000);
  });
});
