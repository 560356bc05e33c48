/** Folds one event of an asset instance's stream into its state. */
import type { AssetInstanceEvent } from './events.ts';
import type { AssetInstanceState } from './state.ts';

export function evolveInstance(state: AssetInstanceState, event: AssetInstanceEvent): AssetInstanceState {
  switch (event.type) {
    case 'AssetInstanceReceived':
      return {
        ...state,
        exists: true,
        instanceId: event.data.instanceId,
        asset: event.data.asset,
        owner: event.data.to,
        parentWarehouseId: event.data.parentWarehouseId,
      };
    case 'AssetInstanceMoved':
      return { ...state, asset: event.data.asset, owner: event.data.to };
    case 'AssetInstanceMarkedInUse':
      return { ...state, inUse: true, assignedUserId: event.data.userId };
    case 'AssetInstanceMarkedAvailable':
      return { ...state, inUse: false, assignedUserId: null };
    case 'AssetInstanceMarkedLost':
      return { ...state, lost: true, inUse: false, assignedUserId: null };
    case 'AssetInstanceMarkedFound':
      return { ...state, lost: false };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
