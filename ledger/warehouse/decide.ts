/**
 * The warehouse aggregate: creation (its number arrives in the command, drawn from a sequence, so
 * numbers are sequential and never reused), edits of its name and yard details, deactivation
 * (refused while it holds stock) and reactivation. Stock itself lives in the stock streams.
 */
import { WAREHOUSE_MESSAGES } from '../../contract/messages/warehouses.ts';
import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { WarehouseCommand, WarehouseDetails } from './commands.ts';
import type { WarehouseEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { initialWarehouseState, type WarehouseState } from './state.ts';

const clean = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

function requireName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new DomainError('VALIDATION', WAREHOUSE_MESSAGES.nameRequired);
  return trimmed;
}

function requireExisting(state: WarehouseState): string {
  if (state.status === 'none' || !state.warehouseId) throw new DomainError('NOT_FOUND', WAREHOUSE_MESSAGES.notFound);
  return state.warehouseId;
}

export function decide(command: WarehouseCommand, state: WarehouseState): WarehouseEvent[] {
  switch (command.type) {
    case 'CreateWarehouse': {
      if (state.status !== 'none') throw new DomainError('CONFLICT', 'This warehouse already exists.');
      const { warehouseId, numId } = command.data;
      const name = requireName(command.data.name);
      return [
        {
          type: 'WarehouseCreated',
          data: { warehouseId, numId, name, location: clean(command.data.location), capacitySummary: clean(command.data.capacitySummary) },
        },
      ];
    }
    case 'EditWarehouse': {
      const warehouseId = requireExisting(state);
      const next: WarehouseDetails = {
        name: command.data.name === undefined ? state.name : requireName(command.data.name),
        location: command.data.location === undefined ? state.location : clean(command.data.location),
        capacitySummary: command.data.capacitySummary === undefined ? state.capacitySummary : clean(command.data.capacitySummary),
      };
      if (next.name === state.name && next.location === state.location && next.capacitySummary === state.capacitySummary) return [];
      return [{ type: 'WarehouseEdited', data: { warehouseId, ...next } }];
    }
    case 'DeactivateWarehouse': {
      const warehouseId = requireExisting(state);
      if (state.status === 'inactive') throw new DomainError('CONFLICT', WAREHOUSE_MESSAGES.alreadyInactive);
      if (command.data.unitsHeld > 0) throw new DomainError('DOMAIN_RULE', WAREHOUSE_MESSAGES.hasStock);
      return [{ type: 'WarehouseDeactivated', data: { warehouseId } }];
    }
    case 'ReactivateWarehouse': {
      const warehouseId = requireExisting(state);
      if (state.status === 'active') throw new DomainError('CONFLICT', WAREHOUSE_MESSAGES.alreadyActive);
      return [{ type: 'WarehouseReactivated', data: { warehouseId } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const warehouseDecider: Decider<WarehouseCommand, WarehouseEvent, WarehouseState> = {
  initialState: initialWarehouseState,
  decide,
  evolve,
};
