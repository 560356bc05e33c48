/** The state an asset instance's stream folds to. */
import type { AssetSnapshot, Owner } from './events.ts';

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
