/** The asset catalogue fold, event by event: categories and asset types inserted, edited, and stamped deleted but kept. */
import { describe, expect, it } from 'vitest';
import type { AssetCatalogEvent } from '../../ledger/asset-catalog/events.ts';
import type { AssetCategoryEvent } from '../../ledger/asset-category/events.ts';
import { AT, project, recorded } from '../../test/helpers/projector-events.ts';
import { assetsCatalogProjector } from './projector.ts';

const categoryId = 'a3c1e0f2-1b2c-4d5e-8f90-1a2b3c4d5e6f';
const catalogId = 'b4d2f1a3-2c3d-4e5f-9a01-2b3c4d5e6f70';
const category = (event: AssetCategoryEvent) => project(assetsCatalogProjector, recorded(`asset-category:${categoryId}`, event));
const catalog = (event: AssetCatalogEvent) => project(assetsCatalogProjector, recorded(`asset-catalog:${catalogId}`, event));
const details = { assetNumber: 'DR-1', assetName: 'Drill', assetNickname: 'Big drill', catalogName: 'Makita 18V', categoryId, serialRequired: true };
const columns = {
  asset_number: 'DR-1',
  asset_name: 'Drill',
  asset_nickname: 'Big drill',
  catalog_name: 'Makita 18V',
  category_id: categoryId,
  serial_required: true,
};

describe('assets-catalog projector: categories', () => {
  it('inserts a created category, not deleted', () => {
    expect(category({ type: 'AssetCategoryCreated', data: { categoryId, name: 'Power tools', kind: 'serialized' } })).toEqual([
      { kind: 'insert', table: 'asset_categories', row: { id: categoryId, category: 'Power tools', kind: 'serialized', created_at: AT, deleted_at: null } },
    ]);
  });

  it('an edit sets the name and kind', () => {
    expect(category({ type: 'AssetCategoryEdited', data: { categoryId, name: 'Barriers', kind: 'bulk' } })).toEqual([
      { kind: 'update', table: 'asset_categories', key: { id: categoryId }, set: { category: 'Barriers', kind: 'bulk' } },
    ]);
  });

  it('a deletion stamps the row instead of removing it, so old history still names it', () => {
    expect(category({ type: 'AssetCategoryDeleted', data: { categoryId } })).toEqual([
      { kind: 'update', table: 'asset_categories', key: { id: categoryId }, set: { deleted_at: AT } },
    ]);
  });
});

describe('assets-catalog projector: asset types', () => {
  it('inserts a defined type with every detail, not deleted', () => {
    expect(catalog({ type: 'AssetCatalogItemCreated', data: { catalogId, ...details } })).toEqual([
      { kind: 'insert', table: 'asset_catalog', row: { id: catalogId, ...columns, created_at: AT, deleted_at: null } },
    ]);
  });

  it('an edit sets every detail and keeps when it was created', () => {
    expect(catalog({ type: 'AssetCatalogItemEdited', data: { catalogId, ...details, assetNickname: '', serialRequired: false } })).toEqual([
      { kind: 'update', table: 'asset_catalog', key: { id: catalogId }, set: { ...columns, asset_nickname: '', serial_required: false } },
    ]);
  });

  it('a deletion stamps the row instead of removing it', () => {
    expect(catalog({ type: 'AssetCatalogItemDeleted', data: { catalogId } })).toEqual([
      { kind: 'update', table: 'asset_catalog', key: { id: catalogId }, set: { deleted_at: AT } },
    ]);
  });

  it('writes nothing for an event of another stream', () => {
    expect(project(assetsCatalogProjector, recorded('asset:i-1', { type: 'AssetInstanceMarkedFound', data: { catalogId } }))).toEqual([]);
  });
});
