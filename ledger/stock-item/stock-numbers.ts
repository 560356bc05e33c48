/**
 * The one place the stock numbers are defined: `evolve` folds these deltas and the projections
 * apply the same deltas as `qty = qty + delta`. Every event keeps logistics = onHand + field + lost.
 */
import type { StockItemEvent } from './events.ts';

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
  /** The change to one user's field-assigned quantity, if any. */
  user: { userId: string; delta: number } | null;
}

const deltas = (logistics: number, onHand: number, field: number, lost: number, user: StockDeltas['user'] = null): StockDeltas => ({
  logistics,
  onHand,
  field,
  lost,
  user,
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
      return deltas(0, 0, 0, 0);
    default: {
      const unknown: never = event;
      throw new Error(`unknown stock event ${JSON.stringify(unknown)}`);
    }
  }
}
