/**
 * Material stock in a warehouse, by place. A warehouse's stock is a stock item like a project's
 * (`stock:warehouse:<id>:<material>`, the same numbers, the same `material_stock` row and activity
 * log), so as-of, rebuild and verify cover it without a second set of books; what only a warehouse
 * has is where its units are (places) and what it assigned to projects, both folded by the stock
 * item's own `evolve`.
 *
 * A move between a warehouse and a project is decided here on BOTH streams' states at once and
 * answers the events of each: one command, appended together in one transaction, or refused whole
 * when either side would go below zero.
 */
import { LOST_FOUND_QUANTITY_POSITIVE, PROJECT_NOT_FOUND } from '../../contract/messages.ts';
import { DomainError } from '../errors.ts';
import type { StockItemRef } from '../stock-item/commands.ts';
import { MAX_BALANCE } from '../stock-item/decide.ts';
import type { StockItemEvent } from '../stock-item/events.ts';
import { namesAPlace, type Place, placeKey, placeLabel } from '../../contract/place.ts';
import { initialStockItemState, type StockItemState } from '../stock-item/state.ts';
import { placeShortMessage, WAREHOUSE_MESSAGES as M } from '../../contract/messages/warehouses.ts';
import type { WarehouseGate, WarehouseStockCommand } from './commands.ts';

export interface WarehouseStockStates {
  warehouse: StockItemState;
  /** The project's stock of the same part; needed by assign and unassign only. */
  project?: StockItemState;
}

export interface WarehouseStockEvents {
  warehouse: StockItemEvent[];
  project: StockItemEvent[];
}

const ref = ({ location, materialId, partNumber, partName }: StockItemRef): StockItemRef => ({
  location: { kind: location.kind, id: location.id },
  materialId,
  partNumber,
  partName,
});

const trimmedOrNull = (value: string | null): string | null => (value ?? '').trim() || null;

function requireOpen({ frozen, warehouse }: WarehouseGate) {
  if (frozen) throw new DomainError('FROZEN', M.frozen);
  if (!warehouse.active) throw new DomainError('DOMAIN_RULE', M.inactive);
}

function requireQuantity(quantity: number, message: string) {
  if (!Number.isInteger(quantity) || quantity < 1) throw new DomainError('VALIDATION', message);
}

function requireInWarehouse(state: StockItemState) {
  if (!state.exists) throw new DomainError('NOT_FOUND', M.partNotInWarehouse);
}

function requireRoom(state: StockItemState, quantity: number) {
  if (state.logistics + quantity > MAX_BALANCE) {
    throw new DomainError('DOMAIN_RULE', `This would take the part's stock past ${MAX_BALANCE.toLocaleString('en')}, the most a part can hold.`);
  }
}

/** The units at a place; a move may take no more than that (and so never more than on hand). */
export const atPlace = (state: StockItemState, place: Place): number => state.places[placeKey(place)]?.qty ?? 0;

function requireAtPlace(state: StockItemState, from: Place, quantity: number) {
  const available = atPlace(state, from);
  if (available < quantity || state.onHand < quantity)
    throw new DomainError('DOMAIN_RULE', placeShortMessage(Math.min(available, state.onHand), placeLabel(from)));
}

/** The place as the warehouse knows it (its stored spelling and notes), so a log names it one way. */
const known = (state: StockItemState, place: Place): Place => state.places[placeKey(place)]?.place ?? place;

const only = (warehouse: StockItemEvent[]): WarehouseStockEvents => ({ warehouse, project: [] });

export function decideWarehouseStock(command: WarehouseStockCommand, states: WarehouseStockStates): WarehouseStockEvents {
  const w = states.warehouse;
  const { data } = command;
  requireOpen(data);
  const base = ref(data.ref);
  const note = trimmedOrNull(data.note);
  switch (command.type) {
    case 'ReceiveIntoWarehouse': {
      requireQuantity(data.quantity, M.quantityAtLeastOne);
      requireRoom(w, data.quantity);
      return only([{ type: 'MaterialReceived', data: { ...base, quantity: data.quantity, place: command.data.place } }]);
    }
    case 'ReturnFromWarehouse': {
      requireQuantity(data.quantity, M.quantityAtLeastOne);
      requireInWarehouse(w);
      const from = known(w, command.data.from);
      requireAtPlace(w, from, data.quantity);
      return only([{ type: 'MaterialReturned', data: { ...base, quantity: data.quantity, binInfo: note, place: from } }]);
    }
    case 'RelocateInWarehouse': {
      requireQuantity(data.quantity, M.relocateMaterialAndQuantity);
      const { to } = command.data;
      if (!namesAPlace(to)) throw new DomainError('VALIDATION', M.relocateNeedsLocation);
      requireInWarehouse(w);
      const from = known(w, command.data.from);
      if (placeKey(from) === placeKey(to)) throw new DomainError('VALIDATION', M.relocateSamePlace);
      requireAtPlace(w, from, data.quantity);
      return only([{ type: 'MaterialRelocated', data: { ...base, quantity: data.quantity, from, to, note } }]);
    }
    case 'MarkLostInWarehouse': {
      requireQuantity(data.quantity, LOST_FOUND_QUANTITY_POSITIVE);
      requireInWarehouse(w);
      const from = known(w, command.data.from);
      requireAtPlace(w, from, data.quantity);
      return only([
        { type: 'MaterialMarkedLost', data: { ...base, quantity: data.quantity, source: 'on_hand', userId: null, userName: null, note, place: from } },
      ]);
    }
    case 'MarkFoundInWarehouse': {
      requireQuantity(data.quantity, LOST_FOUND_QUANTITY_POSITIVE);
      requireInWarehouse(w);
      if (data.quantity > w.lost) throw new DomainError('DOMAIN_RULE', `Cannot exceed outstanding lost quantity (${w.lost})`);
      const to = command.data.to;
      return only([
        { type: 'MaterialMarkedFound', data: { ...base, quantity: data.quantity, destination: 'on_hand', userId: null, userName: null, note, place: to } },
      ]);
    }
    case 'AssignToProject': {
      requireQuantity(data.quantity, M.quantityAtLeastOne);
      const { target } = command.data;
      if (!target.project) throw new DomainError('NOT_FOUND', PROJECT_NOT_FOUND);
      requireInWarehouse(w);
      const from = known(w, command.data.from);
      requireAtPlace(w, from, data.quantity);
      const p = states.project ?? initialStockItemState();
      requireRoom(p, data.quantity);
      const { quantity } = data;
      const projectId = target.ref.location.id;
      return {
        warehouse: [{ type: 'MaterialAssignedToProject', data: { ...base, quantity, place: from, projectId, projectLabel: target.project.label, note } }],
        project: [
          {
            type: 'MaterialReceivedFromWarehouse',
            data: { ...ref(target.ref), quantity, warehouseId: base.location.id, warehouseLabel: data.warehouse.label, place: from, note },
          },
        ],
      };
    }
    case 'UnassignFromProject': {
      requireQuantity(data.quantity, M.quantityAtLeastOne);
      const { target } = command.data;
      if (!target.project) throw new DomainError('NOT_FOUND', PROJECT_NOT_FOUND);
      const p = states.project;
      if (!p?.exists) throw new DomainError('NOT_FOUND', M.partNotInProject);
      if (p.onHand < data.quantity) throw new DomainError('DOMAIN_RULE', M.insufficient);
      requireRoom(w, data.quantity);
      const to = known(w, command.data.to);
      const { quantity } = data;
      const projectId = target.ref.location.id;
      const settles = Math.min(quantity, w.projects[projectId] ?? 0);
      return {
        warehouse: [
          { type: 'MaterialUnassignedFromProject', data: { ...base, quantity, place: to, projectId, projectLabel: target.project.label, settles, note } },
        ],
        project: [
          {
            type: 'MaterialReturnedToWarehouse',
            data: { ...ref(target.ref), quantity, warehouseId: base.location.id, warehouseLabel: data.warehouse.label, place: to, note },
          },
        ],
      };
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
