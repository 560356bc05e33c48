/** Events of one asset category's stream (`asset-category:<id>`): created, renamed or re-kinded, deleted. */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import { EVERY_PROJECT } from '../../contract/topics.ts';
import type { Change } from '../topics.ts';

const kind = z.enum(['serialized', 'bulk']);

export const assetCategoryEventSchemas = {
  AssetCategoryCreated: z.object({ categoryId: z.uuid(), name: z.string(), kind }),
  AssetCategoryEdited: z.object({ categoryId: z.uuid(), name: z.string(), kind }),
  /** Gone from pickers; its row is kept so old catalogue history still names it. */
  AssetCategoryDeleted: z.object({ categoryId: z.uuid() }),
} as const;

type Schemas = typeof assetCategoryEventSchemas;
export type AssetCategoryEvent = { [T in keyof Schemas]: { type: T; data: z.infer<Schemas[T]> } }[keyof Schemas];
export const ASSET_CATEGORY_EVENT_TYPES = Object.keys(assetCategoryEventSchemas) as AssetCategoryEvent['type'][];
export type CategoryKind = z.infer<typeof kind>;

export const assetCategoryStreamId = (categoryId: string) => `asset-category:${categoryId}`;
export const isAssetCategoryEvent = (event: RecordedEvent): event is RecordedEvent & AssetCategoryEvent => Object.hasOwn(assetCategoryEventSchemas, event.type);
export const assetCategoryTopics = (): Change[] => [{ projectId: EVERY_PROJECT, topics: ['assets'] }];
