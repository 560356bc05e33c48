import { describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, categoryError, EMPTY_ITEM, itemBody, itemError } from './catalog-rules.ts';

describe('Asset Catalog Management’s rules', () => {
  it('needs an asset number and name, then a category', () => {
    expect(itemError(EMPTY_ITEM)).toBe('Asset number and name are required');
    expect(itemError({ ...EMPTY_ITEM, asset_number: 'LAP-01', asset_name: ' ' })).toBe('Asset number and name are required');
    expect(itemError({ ...EMPTY_ITEM, asset_number: 'LAP-01', asset_name: 'ThinkPad' })).toBe('Select a category');
    expect(itemBody({ ...EMPTY_ITEM, asset_number: ' LAP-01 ', asset_name: 'ThinkPad', category: 'c-1' })).toEqual({
      asset_number: 'LAP-01',
      asset_name: 'ThinkPad',
      category: 'c-1',
      serial_required: true,
    });
  });

  it('needs a category name, and asks before deleting in the spec’s words', () => {
    expect(categoryError({ category: '  ' })).toBe('Category name is required');
    expect(categoryError({ category: 'Laptops' })).toBeNull();
    expect(CATALOG_MESSAGES.deleteItem).toBe('Are you sure you want to delete this asset catalog item?');
    expect(CATALOG_MESSAGES.deleteCategory).toBe('Are you sure you want to delete this category? This will affect all catalog items using this category.');
  });
});
