/**
 * The asset catalogue item (an asset type): number, name, nickname, catalogue name, category and
 * whether its instances need serial numbers. A bulk category's types keep no serials. Asset numbers
 * are unique among live types (read beside the stream, backed by a unique index). A type that
 * instances or bulk units still use cannot be deleted, and the refusal says what uses it.
 */
import { ASSET_MESSAGES as M, catalogInUseMessage } from '../../contract/messages/assets.ts';
import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { AssetCatalogCommand, CatalogInput } from './commands.ts';
import type { AssetCatalogEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { type AssetCatalogState, type CatalogDetails, initialAssetCatalogState } from './state.ts';

function details(input: CatalogInput): CatalogDetails {
  const assetNumber = input.assetNumber.trim();
  const assetName = input.assetName.trim();
  if (!assetNumber || !assetName) throw new DomainError('VALIDATION', M.catalogRequired);
  if (!input.category) throw new DomainError('NOT_FOUND', M.categoryNotFound);
  if (input.numberTaken) throw new DomainError('CONFLICT', M.assetNumberTaken);
  const bulk = input.category.kind === 'bulk';
  if (bulk && input.serialRequired === true) throw new DomainError('VALIDATION', M.bulkNoSerials);
  return {
    assetNumber,
    assetName,
    assetNickname: (input.assetNickname ?? '').trim(),
    catalogName: (input.catalogName ?? '').trim(),
    categoryId: input.categoryId,
    serialRequired: bulk ? false : (input.serialRequired ?? true),
  };
}

function requireLive(state: AssetCatalogState): string {
  if (state.status !== 'live' || !state.catalogId) throw new DomainError('NOT_FOUND', M.catalogNotFound);
  return state.catalogId;
}

const same = (a: CatalogDetails, b: CatalogDetails) =>
  a.assetNumber === b.assetNumber &&
  a.assetName === b.assetName &&
  a.assetNickname === b.assetNickname &&
  a.catalogName === b.catalogName &&
  a.categoryId === b.categoryId &&
  a.serialRequired === b.serialRequired;

export function decide(command: AssetCatalogCommand, state: AssetCatalogState): AssetCatalogEvent[] {
  switch (command.type) {
    case 'CreateAssetCatalogItem': {
      if (state.status !== 'none') throw new DomainError('CONFLICT', 'This catalog item already exists.');
      return [{ type: 'AssetCatalogItemCreated', data: { catalogId: command.data.catalogId, ...details(command.data) } }];
    }
    case 'EditAssetCatalogItem': {
      const catalogId = requireLive(state);
      const next = details(command.data);
      const inUse = command.data.instances + command.data.units > 0;
      if (inUse && next.categoryId !== state.categoryId && command.data.category?.kind !== undefined) {
        // Moving a used type to a category of the other kind would turn counted units into instances or back.
        const kindChanges =
          (command.data.units > 0 && command.data.category.kind !== 'bulk') || (command.data.instances > 0 && command.data.category.kind !== 'serialized');
        if (kindChanges)
          throw new DomainError(
            'DOMAIN_RULE',
            catalogInUseMessage(command.data.instances, command.data.units, 'it cannot move to a category of the other kind'),
          );
      }
      if (same(next, state)) return [];
      return [{ type: 'AssetCatalogItemEdited', data: { catalogId, ...next } }];
    }
    case 'DeleteAssetCatalogItem': {
      const catalogId = requireLive(state);
      if (command.data.instances + command.data.units > 0)
        throw new DomainError('DOMAIN_RULE', catalogInUseMessage(command.data.instances, command.data.units));
      return [{ type: 'AssetCatalogItemDeleted', data: { catalogId } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const assetCatalogDecider: Decider<AssetCatalogCommand, AssetCatalogEvent, AssetCatalogState> = {
  initialState: initialAssetCatalogState,
  decide,
  evolve,
};
