/**
 * `asset_categories` and `asset_catalog`, each row folded from its own stream. A deletion stamps
 * `deleted_at` rather than removing the row, so old transactions keep naming the type.
 */
import { ASSET_CATALOG_EVENT_TYPES, isAssetCatalogEvent } from '../../ledger/asset-catalog/events.ts';
import { ASSET_CATEGORY_EVENT_TYPES, isAssetCategoryEvent } from '../../ledger/asset-category/events.ts';
import type { Projector, RowOp } from '../projector.ts';

export const assetsCatalogProjector: Projector = {
  name: 'assets-catalog',
  version: 1,
  tables: [
    { name: 'asset_categories', key: ['id'], columns: ['id', 'category', 'kind', 'created_at', 'deleted_at'] },
    {
      name: 'asset_catalog',
      key: ['id'],
      columns: ['id', 'asset_number', 'asset_name', 'asset_nickname', 'catalog_name', 'category_id', 'serial_required', 'created_at', 'deleted_at'],
    },
  ],
  handles: [...ASSET_CATEGORY_EVENT_TYPES, ...ASSET_CATALOG_EVENT_TYPES],
  project(event): RowOp[] {
    if (isAssetCategoryEvent(event)) {
      const key = { id: event.data.categoryId };
      switch (event.type) {
        case 'AssetCategoryCreated':
          return [
            {
              kind: 'insert',
              table: 'asset_categories',
              row: { ...key, category: event.data.name, kind: event.data.kind, created_at: event.occurredAt, deleted_at: null },
            },
          ];
        case 'AssetCategoryEdited':
          return [{ kind: 'update', table: 'asset_categories', key, set: { category: event.data.name, kind: event.data.kind } }];
        case 'AssetCategoryDeleted':
          return [{ kind: 'update', table: 'asset_categories', key, set: { deleted_at: event.occurredAt } }];
        default: {
          const unknown: never = event;
          return unknown;
        }
      }
    }
    if (isAssetCatalogEvent(event)) {
      const key = { id: event.data.catalogId };
      switch (event.type) {
        case 'AssetCatalogItemCreated':
        case 'AssetCatalogItemEdited': {
          const d = event.data;
          const details = {
            asset_number: d.assetNumber,
            asset_name: d.assetName,
            asset_nickname: d.assetNickname,
            catalog_name: d.catalogName,
            category_id: d.categoryId,
            serial_required: d.serialRequired,
          };
          if (event.type === 'AssetCatalogItemEdited') return [{ kind: 'update', table: 'asset_catalog', key, set: details }];
          return [{ kind: 'insert', table: 'asset_catalog', row: { ...key, ...details, created_at: event.occurredAt, deleted_at: null } }];
        }
        case 'AssetCatalogItemDeleted':
          return [{ kind: 'update', table: 'asset_catalog', key, set: { deleted_at: event.occurredAt } }];
        default: {
          const unknown: never = event;
          return unknown;
        }
      }
    }
    return [];
  },
};
