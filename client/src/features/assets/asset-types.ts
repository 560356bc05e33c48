/**
 * Assets as the API speaks them (spec 01 §3, spec 02 §3): the server's own zod schemas in
 * contract/assets.ts, inferred there and used here as they are.
 */
export type {
  AssetCatalogItem,
  AssetCategory,
  AssetInstance,
  AssetLocation,
  AssetMoveAnswer,
  AssetRow,
  AssetStatus,
  AssetTransaction,
  CatalogBody,
  CategoryBody,
  CategoryKind,
  LostFoundBody,
  OwnerType,
  ReceiveBody,
  TransferBody,
} from '@contract/assets.ts';
export { ASSET_DEFAULT_CONDITION, ASSET_LOG_LIMIT, ASSET_PATHS } from '@contract/asset-paths.ts';
export { ASSET_MESSAGES, foundExceedsMessage, lostExceedsMessage } from '@contract/messages/assets.ts';
