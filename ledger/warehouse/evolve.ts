import type { WarehouseEvent } from './events.ts';
import type { WarehouseState } from './state.ts';

export function evolve(state: WarehouseState, event: WarehouseEvent): WarehouseState {
  switch (event.type) {
    case 'WarehouseCreated': {
      const { warehouseId, numId, name, location, capacitySummary } = event.data;
      return { status: 'active', warehouseId, numId, name, location, capacitySummary };
    }
    case 'WarehouseEdited':
      return { ...state, name: event.data.name, location: event.data.location, capacitySummary: event.data.capacitySummary };
    case 'WarehouseDeactivated':
      return { ...state, status: 'inactive' };
    case 'WarehouseReactivated':
      return { ...state, status: 'active' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
