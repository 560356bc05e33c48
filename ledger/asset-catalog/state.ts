/** The state an asset type's stream folds to. */
export interface CatalogDetails {
  assetNumber: string;
  assetName: string;
  assetNickname: string;
  catalogName: string;
  categoryId: string;
  serialRequired: boolean;
}

export interface AssetCatalogState extends CatalogDetails {
  status: 'none' | 'live' | 'deleted';
  catalogId: string | null;
}

export const initialAssetCatalogState = (): AssetCatalogState => ({
  status: 'none',
  catalogId: null,
  assetNumber: '',
  assetName: '',
  assetNickname: '',
  catalogName: '',
  categoryId: '',
  serialRequired: false,
});
