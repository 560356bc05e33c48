/**
 * Asset categories and catalogue items, each on its own folded stream (a handful of events). What
 * a decision needs besides the stream (a name taken, the category's kind, what uses the thing) is
 * read in the command's transaction; a unique index backs each name check, and losing that race
 * decides again on fresh reads.
 */
import { randomUUID } from 'node:crypto';
import type { CommandOptions } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import type { AssetCatalogCommand } from '../../ledger/asset-catalog/commands.ts';
import { assetCatalogDecider } from '../../ledger/asset-catalog/decide.ts';
import { assetCatalogStreamId } from '../../ledger/asset-catalog/events.ts';
import type { AssetCategoryCommand } from '../../ledger/asset-category/commands.ts';
import { assetCategoryDecider } from '../../ledger/asset-category/decide.ts';
import { assetCategoryStreamId, type CategoryKind } from '../../ledger/asset-category/events.ts';
import type { EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import { foldedStreamHandler } from '../../ledger/stream-handler.ts';
import { assetNumberTaken, catalogUse, categoryKind, categoryNameTaken, categoryUsedBy } from '../../projections/assets/decision-context.ts';

type CategoryChange = { type: 'create'; name: string; kind: CategoryKind } | { type: 'edit'; name: string; kind: CategoryKind } | { type: 'delete' };
interface CategoryInput {
  categoryId: string;
  change: CategoryChange;
}

async function each<I, L>(inputs: readonly I[], read: (input: I) => Promise<L>): Promise<L[]> {
  const out: L[] = [];
  for (const input of inputs) out.push(await read(input));
  return out;
}

const categoryHandler = foldedStreamHandler({
  name: 'asset-category',
  decider: assetCategoryDecider,
  streamId: (input: CategoryInput) => assetCategoryStreamId(input.categoryId),
  retryOn: ['asset_categories_name_live'],
  lookup: (trx: Trx, inputs: readonly CategoryInput[]) =>
    each(inputs, async ({ categoryId, change }) => ({
      nameTaken: change.type === 'delete' ? false : await categoryNameTaken(trx, change.name, categoryId),
      usedBy: change.type === 'create' ? [] : await categoryUsedBy(trx, categoryId),
    })),
  command({ categoryId, change }, _state, lookup): AssetCategoryCommand {
    switch (change.type) {
      case 'create':
        return { type: 'CreateAssetCategory', data: { categoryId, name: change.name, kind: change.kind, nameTaken: lookup.nameTaken } };
      case 'edit':
        return { type: 'EditAssetCategory', data: { name: change.name, kind: change.kind, nameTaken: lookup.nameTaken, usedBy: lookup.usedBy } };
      case 'delete':
        return { type: 'DeleteAssetCategory', data: { usedBy: lookup.usedBy } };
    }
  },
});

export async function createAssetCategory(store: EventStore, details: { name: string; kind: CategoryKind }, options: CommandOptions): Promise<string> {
  const categoryId = randomUUID();
  await runCommand(store, categoryHandler, { categoryId, change: { type: 'create', ...details } }, options);
  return categoryId;
}

export function changeAssetCategory(store: EventStore, categoryId: string, change: Exclude<CategoryChange, { type: 'create' }>, options: CommandOptions) {
  return runCommand(store, categoryHandler, { categoryId, change }, options);
}

export interface CatalogDetailsInput {
  assetNumber: string;
  assetName: string;
  assetNickname?: string | null;
  catalogName?: string | null;
  categoryId: string;
  serialRequired?: boolean;
}
type CatalogChange = ({ type: 'create' } & CatalogDetailsInput) | ({ type: 'edit' } & CatalogDetailsInput) | { type: 'delete' };
interface CatalogInput {
  catalogId: string;
  change: CatalogChange;
}

const catalogHandler = foldedStreamHandler({
  name: 'asset-catalog',
  decider: assetCatalogDecider,
  streamId: (input: CatalogInput) => assetCatalogStreamId(input.catalogId),
  retryOn: ['asset_catalog_number_live'],
  lookup: (trx: Trx, inputs: readonly CatalogInput[]) =>
    each(inputs, async ({ catalogId, change }) => ({
      category: change.type === 'delete' ? null : await categoryKind(trx, change.categoryId),
      numberTaken: change.type === 'delete' ? false : await assetNumberTaken(trx, change.assetNumber, catalogId),
      use: change.type === 'create' ? { instances: 0, units: 0 } : await catalogUse(trx, catalogId, change.type === 'delete'),
    })),
  command({ catalogId, change }, _state, lookup): AssetCatalogCommand {
    if (change.type === 'delete') return { type: 'DeleteAssetCatalogItem', data: lookup.use };
    const input = {
      assetNumber: change.assetNumber,
      assetName: change.assetName,
      assetNickname: change.assetNickname ?? null,
      catalogName: change.catalogName ?? null,
      categoryId: change.categoryId,
      serialRequired: change.serialRequired,
      category: lookup.category,
      numberTaken: lookup.numberTaken,
    };
    return change.type === 'create'
      ? { type: 'CreateAssetCatalogItem', data: { ...input, catalogId } }
      : { type: 'EditAssetCatalogItem', data: { ...input, ...lookup.use } };
  },
});

export async function createAssetCatalogItem(store: EventStore, details: CatalogDetailsInput, options: CommandOptions): Promise<string> {
  const catalogId = randomUUID();
  await runCommand(store, catalogHandler, { catalogId, change: { type: 'create', ...details } }, options);
  return catalogId;
}

export function changeAssetCatalogItem(store: EventStore, catalogId: string, change: Exclude<CatalogChange, { type: 'create' }>, options: CommandOptions) {
  return runCommand(store, catalogHandler, { catalogId, change }, options);
}
