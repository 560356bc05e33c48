import { describe, expect, it } from 'vitest';
import { foldEvents } from '../decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { StockItemCommand } from './commands.ts';
import { decide, stockItemDecider } from './decide.ts';
import { evolve } from './evolve.ts';
import { stockStreamId, type StockItemEvent, type StockLocation } from './events.ts';
import type { StockItemState } from './state.ts';

const spec = deciderSpec(stockItemDecider);

const location: StockLocation = { kind: 'project', id: 'p-1' };
const item = { location, materialId: 'm-1', partNumber: 'PN-100', partName: 'Copper wire' };
const u1 = { userId: 'u1', userName: 'Ada Lovelace' };
const u2 = { userId: 'u2', userName: 'Grace Hopper' };

const received = (quantity: number): StockItemEvent => ({ type: 'MaterialReceived', data: { ...item, quantity } });
const returned = (quantity: number, binInfo: string | null = null): StockItemEvent => ({
  type: 'MaterialReturned',
  data: { ...item, quantity, binInfo },
});
const assigned = (quantity: number, user = u1): StockItemEvent => ({ type: 'MaterialAssigned', data: { ...item, quantity, ...user } });
const unassigned = (quantity: number, user = u1): StockItemEvent => ({ type: 'MaterialUnassigned', data: { ...item, quantity, ...user } });
const lostFromOnHand = (quantity: number, note: string | null = null): StockItemEvent => ({
  type: 'MaterialMarkedLost',
  data: { ...item, quantity, source: 'on_hand', userId: null, userName: null, note },
});
const lostFromField = (quantity: number, user = u1, note: string | null = null): StockItemEvent => ({
  type: 'MaterialMarkedLost',
  data: { ...item, quantity, source: 'field_assigned', ...user, note },
});
const foundToOnHand = (quantity: number, note: string | null = null): StockItemEvent => ({
  type: 'MaterialMarkedFound',
  data: { ...item, quantity, destination: 'on_hand', userId: null, userName: null, note },
});
const foundToField = (quantity: number, user = u1, note: string | null = null): StockItemEvent => ({
  type: 'MaterialMarkedFound',
  data: { ...item, quantity, destination: 'field_assigned', ...user, note },
});
const warningsSet = (lowThreshold: number | null, criticalThreshold: number | null): StockItemEvent => ({
  type: 'StockWarningsSet',
  data: { ...item, lowThreshold, criticalThreshold },
});

const receive = (quantity: number, frozen = false): StockItemCommand => ({ type: 'ReceiveMaterial', data: { ...item, quantity, frozen } });
const ret = (quantity: number, binInfo: string | null = null, frozen = false): StockItemCommand => ({
  type: 'ReturnMaterial',
  data: { ...item, quantity, binInfo, frozen },
});
const assign = (quantity: number, options: { user?: typeof u1; assigneeIsMember?: boolean; frozen?: boolean } = {}): StockItemCommand => ({
  type: 'AssignMaterial',
  data: { ...item, quantity, ...(options.user ?? u1), assigneeIsMember: options.assigneeIsMember ?? true, frozen: options.frozen ?? false },
});
const unassign = (quantity: number, options: { user?: typeof u1; frozen?: boolean } = {}): StockItemCommand => ({
  type: 'UnassignMaterial',
  data: { ...item, quantity, ...(options.user ?? u1), frozen: options.frozen ?? false },
});
const markLost = (
  quantity: number,
  source: 'on_hand' | 'field_assigned',
  user: { userId: string | null; userName: string | null } = { userId: null, userName: null },
  note: string | null = null,
): StockItemCommand => ({ type: 'MarkMaterialLost', data: { ...item, quantity, source, ...user, note } });
const markFound = (
  quantity: number,
  destination: 'on_hand' | 'field_assigned',
  user: { userId: string | null; userName: string | null } = { userId: null, userName: null },
  note: string | null = null,
): StockItemCommand => ({ type: 'MarkMaterialFound', data: { ...item, quantity, destination, ...user, note } });
const setWarnings = (lowThreshold: number | null, criticalThreshold: number | null): StockItemCommand => ({
  type: 'SetStockWarnings',
  data: { ...item, lowThreshold, criticalThreshold },
});

const badQuantities = [0, -1, 1.5, Number.NaN];

describe('stock stream ids', () => {
  it('names a project or warehouse stock stream by location and material', () => {
    expect(stockStreamId({ kind: 'project', id: 'p-1' }, 'm-1')).toBe('stock:project:p-1:m-1');
    expect(stockStreamId({ kind: 'warehouse', id: 'w-9' }, 'm-1')).toBe('stock:warehouse:w-9:m-1');
  });
});

describe('receive', () => {
  it('receives into a new stock item', () => {
    spec
      .given([])
      .when(receive(10))
      .then([received(10)]);
  });

  it('receives more into an existing stock item', () => {
    spec
      .given([received(10), assigned(4)])
      .when(receive(3))
      .then([received(3)]);
  });

  it.each(badQuantities)('refuses quantity %s', (quantity) => {
    spec.given([]).when(receive(quantity)).thenThrows('Quantity must be greater than zero', 'VALIDATION');
  });

  it('refuses while transactions are frozen, before checking the quantity', () => {
    spec.given([]).when(receive(0, true)).thenThrows('Transactions are frozen', 'FROZEN');
  });

  it('receives up to the most a part can hold, and refuses one more', () => {
    spec
      .given([received(2_000_000_000)])
      .when(receive(147_483_647))
      .then([received(147_483_647)]);
    spec
      .given([received(2_000_000_000), received(147_483_647)])
      .when(receive(1))
      .thenThrows("This would take the part's stock past 2,147,483,647, the most a part can hold.", 'DOMAIN_RULE');
  });
});

describe('stock warnings', () => {
  it('refuses a critical threshold above the low one', () => {
    spec
      .given([received(5)])
      .when(setWarnings(3, 8))
      .thenThrows('The critical warning threshold cannot be above the low warning threshold.', 'VALIDATION');
  });

  it('accepts critical equal to low, and either one left to its default', () => {
    spec
      .given([received(5)])
      .when(setWarnings(4, 4))
      .then([{ type: 'StockWarningsSet', data: { ...item, lowThreshold: 4, criticalThreshold: 4 } }]);
    spec
      .given([received(5)])
      .when(setWarnings(null, 40))
      .then([{ type: 'StockWarningsSet', data: { ...item, lowThreshold: null, criticalThreshold: 40 } }]);
  });
});

describe('return', () => {
  it('returns on-hand stock with the bin info trimmed', () => {
    spec
      .given([received(10)])
      .when(ret(4, '  Bin A-3  '))
      .then([returned(4, 'Bin A-3')]);
  });

  it('stores blank or missing bin info as null', () => {
    spec
      .given([received(10)])
      .when(ret(4, '   '))
      .then([returned(4, null)]);
    spec
      .given([received(10)])
      .when(ret(4, null))
      .then([returned(4, null)]);
  });

  it('may return everything on hand', () => {
    spec
      .given([received(10), assigned(4)])
      .when(ret(6))
      .then([returned(6)]);
  });

  it('refuses more than is on hand', () => {
    spec
      .given([received(10), assigned(4)])
      .when(ret(7))
      .thenThrows('Insufficient quantity available', 'DOMAIN_RULE');
  });

  it('refuses a part never received here', () => {
    spec.given([]).when(ret(1)).thenThrows('Part number not found in this project', 'NOT_FOUND');
  });

  it.each(badQuantities)('refuses quantity %s', (quantity) => {
    spec
      .given([received(10)])
      .when(ret(quantity))
      .thenThrows('Quantity must be greater than zero', 'VALIDATION');
  });

  it('refuses while transactions are frozen, before anything else', () => {
    spec
      .given([])
      .when(ret(0, null, true))
      .thenThrows('Transactions are frozen', 'FROZEN');
  });
});

describe('assign', () => {
  it('assigns on-hand stock to a project member', () => {
    spec
      .given([received(10)])
      .when(assign(4))
      .then([assigned(4)]);
  });

  it('may assign everything on hand', () => {
    spec
      .given([received(10), assigned(4)])
      .when(assign(6, { user: u2 }))
      .then([assigned(6, u2)]);
  });

  it('refuses an assignee who is not a member of the project', () => {
    spec
      .given([received(10)])
      .when(assign(1, { assigneeIsMember: false }))
      .thenThrows('Select a user to assign this part to', 'VALIDATION');
  });

  it('refuses more than is on hand', () => {
    spec
      .given([received(10), lostFromOnHand(2)])
      .when(assign(9))
      .thenThrows('Insufficient quantity available', 'DOMAIN_RULE');
  });

  it('refuses a part never received here', () => {
    spec.given([]).when(assign(1)).thenThrows('Part number not found in this project', 'NOT_FOUND');
  });

  it.each(badQuantities)('refuses quantity %s', (quantity) => {
    spec
      .given([received(10)])
      .when(assign(quantity))
      .thenThrows('Quantity must be greater than zero', 'VALIDATION');
  });

  it('refuses while transactions are frozen, before anything else', () => {
    spec
      .given([])
      .when(assign(0, { frozen: true, assigneeIsMember: false }))
      .thenThrows('Transactions are frozen', 'FROZEN');
  });
});

describe('unassign', () => {
  it("takes quantity back from a user's field stock", () => {
    spec
      .given([received(10), assigned(4)])
      .when(unassign(4))
      .then([unassigned(4)]);
  });

  it('refuses more than the user has assigned', () => {
    spec
      .given([received(10), assigned(4), assigned(3, u2)])
      .when(unassign(5))
      .thenThrows('Quantity exceeds what the user currently has assigned', 'DOMAIN_RULE');
  });

  it('refuses a user with nothing assigned', () => {
    spec
      .given([received(10), assigned(4)])
      .when(unassign(1, { user: u2 }))
      .thenThrows('Quantity exceeds what the user currently has assigned', 'DOMAIN_RULE');
  });

  it('refuses a part never received here', () => {
    spec.given([]).when(unassign(1)).thenThrows('Part number not found in this project', 'NOT_FOUND');
  });

  it.each(badQuantities)('refuses quantity %s', (quantity) => {
    spec
      .given([received(10), assigned(4)])
      .when(unassign(quantity))
      .thenThrows('Quantity must be greater than zero', 'VALIDATION');
  });

  it('refuses while transactions are frozen, before anything else', () => {
    spec
      .given([])
      .when(unassign(0, { frozen: true }))
      .thenThrows('Transactions are frozen', 'FROZEN');
  });
});

describe('mark lost', () => {
  it('loses on-hand stock, dropping any user and trimming the note', () => {
    spec
      .given([received(10)])
      .when(markLost(3, 'on_hand', u1, '  fell off the truck '))
      .then([lostFromOnHand(3, 'fell off the truck')]);
  });

  it("loses from a user's field stock", () => {
    spec
      .given([received(10), assigned(4)])
      .when(markLost(4, 'field_assigned', u1, '   '))
      .then([lostFromField(4, u1, null)]);
  });

  it('refuses more than is on hand, naming what is available', () => {
    spec
      .given([received(10), assigned(4)])
      .when(markLost(7, 'on_hand'))
      .thenThrows('Cannot exceed available on-hand or field-assigned quantity (6)', 'DOMAIN_RULE');
  });

  it("refuses more than the user's field stock, naming what the user has", () => {
    spec
      .given([received(10), assigned(3), assigned(5, u2)])
      .when(markLost(4, 'field_assigned', u1))
      .thenThrows('Cannot exceed available on-hand or field-assigned quantity (3)', 'DOMAIN_RULE');
  });

  it('refuses a user with no field stock', () => {
    spec
      .given([received(10), assigned(3)])
      .when(markLost(1, 'field_assigned', u2))
      .thenThrows('Cannot exceed available on-hand or field-assigned quantity (0)', 'DOMAIN_RULE');
  });

  it('refuses a field loss without a user', () => {
    spec
      .given([received(10), assigned(3)])
      .when(markLost(1, 'field_assigned'))
      .thenThrows('Choose the assigned user the quantity was lost from', 'VALIDATION');
    spec
      .given([received(10), assigned(3)])
      .when(markLost(1, 'field_assigned', { userId: '  ', userName: null }))
      .thenThrows('Choose the assigned user the quantity was lost from', 'VALIDATION');
  });

  it('refuses a part never received here', () => {
    spec.given([]).when(markLost(1, 'on_hand')).thenThrows('Part number not found in this project', 'NOT_FOUND');
  });

  it.each(badQuantities)('refuses quantity %s', (quantity) => {
    spec
      .given([received(10)])
      .when(markLost(quantity, 'on_hand'))
      .thenThrows('Enter a quantity greater than zero', 'VALIDATION');
  });
});

describe('mark found', () => {
  it('finds lost stock back on hand, dropping any user and trimming the note', () => {
    spec
      .given([received(10), lostFromOnHand(3)])
      .when(markFound(2, 'on_hand', u1, ' behind the shed '))
      .then([foundToOnHand(2, 'behind the shed')]);
  });

  it("finds lost stock back into a user's field stock", () => {
    spec
      .given([received(10), lostFromOnHand(3)])
      .when(markFound(3, 'field_assigned', u2, ''))
      .then([foundToField(3, u2, null)]);
  });

  it('refuses more than is lost, naming what is outstanding', () => {
    spec
      .given([received(10), lostFromOnHand(3), foundToOnHand(2)])
      .when(markFound(2, 'on_hand'))
      .thenThrows('Cannot exceed outstanding lost quantity (1)', 'DOMAIN_RULE');
  });

  it('refuses when nothing is lost', () => {
    spec
      .given([received(10)])
      .when(markFound(1, 'on_hand'))
      .thenThrows('Cannot exceed outstanding lost quantity (0)', 'DOMAIN_RULE');
  });

  it('refuses a find into the field without a user', () => {
    spec
      .given([received(10), lostFromOnHand(3)])
      .when(markFound(1, 'field_assigned'))
      .thenThrows('Choose the user who has the found quantity', 'VALIDATION');
  });

  it('refuses a part never received here', () => {
    spec.given([]).when(markFound(1, 'on_hand')).thenThrows('Part number not found in this project', 'NOT_FOUND');
  });

  it.each(badQuantities)('refuses quantity %s', (quantity) => {
    spec
      .given([received(10), lostFromOnHand(3)])
      .when(markFound(quantity, 'on_hand'))
      .thenThrows('Enter a quantity greater than zero', 'VALIDATION');
  });
});

describe('stock warnings that apply', () => {
  it('sets both thresholds', () => {
    spec
      .given([received(10)])
      .when(setWarnings(20, 5))
      .then([warningsSet(20, 5)]);
  });

  it('sets one threshold back to the default with null', () => {
    spec
      .given([received(10), warningsSet(20, 5)])
      .when(setWarnings(null, 5))
      .then([warningsSet(null, 5)]);
  });

  it('records nothing when the values are unchanged', () => {
    spec
      .given([received(10), warningsSet(20, 5)])
      .when(setWarnings(20, 5))
      .then([]);
    spec
      .given([received(10)])
      .when(setWarnings(null, null))
      .then([]);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses a low threshold of %s', (low) => {
    spec
      .given([received(10)])
      .when(setWarnings(low, 0))
      .thenThrows('Low warning threshold must be a non-negative number.', 'VALIDATION');
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses a critical threshold of %s', (critical) => {
    spec
      .given([received(10)])
      .when(setWarnings(15, critical))
      .thenThrows('Critical warning threshold must be a non-negative number.', 'VALIDATION');
  });

  it('reports the low threshold first when both are wrong', () => {
    spec
      .given([received(10)])
      .when(setWarnings(-1, -1))
      .thenThrows('Low warning threshold must be a non-negative number.', 'VALIDATION');
  });

  it('refuses a part never received here', () => {
    spec.given([]).when(setWarnings(20, 5)).thenThrows('Part number not found in this project', 'NOT_FOUND');
  });
});

describe('evolve', () => {
  it('keeps the latest part number and name and the thresholds', () => {
    const renamed: StockItemEvent = { type: 'MaterialReceived', data: { ...item, partName: 'Copper wire 12 AWG', quantity: 1 } };
    const state = foldEvents(stockItemDecider, [received(10), warningsSet(30, 2), renamed]);
    expect(state).toMatchObject({ exists: true, partNumber: 'PN-100', partName: 'Copper wire 12 AWG', lowThreshold: 30, criticalThreshold: 2 });
  });

  it('drops a user whose assignment reaches zero', () => {
    const state = foldEvents(stockItemDecider, [received(10), assigned(4), assigned(2, u2), unassigned(1), lostFromField(2, u2)]);
    expect(state.assignments).toEqual({ u1: 3 });
    expect(state.field).toBe(3);
  });

  it('counts a find into the field against that user', () => {
    const state = foldEvents(stockItemDecider, [received(10), lostFromOnHand(3), foundToField(2, u2)]);
    expect(state).toMatchObject({ logistics: 10, onHand: 7, field: 2, lost: 1, assignments: { u2: 2 } });
  });
});

describe('a walk through one item', () => {
  it('keeps the numbers right after each step', () => {
    let state: StockItemState = stockItemDecider.initialState();
    const step = (command: StockItemCommand) => {
      const events = decide(command, state);
      expect(events).toHaveLength(1);
      state = events.reduce(evolve, state);
      return { logistics: state.logistics, onHand: state.onHand, field: state.field, lost: state.lost, assignments: state.assignments };
    };

    expect(step(receive(10))).toEqual({ logistics: 10, onHand: 10, field: 0, lost: 0, assignments: {} });
    expect(step(assign(4))).toEqual({ logistics: 10, onHand: 6, field: 4, lost: 0, assignments: { u1: 4 } });
    expect(step(markLost(1, 'field_assigned', u1))).toEqual({ logistics: 10, onHand: 6, field: 3, lost: 1, assignments: { u1: 3 } });
    expect(step(markFound(1, 'on_hand'))).toEqual({ logistics: 10, onHand: 7, field: 3, lost: 0, assignments: { u1: 3 } });
    expect(step(ret(2))).toEqual({ logistics: 8, onHand: 5, field: 3, lost: 0, assignments: { u1: 3 } });
  });
});
