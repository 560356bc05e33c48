/**
 * The asset category aggregate: a name and a kind (serialized: each instance has a serial number;
 * bulk: units counted like materials). Names are unique among live categories (the caller reads
 * whether one is taken beside the stream; a unique index backs it). A category that catalogue items
 * use cannot be deleted, nor change its kind, and the refusal names the items.
 */
import { ASSET_MESSAGES as M, categoryInUseMessage } from '../../contract/messages/assets.ts';
import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { AssetCategoryCommand } from './commands.ts';
import type { AssetCategoryEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { type AssetCategoryState, initialAssetCategoryState } from './state.ts';

function cleanName(name: string, taken: boolean): string {
  const trimmed = name.trim();
  if (!trimmed) throw new DomainError('VALIDATION', M.categoryRequired);
  if (taken) throw new DomainError('CONFLICT', M.categoryNameTaken);
  return trimmed;
}

function requireLive(state: AssetCategoryState): string {
  if (state.status !== 'live' || !state.categoryId) throw new DomainError('NOT_FOUND', M.categoryNotFound);
  return state.categoryId;
}

export function decide(command: AssetCategoryCommand, state: AssetCategoryState): AssetCategoryEvent[] {
  switch (command.type) {
    case 'CreateAssetCategory': {
      if (state.status !== 'none') throw new DomainError('CONFLICT', 'This category already exists.');
      const name = cleanName(command.data.name, command.data.nameTaken);
      return [{ type: 'AssetCategoryCreated', data: { categoryId: command.data.categoryId, name, kind: command.data.kind } }];
    }
    case 'EditAssetCategory': {
      const categoryId = requireLive(state);
      const name = cleanName(command.data.name, command.data.nameTaken);
      if (command.data.kind !== state.kind && command.data.usedBy.length > 0) {
        throw new DomainError('DOMAIN_RULE', `The kind cannot change while catalog items use this category (${command.data.usedBy.slice(0, 5).join(', ')}).`);
      }
      if (name === state.name && command.data.kind === state.kind) return [];
      return [{ type: 'AssetCategoryEdited', data: { categoryId, name, kind: command.data.kind } }];
    }
    case 'DeleteAssetCategory': {
      const categoryId = requireLive(state);
      if (command.data.usedBy.length > 0) throw new DomainError('DOMAIN_RULE', categoryInUseMessage(command.data.usedBy));
      return [{ type: 'AssetCategoryDeleted', data: { categoryId } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const assetCategoryDecider: Decider<AssetCategoryCommand, AssetCategoryEvent, AssetCategoryState> = {
  initialState: initialAssetCategoryState,
  decide,
  evolve,
};
