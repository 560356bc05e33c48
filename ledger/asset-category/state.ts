/** The state an asset category's stream folds to. */
import type { CategoryKind } from './events.ts';

export interface AssetCategoryState {
  status: 'none' | 'live' | 'deleted';
  categoryId: string | null;
  name: string;
  kind: CategoryKind;
}

export const initialAssetCategoryState = (): AssetCategoryState => ({ status: 'none', categoryId: null, name: '', kind: 'serialized' });
