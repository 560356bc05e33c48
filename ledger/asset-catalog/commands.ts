/** What a person asks of an asset type; its category and whether the number is taken are read beside the stream. */
import type { CategoryKind } from '../asset-category/events.ts';

/** The category as read beside the stream: null when there is no live category with that id. */
export interface CategoryLookup {
  kind: CategoryKind;
}

export interface CatalogInput {
  assetNumber: string;
  assetName: string;
  assetNickname: string | null;
  catalogName: string | null;
  categoryId: string;
  /** Absent: a serialized category's types need serials. */
  serialRequired: boolean | undefined;
  category: CategoryLookup | null;
  numberTaken: boolean;
}

export type AssetCatalogCommand =
  | { type: 'CreateAssetCatalogItem'; data: CatalogInput & { catalogId: string } }
  | { type: 'EditAssetCatalogItem'; data: CatalogInput & { instances: number; units: number } }
  | { type: 'DeleteAssetCatalogItem'; data: { instances: number; units: number } };
