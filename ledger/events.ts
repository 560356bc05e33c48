/**
 * Every aggregate's events in one place: their zod schemas (the event store validates each event it
 * reads with them, once), and what each changes for the browsers.
 */
import type { RecordedEvent } from './event-store/types.ts';
import { assetEventSchemas, assetTopics, isAssetEvent } from './asset/events.ts';
import { assetCatalogEventSchemas, assetCatalogTopics, isAssetCatalogEvent } from './asset-catalog/events.ts';
import { assetCategoryEventSchemas, assetCategoryTopics, isAssetCategoryEvent } from './asset-category/events.ts';
import { isLabelMediaEvent, labelMediaEventSchemas, labelMediaTopics } from './label-media/events.ts';
import { isLabelTemplateEvent, labelTemplateEventSchemas, labelTemplateTopics } from './label-template/events.ts';
import { isLabelEvent, labelEventSchemas, labelTopics } from './labels/events.ts';
import { isMaterialEvent, materialEventSchemas, materialTopics } from './material/events.ts';
import { isProjectEvent, projectEventSchemas, projectTopics } from './project/events.ts';
import { isSiteEvent, siteEventSchemas, siteTopics } from './site/events.ts';
import { isStockItemEvent, stockItemEventSchemas, stockItemTopics } from './stock-item/events.ts';
import type { Change } from './topics.ts';
import { isUserEvent, userEventSchemas, userTopics } from './user/events.ts';
import { isTransferEvent, transferEventSchemas, transferTopics } from './transfer/events.ts';
import { isWarehouseEvent, warehouseEventSchemas, warehouseTopics } from './warehouse/events.ts';
import { isRequestEvent, requestEventSchemas, requestTopics } from './request/events.ts';
import { countEventSchemas, countTopics, isCountEvent } from './stock-count/events.ts';

const schemas: Record<string, { parse: (data: unknown) => unknown }> = {
  ...stockItemEventSchemas,
  ...materialEventSchemas,
  ...projectEventSchemas,
  ...userEventSchemas,
  ...siteEventSchemas,
  ...warehouseEventSchemas,
  ...labelEventSchemas,
  ...labelTemplateEventSchemas,
  ...labelMediaEventSchemas,
  ...transferEventSchemas,
  ...requestEventSchemas,
  ...assetCategoryEventSchemas,
  ...assetCatalogEventSchemas,
  ...assetEventSchemas,
  ...countEventSchemas,
};

export class CorruptEventError extends Error {
  constructor(type: string, detail: string) {
    super(`an event of type ${type} does not match its schema: ${detail}`);
    this.name = 'CorruptEventError';
  }
}

/** The event's data as its schema reads it; events of types no aggregate owns pass through. */
export function validateEventData(type: string, data: unknown): unknown {
  const schema = schemas[type];
  if (!schema) return data;
  try {
    return schema.parse(data);
  } catch (error) {
    throw new CorruptEventError(type, error instanceof Error ? error.message : String(error));
  }
}

/** Which projects and topics an event changes. */
export function changesOf(event: RecordedEvent): Change[] {
  if (isStockItemEvent(event)) return stockItemTopics(event);
  if (isMaterialEvent(event)) return materialTopics();
  if (isProjectEvent(event)) return projectTopics(event);
  if (isUserEvent(event)) return userTopics();
  if (isSiteEvent(event)) return siteTopics();
  if (isWarehouseEvent(event)) return warehouseTopics();
  if (isLabelEvent(event)) return labelTopics(event);
  if (isLabelTemplateEvent(event)) return labelTemplateTopics(event);
  if (isLabelMediaEvent(event)) return labelMediaTopics();
  if (isTransferEvent(event)) return transferTopics(event);
  if (isRequestEvent(event)) return requestTopics(event);
  if (isAssetCategoryEvent(event)) return assetCategoryTopics();
  if (isAssetCatalogEvent(event)) return assetCatalogTopics();
  if (isAssetEvent(event)) return assetTopics(event);
  if (isCountEvent(event)) return countTopics(event);
  return [];
}
