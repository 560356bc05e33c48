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
  /** Field-assigned quantity per user id; users at zero are dropped. */
  assignments: Record<string, number>;
  /** Null means the default threshold. */
  lowThreshold: number | null;
  criticalThreshold: number | null;
}

export const initialStockItemState = (): StockItemState => ({
  exists: false,
  partNumber: '',
  partName: '',
  logistics: 0,
  onHand: 0,
  field: 0,
  lost: 0,
  assignments: {},
  lowThreshold: null,
  criticalThreshold: null,
});
