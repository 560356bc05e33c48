/** What a person asks of an asset category; whether the name is taken and who uses it are read beside the stream. */
import type { CategoryKind } from './events.ts';

/** `nameTaken`: another live category has this name; `usedBy`: the asset numbers of catalogue items in this category. */
export type AssetCategoryCommand =
  | { type: 'CreateAssetCategory'; data: { categoryId: string; name: string; kind: CategoryKind; nameTaken: boolean } }
  | { type: 'EditAssetCategory'; data: { name: string; kind: CategoryKind; nameTaken: boolean; usedBy: string[] } }
  | { type: 'DeleteAssetCategory'; data: { usedBy: string[] } };
