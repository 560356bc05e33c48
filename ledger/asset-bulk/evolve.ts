/** Folds one bulk asset event into its stream's state, by the same deltas the assets projection applies to the row. */
import type { BulkAssetEvent } from '../asset/events.ts';
import type { BulkAssetState } from './state.ts';

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
