/** Asset Catalog Management's messages and checks (spec 02 §5 "Catalog", §8). Pure, so tested. */
import type { CatalogItemFields, CategoryFields } from './assets-api.ts';
import { ASSET_MESSAGES } from './asset-types.ts';

export const CATALOG_MESSAGES = {
  itemRequired: ASSET_MESSAGES.catalogRequired,
  categoryRequired: ASSET_MESSAGES.categoryRequired,
  categoryMissing: ASSET_MESSAGES.categoryMissing,
  deleteItem: 'Are you sure you want to delete this asset catalog item?',
  deleteCategory: 'Are you sure you want to delete this category? This will affect all catalog items using this category.',
} as const;

export interface ItemValues {
  asset_number: string;
  asset_name: string;
  asset_nickname: string;
  catalog_name: string;
  category: string | null;
  serial_required: boolean;
}

export const EMPTY_ITEM: ItemValues = { asset_number: '', asset_name: '', asset_nickname: '', catalog_name: '', category: null, serial_required: true };

export function itemError(values: ItemValues): string | null {
  if (!values.asset_number.trim() || !values.asset_name.trim()) return CATALOG_MESSAGES.itemRequired;
  if (!values.category) return CATALOG_MESSAGES.categoryMissing;
  return null;
}

export function itemBody(values: ItemValues): CatalogItemFields {
  return {
    asset_number: values.asset_number.trim(),
    asset_name: values.asset_name.trim(),
    ...(values.asset_nickname.trim() ? { asset_nickname: values.asset_nickname.trim() } : {}),
    ...(values.catalog_name.trim() ? { catalog_name: values.catalog_name.trim() } : {}),
    category: values.category ?? '',
    serial_required: values.serial_required,
  };
}

export function categoryError(values: Pick<CategoryFields, 'category'>): string | null {
  return values.category.trim() ? null : CATALOG_MESSAGES.categoryRequired;
}

/** The toast of a catalogue change: "Catalog item created", "Category deleted". */
export const catalogToast = (what: 'Catalog item' | 'Category', done: 'created' | 'updated' | 'deleted') => `${what} ${done}`;

/** The fallback when the server gives no reason: "Failed to create asset catalog item". */
export const catalogFailure = (what: 'asset catalog item' | 'category', verb: 'create' | 'update' | 'delete') => `Failed to ${verb} ${what}`;
