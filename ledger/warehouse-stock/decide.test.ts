import { describe, expect, it } from 'vitest';
import { stockItemDecider } from '../stock-item/decide.ts';
import type { StockItemEvent } from '../stock-item/events.ts';
import { normalizePlace, type Place } from '../../contract/place.ts';
import { multiStreamSpec } from '../testing/multi-stream-spec.ts';
import { WAREHOUSE_MESSAGES as M } from '../../contract/messages/warehouses.ts';
import { decideWarehouseStock } from './decide.ts';

const spec = multiStreamSpec(stockItemDecider, ['warehouse', 'project'] as const, decideWarehouseStock);
const given = (warehouse: StockItemEvent[], project: StockItemEvent[] = []) => spec.given({ warehouse, project });

const warehouseRef = { location: { kind: 'warehouse' as const, id: 'w-1' }, materialId: 'm-1', partNumber: 'BLT-10', partName: 'Bolt M10' };
const projectRef = { ...warehouseRef, location: { kind: 'project' as const, id: 'p-1' } };
const gate = { frozen: false, warehouse: { active: true, label: '#1 · North Yard' } };
const rackA2 = normalizePlace({ rack: 'A', shelf: '2' });
const rackB = normalizePlace({ rack: 'B' });
const target = { ref: projectRef, project: { label: 'P-1 · Substation' } };

const received = (quantity: number, place: Place = rackA2): StockItemEvent => ({ type: 'MaterialReceived', data: { ...warehouseRef, quantity, place } });
const projectReceived = (quantity: number): StockItemEvent => ({ type: 'MaterialReceived', data: { ...projectRef, quantity } });
const move = { ...gate, ref: warehouseRef, note: null };

describe('receiving into a warehouse', () => {
  it('records the units at the place they were put', () => {
    given([])
      .when({ type: 'ReceiveIntoWarehouse', data: { ...move, quantity: 50, place: rackA2 } })
      .then({ warehouse: [received(50)] });
  });

  it('refuses a quantity under 1 with the spec words', () => {
    given([])
      .when({ type: 'ReceiveIntoWarehouse', data: { ...move, quantity: 0, place: rackA2 } })
      .thenThrows(M.quantityAtLeastOne, 'VALIDATION');
  });

  it('refuses while transactions are frozen', () => {
    given([])
      .when({ type: 'ReceiveIntoWarehouse', data: { ...move, frozen: true, quantity: 5, place: rackA2 } })
      .thenThrows('Transactions are frozen', 'FROZEN');
  });

  it('refuses a deactivated warehouse', () => {
    given([])
      .when({ type: 'ReceiveIntoWarehouse', data: { ...move, warehouse: { active: false, label: '#1 · North Yard' }, quantity: 5, place: rackA2 } })
      .thenThrows(M.inactive, 'DOMAIN_RULE');
  });
});

describe('relocating inside a warehouse', () => {
  it('moves units from one place to another', () => {
    given([received(50)])
      .when({ type: 'RelocateInWarehouse', data: { ...move, quantity: 20, from: rackA2, to: rackB } })
      .then({ warehouse: [{ type: 'MaterialRelocated', data: { ...warehouseRef, quantity: 20, from: rackA2, to: rackB, note: null } }] });
  });

  it('finds the source place without case', () => {
    const typed = normalizePlace({ rack: 'a', shelf: '2' });
    given([received(50)])
      .when({ type: 'RelocateInWarehouse', data: { ...move, quantity: 5, from: typed, to: rackB } })
      .then({ warehouse: [{ type: 'MaterialRelocated', data: { ...warehouseRef, quantity: 5, from: rackA2, to: rackB, note: null } }] });
  });

  it('refuses more than the source place holds', () => {
    given([received(50), received(10, rackB)])
      .when({ type: 'RelocateInWarehouse', data: { ...move, quantity: 11, from: rackB, to: rackA2 } })
      .thenThrows('Quantity exceeds the 10 available at Rack B', 'DOMAIN_RULE');
  });

  it('refuses a new location with no rack, shelf, bin or zone', () => {
    given([received(50)])
      .when({ type: 'RelocateInWarehouse', data: { ...move, quantity: 1, from: rackA2, to: normalizePlace({ notes: 'by the door' }) } })
      .thenThrows(M.relocateNeedsLocation, 'VALIDATION');
  });

  it('refuses an invalid quantity with the relocate words', () => {
    given([received(50)])
      .when({ type: 'RelocateInWarehouse', data: { ...move, quantity: 0, from: rackA2, to: rackB } })
      .thenThrows(M.relocateMaterialAndQuantity, 'VALIDATION');
  });

  it('refuses the same place as the source', () => {
    given([received(50)])
      .when({ type: 'RelocateInWarehouse', data: { ...move, quantity: 1, from: rackA2, to: normalizePlace({ rack: 'a', shelf: '2' }) } })
      .thenThrows(M.relocateSamePlace, 'VALIDATION');
  });

  it('refuses a part the warehouse has never held', () => {
    given([])
      .when({ type: 'RelocateInWarehouse', data: { ...move, quantity: 1, from: rackA2, to: rackB } })
      .thenThrows(M.partNotInWarehouse, 'NOT_FOUND');
  });
});

describe('returning, losing and finding in a warehouse', () => {
  it('returns from a place with cover', () => {
    given([received(50)])
      .when({ type: 'ReturnFromWarehouse', data: { ...move, quantity: 5, from: rackA2 } })
      .then({ warehouse: [{ type: 'MaterialReturned', data: { ...warehouseRef, quantity: 5, binInfo: null, place: rackA2 } }] });
  });

  it('refuses a return beyond the place', () => {
    given([received(5)])
      .when({ type: 'ReturnFromWarehouse', data: { ...move, quantity: 6, from: rackA2 } })
      .thenThrows('Quantity exceeds the 5 available at Rack A · Shelf 2', 'DOMAIN_RULE');
  });

  it('marks lost from a place and found back into one, no more than is outstanding lost', () => {
    const lost: StockItemEvent = {
      type: 'MaterialMarkedLost',
      data: { ...warehouseRef, quantity: 3, source: 'on_hand', userId: null, userName: null, note: null, place: rackA2 },
    };
    given([received(10)])
      .when({ type: 'MarkLostInWarehouse', data: { ...move, quantity: 3, from: rackA2 } })
      .then({ warehouse: [lost] });
    given([received(10), lost])
      .when({ type: 'MarkFoundInWarehouse', data: { ...move, quantity: 2, to: rackB } })
      .then({
        warehouse: [
          {
            type: 'MaterialMarkedFound',
            data: { ...warehouseRef, quantity: 2, destination: 'on_hand', userId: null, userName: null, note: null, place: rackB },
          },
        ],
      });
    given([received(10), lost])
      .when({ type: 'MarkFoundInWarehouse', data: { ...move, quantity: 4, to: rackB } })
      .thenThrows('Cannot exceed outstanding lost quantity (3)', 'DOMAIN_RULE');
  });

  it('refuses lost and found while frozen', () => {
    given([received(10)])
      .when({ type: 'MarkLostInWarehouse', data: { ...move, frozen: true, quantity: 1, from: rackA2 } })
      .thenThrows('Transactions are frozen', 'FROZEN');
  });
});

describe('assigning to a project: one command, two streams', () => {
  it('takes the units out of the warehouse place and into the project on hand, each naming the other', () => {
    given([received(50)])
      .when({ type: 'AssignToProject', data: { ...move, quantity: 15, from: rackA2, target } })
      .then({
        warehouse: [
          {
            type: 'MaterialAssignedToProject',
            data: { ...warehouseRef, quantity: 15, place: rackA2, projectId: 'p-1', projectLabel: 'P-1 · Substation', note: null },
          },
        ],
        project: [
          {
            type: 'MaterialReceivedFromWarehouse',
            data: { ...projectRef, quantity: 15, warehouseId: 'w-1', warehouseLabel: '#1 · North Yard', place: rackA2, note: null },
          },
        ],
      });
  });

  it('refuses as a whole when the warehouse side would go negative: no event on either stream', () => {
    given([received(10)])
      .when({ type: 'AssignToProject', data: { ...move, quantity: 11, from: rackA2, target } })
      .thenThrows('Quantity exceeds the 10 available at Rack A · Shelf 2', 'DOMAIN_RULE');
  });

  it('refuses a project that does not exist', () => {
    given([received(10)])
      .when({ type: 'AssignToProject', data: { ...move, quantity: 1, from: rackA2, target: { ...target, project: null } } })
      .thenThrows('Project not found', 'NOT_FOUND');
  });
});

describe('unassigning from a project: one command, two streams', () => {
  const assignedOut: StockItemEvent = {
    type: 'MaterialAssignedToProject',
    data: { ...warehouseRef, quantity: 15, place: rackA2, projectId: 'p-1', projectLabel: 'P-1 · Substation', note: null },
  };
  const projectGot: StockItemEvent = {
    type: 'MaterialReceivedFromWarehouse',
    data: { ...projectRef, quantity: 15, warehouseId: 'w-1', warehouseLabel: '#1 · North Yard', place: rackA2, note: null },
  };

  it("takes the units out of the project's on hand into a warehouse place, settling what the warehouse had assigned", () => {
    given([received(50), assignedOut], [projectGot])
      .when({ type: 'UnassignFromProject', data: { ...move, quantity: 5, to: rackB, target } })
      .then({
        warehouse: [
          {
            type: 'MaterialUnassignedFromProject',
            data: { ...warehouseRef, quantity: 5, place: rackB, projectId: 'p-1', projectLabel: 'P-1 · Substation', settles: 5, note: null },
          },
        ],
        project: [
          {
            type: 'MaterialReturnedToWarehouse',
            data: { ...projectRef, quantity: 5, warehouseId: 'w-1', warehouseLabel: '#1 · North Yard', place: rackB, note: null },
          },
        ],
      });
  });

  it('settles no more than the warehouse had assigned to that project (the rest came from elsewhere)', () => {
    const events = decideWarehouseStock(
      { type: 'UnassignFromProject', data: { ...move, quantity: 20, to: rackB, target } },
      {
        warehouse: [received(50), assignedOut].reduce(stockItemDecider.evolve, stockItemDecider.initialState()),
        project: [projectGot, projectReceived(30)].reduce(stockItemDecider.evolve, stockItemDecider.initialState()),
      },
    );
    expect(events.warehouse[0]).toMatchObject({ type: 'MaterialUnassignedFromProject', data: { quantity: 20, settles: 15 } });
  });

  it('refuses as a whole when the project side would go negative: no event on either stream', () => {
    given([received(50), assignedOut], [projectGot])
      .when({ type: 'UnassignFromProject', data: { ...move, quantity: 16, to: rackB, target } })
      .thenThrows(M.insufficient, 'DOMAIN_RULE');
  });

  it('refuses a part the project has never held', () => {
    given([received(50)], [])
      .when({ type: 'UnassignFromProject', data: { ...move, quantity: 1, to: rackB, target } })
      .thenThrows(M.partNotInProject, 'NOT_FOUND');
  });

  it('refuses assign and unassign while frozen', () => {
    given([received(50)])
      .when({ type: 'AssignToProject', data: { ...move, frozen: true, quantity: 1, from: rackA2, target } })
      .thenThrows('Transactions are frozen', 'FROZEN');
    given([received(50), assignedOut], [projectGot])
      .when({ type: 'UnassignFromProject', data: { ...move, frozen: true, quantity: 1, to: rackB, target } })
      .thenThrows('Transactions are frozen', 'FROZEN');
  });
});

describe('the places fold', () => {
  it('keeps the places adding up to on hand through every kind of movement', () => {
    const events: StockItemEvent[] = [
      received(50),
      { type: 'MaterialRelocated', data: { ...warehouseRef, quantity: 20, from: rackA2, to: rackB, note: null } },
      { type: 'MaterialAssignedToProject', data: { ...warehouseRef, quantity: 15, place: rackA2, projectId: 'p-1', projectLabel: 'P', note: null } },
      {
        type: 'MaterialUnassignedFromProject',
        data: { ...warehouseRef, quantity: 5, place: rackB, projectId: 'p-1', projectLabel: 'P', settles: 5, note: null },
      },
    ];
    const state = events.reduce(stockItemDecider.evolve, stockItemDecider.initialState());
    expect(state.onHand).toBe(40);
    expect(
      Object.values(state.places)
        .map((p) => p.qty)
        .sort(),
    ).toEqual([15, 25]);
    expect(state.projects).toEqual({ 'p-1': 10 });
  });
});
