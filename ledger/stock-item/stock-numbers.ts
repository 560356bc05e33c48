/**
 * The one place the stock numbers are defined: `evolve` folds these deltas and the projections
 * apply the same deltas as `qty = qty + delta`. Every event keeps logistics = onHand + field + lost
 * + inTransit (incoming belongs to the sending project's logistics, so it is outside this sum).
 */
import type { StockItemEvent } from './events.ts';
import type { Place } from '../../contract/place.ts';

export const DEFAULT_LOW_THRESHOLD = 15;
export const DEFAULT_CRITICAL_THRESHOLD = 0;

export interface StockDeltas {
  /** Logistics quantity (MatVendorQty): received − returned. */
  logistics: number;
  onHand: number;
  /** Field assigned, over all users. */
  field: number;
  /** Lost outstanding: lost − found. */
  lost: number;
  /** Sent on a transfer, not yet delivered. */
  inTransit: number;
  /** Coming from another project on a transfer. */
  incoming: number;
  /** The change to one user's field-assigned quantity, if any. */
  user: { userId: string; delta: number } | null;
}

const deltas = (logistics: number, onHand: number, field: number, lost: number, user: StockDeltas['user'] = null): StockDeltas => ({
  logistics,
  onHand,
  field,
  lost,
  inTransit: 0,
  incoming: 0,
  user,
});

const transfer = (logistics: number, onHand: number, inTransit: number, incoming: number): StockDeltas => ({
  ...deltas(logistics, onHand, 0, 0),
  inTransit,
  incoming,
});

const forUser = (userId: string | null, delta: number): StockDeltas['user'] => (userId === null ? null : { userId, delta });

export function stockDeltas(event: StockItemEvent): StockDeltas {
  switch (event.type) {
    case 'MaterialReceived': {
      const q = event.data.quantity;
      return deltas(q, q, 0, 0);
    }
    case 'MaterialReturned': {
      const q = event.data.quantity;
      return deltas(-q, -q, 0, 0);
    }
    case 'MaterialAssigned': {
      const q = event.data.quantity;
      return deltas(0, -q, q, 0, forUser(event.data.userId, q));
    }
    case 'MaterialUnassigned': {
      const q = event.data.quantity;
      return deltas(0, q, -q, 0, forUser(event.data.userId, -q));
    }
    case 'MaterialMarkedLost': {
      const q = event.data.quantity;
      return event.data.source === 'on_hand' ? deltas(0, -q, 0, q) : deltas(0, 0, -q, q, forUser(event.data.userId, -q));
    }
    case 'MaterialMarkedFound': {
      const q = event.data.quantity;
      return event.data.destination === 'on_hand' ? deltas(0, q, 0, -q) : deltas(0, 0, q, -q, forUser(event.data.userId, q));
    }
    case 'StockWarningsSet':
    case 'MaterialRelocated':
      return deltas(0, 0, 0, 0);
    case 'MaterialAssignedToProject':
    case 'MaterialReturnedToWarehouse': {
      const q = event.data.quantity;
      return deltas(-q, -q, 0, 0);
    }
    case 'MaterialUnassignedFromProject':
    case 'MaterialReceivedFromWarehouse': {
      const q = event.data.quantity;
      return deltas(q, q, 0, 0);
    }
    case 'MaterialSentOnTransfer':
      return transfer(0, -event.data.quantity, event.data.quantity, 0);
    case 'MaterialIncomingOnTransfer':
      return transfer(0, 0, 0, event.data.quantity);
    case 'MaterialDeliveredOnTransfer':
      return transfer(-event.data.quantity, 0, -event.data.quantity, 0);
    case 'MaterialReceivedOnTransfer':
      return transfer(event.data.quantity, event.data.quantity, 0, -event.data.quantity);
    case 'MaterialReturnedFromTransfer':
      return transfer(0, event.data.quantity, -event.data.quantity, 0);
    case 'MaterialIncomingCancelled':
      return transfer(0, 0, 0, -event.data.quantity);
    case 'StockMovementCorrected': {
      const { deltas: c, userId } = event.data;
      return deltas(c.logistics, c.onHand, c.field, c.lost, c.field === 0 ? null : forUser(userId, c.field));
    }
    case 'StockCounted': {
      const c = event.data.deltas;
      return deltas(c.logistics, c.onHand, 0, c.lost);
    }
    default: {
      const unknown: never = event;
      throw new Error(`unknown stock event ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * How a warehouse event moves units between its places (every on-hand change of a warehouse names
 * its place, so the places always add up to on hand). A project's events name none.
 */
export function placeChanges(event: StockItemEvent): Array<{ place: Place; delta: number }> {
  if (event.data.location.kind !== 'warehouse') return [];
  switch (event.type) {
    case 'MaterialReceived':
    case 'MaterialUnassignedFromProject':
      return event.data.place ? [{ place: event.data.place, delta: event.data.quantity }] : [];
    case 'MaterialReturned':
    case 'MaterialAssignedToProject':
      return event.data.place ? [{ place: event.data.place, delta: -event.data.quantity }] : [];
    case 'MaterialMarkedLost':
      return event.data.place && event.data.source === 'on_hand' ? [{ place: event.data.place, delta: -event.data.quantity }] : [];
    case 'MaterialMarkedFound':
      return event.data.place && event.data.destination === 'on_hand' ? [{ place: event.data.place, delta: event.data.quantity }] : [];
    case 'StockCounted':
      return event.data.place ? [{ place: event.data.place, delta: event.data.deltas.onHand }] : [];
    case 'MaterialRelocated':
      return [
        { place: event.data.from, delta: -event.data.quantity },
        { place: event.data.to, delta: event.data.quantity },
      ];
    default:
      return [];
  }
}

/** How a warehouse event changes what it has assigned to a project and not taken back. */
export function projectAssignmentChange(event: StockItemEvent): { projectId: string; delta: number } | null {
  switch (event.type) {
    case 'MaterialAssignedToProject':
      return { projectId: event.data.projectId, delta: event.data.quantity };
    case 'MaterialUnassignedFromProject':
      return event.data.settles > 0 ? { projectId: event.data.projectId, delta: -event.data.settles } : null;
    default:
      return null;
  }
}
