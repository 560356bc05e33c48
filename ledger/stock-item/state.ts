import type { Place } from '../../contract/place.ts';

/**
 * One material's stock in one location. Loaded from its snapshot row (`material_stock`, kept by its
 * projector in the same transaction as the events, with the stream version it reflects), not by
 * folding: a busy part's stream grows by thousands of events, its row stays one row.
 */
export interface StockItemState {
  /** Any event has been recorded for this material in this location. */
  exists: boolean;
  partNumber: string;
  partName: string;
  logistics: number;
  onHand: number;
  field: number;
  lost: number;
  /** Sent to another project on a transfer and not yet delivered: still part of logistics. */
  inTransit: number;
  /** On its way here from another project (counted in that project's logistics, not this one's). */
  incoming: number;
  /** Field-assigned quantity per user id; users at zero are dropped. */
  assignments: Record<string, number>;
  /** Null means the default threshold. */
  lowThreshold: number | null;
  criticalThreshold: number | null;
  /** A warehouse's on hand by place key (places at zero are dropped); empty for a project. */
  places: Record<string, { place: Place; qty: number }>;
  /** What a warehouse assigned to each project and has not taken back; empty for a project. */
  projects: Record<string, number>;
}

export const initialStockItemState = (): StockItemState => ({
  exists: false,
  partNumber: '',
  partName: '',
  logistics: 0,
  onHand: 0,
  field: 0,
  lost: 0,
  inTransit: 0,
  incoming: 0,
  assignments: {},
  lowThreshold: null,
  criticalThreshold: null,
  places: {},
  projects: {},
});
