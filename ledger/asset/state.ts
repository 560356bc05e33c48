/** The states an instance's stream and a bulk stream fold to, and their `evolve`. */
import type { AssetInstanceEvent, AssetSnapshot, BulkAssetEvent, Owner } from './events.ts';

export interface AssetInstanceState {
  exists: boolean;
  instanceId: string | null;
  asset: AssetSnapshot | null;
  owner: Owner | null;
  parentWarehouseId: string | null;
  inUse: boolean;
  assignedUserId: string | null;
  lost: boolean;
}

export const initialAssetInstanceState = (): AssetInstanceState => ({
  exists: false,
  instanceId: null,
  asset: null,
  owner: null,
  parentWarehouseId: null,
  inUse: false,
  assignedUserId: null,
  lost: false,
});

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

/** Units of one bulk type at one owner; `assigned` is what a warehouse sent to each project and has not taken back. */
export interface BulkAssetState {
  exists: boolean;
  onHand: number;
  lost: number;
  assigned: Record<string, number>;
}

export const initialBulkAssetState = (): BulkAssetState => ({ exists: false, onHand: 0, lost: 0, assigned: {} });

/** The deltas a bulk event makes to its own owner's row: one definition for `evolve` and the projection. */
export function bulkDeltas(event: BulkAssetEvent): { onHand: number; lost: number; assigned: { projectId: string; delta: number } | null } {
  const q = event.data.quantity;
  switch (event.type) {
    case 'BulkAssetReceived':
      return { onHand: q, lost: 0, assigned: null };
    case 'BulkAssetSent': {
      const assigned = event.data.owner.type === 'warehouse' && event.data.to.type === 'project' ? { projectId: event.data.to.id, delta: q } : null;
      return { onHand: -q, lost: 0, assigned };
    }
    case 'BulkAssetArrived': {
      const assigned = event.data.settles > 0 ? { projectId: event.data.from.id, delta: -event.data.settles } : null;
      return { onHand: q, lost: 0, assigned };
    }
    case 'BulkAssetMarkedLost':
      return { onHand: -q, lost: q, assigned: null };
    case 'BulkAssetMarkedFound':
      return { onHand: q, lost: -q, assigned: null };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export function evolveBulk(state: BulkAssetState, event: BulkAssetEvent): BulkAssetState {
  const d = bulkDeltas(event);
  const assigned = { ...state.assigned };
  if (d.assigned) {
    const next = (assigned[d.assigned.projectId] ?? 0) + d.assigned.delta;
    if (next === 0) delete assigned[d.assigned.projectId];
    else assigned[d.assigned.projectId] = next;
  }
  return { exists: true, onHand: state.onHand + d.onHand, lost: state.lost + d.lost, assigned };
}

export const assignedTotal = (state: BulkAssetState) => Object.values(state.assigned).reduce((a, b) => a + b, 0);
