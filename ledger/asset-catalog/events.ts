/** Events of one asset type's stream (`asset-catalog:<id>`): defined, edited, deleted. */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import { EVERY_PROJECT } from '../../contract/topics.ts';
import type { Change } from '../topics.ts';

const details = {
  assetNumber: z.string(),
  assetName: z.string(),
  assetNickname: z.string(),
  catalogName: z.string(),
  categoryId: z.uuid(),
  serialRequired: z.boolean(),
};

export const assetCatalogEventSchemas = {
  AssetCatalogItemCreated: z.object({ catalogId: z.uuid(), ...details }),
  AssetCatalogItemEdited: z.object({ catalogId: z.uuid(), ...details }),
  /** Gone from pickers; kept so old transactions still name it. */
  AssetCatalogItemDeleted: z.object({ catalogId: z.uuid() }),
} as const;

type Schemas = typeof assetCatalogEventSchemas;
export type AssetCatalogEvent = { [T in keyof Schemas]: { type: T; data: z.infer<Schemas[T]> } }[keyof Schemas];
export const ASSET_CATALOG_EVENT_TYPES = Object.keys(assetCatalogEventSchemas) as AssetCatalogEvent['type'][];

export const assetCatalogStreamId = (catalogId: string) => `asset-catalog:${catalogId}`;
export const isAssetCatalogEvent = (event: RecordedEvent): event is RecordedEvent & AssetCatalogEvent => Object.hasOwn(assetCatalogEventSchemas, event.type);
export const assetCatalogTopics = (): Change[] => [{ projectId: EVERY_PROJECT, topics: ['assets'] }];
