/** The state a bulk asset stream (one type at one warehouse or project) folds to. */

/** Units of one bulk type at one owner; `assigned` is what a warehouse sent to each project and has not taken back. */
export interface BulkAssetState {
  exists: boolean;
  onHand: number;
  lost: number;
  assigned: Record<string, number>;
}

export const initialBulkAssetState = (): BulkAssetState => ({ exists: false, onHand: 0, lost: 0, assigned: {} });
