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
