/**
 * One material's stock in one project or warehouse: receive, return, assign, unassign, lost, found
 * and the stock warning thresholds. Everything decide needs (the freeze setting, whether the
 * assignee belongs to the project, the names for the logs) arrives in the command.
 */
import {
  ASSIGN_USER_REQUIRED,
  CRITICAL_ABOVE_LOW,
  EXCEEDS_ASSIGNED,
  FOUND_USER_REQUIRED,
  INSUFFICIENT_QUANTITY,
  LOST_FOUND_QUANTITY_POSITIVE,
  LOST_USER_REQUIRED,
  PART_NOT_FOUND,
  QUANTITY_POSITIVE,
  TRANSACTIONS_FROZEN,
} from '../../contract/messages.ts';
import { DomainError } from '../errors.ts';
import type { Decider } from '../decider.ts';
import type { StockItemCommand, StockItemRef } from './commands.ts';
import type { StockItemEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { initialStockItemState, type StockItemState } from './state.ts';

const isPositiveInteger = (value: number) => Number.isInteger(value) && value > 0;

const trimmedOrNull = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

const isBlank = (value: string | null): value is null => value === null || value.trim() === '';

const ref = ({ location, materialId, partNumber, partName }: StockItemRef): StockItemRef => ({
  location: { kind: location.kind, id: location.id },
  materialId,
  partNumber,
  partName,
});

function refuseWhenFrozen(frozen: boolean) {
  if (frozen) throw new DomainError('FROZEN', TRANSACTIONS_FROZEN);
}

function requireTransactionQuantity(quantity: number) {
  if (!isPositiveInteger(quantity)) throw new DomainError('VALIDATION', QUANTITY_POSITIVE);
}

function requireLostFoundQuantity(quantity: number) {
  if (!isPositiveInteger(quantity)) throw new DomainError('VALIDATION', LOST_FOUND_QUANTITY_POSITIVE);
}

function requireExists(state: StockItemState) {
  if (!state.exists) throw new DomainError('NOT_FOUND', PART_NOT_FOUND);
}

function requireOnHand(state: StockItemState, quantity: number) {
  if (state.onHand < quantity) throw new DomainError('DOMAIN_RULE', INSUFFICIENT_QUANTITY);
}

/** The read tables hold 32-bit integers: no balance may grow past this. */
export const MAX_BALANCE = 2_147_483_647;

function requireRoom(state: StockItemState, quantity: number) {
  if (state.logistics + quantity > MAX_BALANCE) {
    throw new DomainError('DOMAIN_RULE', `This would take the part's stock past ${MAX_BALANCE.toLocaleString('en')}, the most a part can hold.`);
  }
}

function requireThreshold(value: number | null, label: 'Low' | 'Critical') {
  if (value !== null && (!Number.isFinite(value) || value < 0)) {
    throw new DomainError('VALIDATION', `${label} warning threshold must be a non-negative number.`);
  }
}

export const assignedTo = (state: StockItemState, userId: string): number => state.assignments[userId] ?? 0;

export function decide(command: StockItemCommand, state: StockItemState): StockItemEvent[] {
  switch (command.type) {
    case 'ReceiveMaterial': {
      const { quantity, frozen } = command.data;
      refuseWhenFrozen(frozen);
      requireTransactionQuantity(quantity);
      requireRoom(state, quantity);
      return [{ type: 'MaterialReceived', data: { ...ref(command.data), quantity } }];
    }
    case 'ReturnMaterial': {
      const { quantity, frozen } = command.data;
      refuseWhenFrozen(frozen);
      requireTransactionQuantity(quantity);
      requireExists(state);
      requireOnHand(state, quantity);
      return [{ type: 'MaterialReturned', data: { ...ref(command.data), quantity, binInfo: trimmedOrNull(command.data.binInfo) } }];
    }
    case 'AssignMaterial': {
      const { quantity, frozen, userId, userName, assigneeIsMember } = command.data;
      refuseWhenFrozen(frozen);
      requireTransactionQuantity(quantity);
      requireExists(state);
      if (!assigneeIsMember) throw new DomainError('VALIDATION', ASSIGN_USER_REQUIRED);
      requireOnHand(state, quantity);
      return [{ type: 'MaterialAssigned', data: { ...ref(command.data), quantity, userId, userName } }];
    }
    case 'UnassignMaterial': {
      const { quantity, frozen, userId, userName } = command.data;
      refuseWhenFrozen(frozen);
      requireTransactionQuantity(quantity);
      requireExists(state);
      if (assignedTo(state, userId) < quantity) {
        throw new DomainError('DOMAIN_RULE', EXCEEDS_ASSIGNED);
      }
      return [{ type: 'MaterialUnassigned', data: { ...ref(command.data), quantity, userId, userName } }];
    }
    case 'MarkMaterialLost': {
      const { quantity, source } = command.data;
      requireLostFoundQuantity(quantity);
      requireExists(state);
      const note = trimmedOrNull(command.data.note);
      switch (source) {
        case 'on_hand': {
          if (quantity > state.onHand) {
            throw new DomainError('DOMAIN_RULE', `Cannot exceed available on-hand or field-assigned quantity (${state.onHand})`);
          }
          return [{ type: 'MaterialMarkedLost', data: { ...ref(command.data), quantity, source, userId: null, userName: null, note } }];
        }
        case 'field_assigned': {
          const { userId, userName } = command.data;
          if (isBlank(userId)) throw new DomainError('VALIDATION', LOST_USER_REQUIRED);
          const userAssigned = assignedTo(state, userId);
          if (quantity > userAssigned) {
            throw new DomainError('DOMAIN_RULE', `Cannot exceed available on-hand or field-assigned quantity (${userAssigned})`);
          }
          return [{ type: 'MaterialMarkedLost', data: { ...ref(command.data), quantity, source, userId, userName, note } }];
        }
        default: {
          const unknown: never = source;
          throw new DomainError('VALIDATION', `Unknown source ${String(unknown)}`);
        }
      }
    }
    case 'MarkMaterialFound': {
      const { quantity, destination } = command.data;
      requireLostFoundQuantity(quantity);
      requireExists(state);
      if (quantity > state.lost) {
        throw new DomainError('DOMAIN_RULE', `Cannot exceed outstanding lost quantity (${state.lost})`);
      }
      const note = trimmedOrNull(command.data.note);
      switch (destination) {
        case 'on_hand':
          return [{ type: 'MaterialMarkedFound', data: { ...ref(command.data), quantity, destination, userId: null, userName: null, note } }];
        case 'field_assigned': {
          const { userId, userName } = command.data;
          if (isBlank(userId)) throw new DomainError('VALIDATION', FOUND_USER_REQUIRED);
          return [{ type: 'MaterialMarkedFound', data: { ...ref(command.data), quantity, destination, userId, userName, note } }];
        }
        default: {
          const unknown: never = destination;
          throw new DomainError('VALIDATION', `Unknown destination ${String(unknown)}`);
        }
      }
    }
    case 'SetStockWarnings': {
      const { lowThreshold, criticalThreshold } = command.data;
      requireThreshold(lowThreshold, 'Low');
      requireThreshold(criticalThreshold, 'Critical');
      if (lowThreshold !== null && criticalThreshold !== null && criticalThreshold > lowThreshold) throw new DomainError('VALIDATION', CRITICAL_ABOVE_LOW);
      requireExists(state);
      if (lowThreshold === state.lowThreshold && criticalThreshold === state.criticalThreshold) return [];
      return [{ type: 'StockWarningsSet', data: { ...ref(command.data), lowThreshold, criticalThreshold } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const stockItemDecider: Decider<StockItemCommand, StockItemEvent, StockItemState> = {
  initialState: initialStockItemState,
  decide,
  evolve,
};
