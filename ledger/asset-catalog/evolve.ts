/** Folds one asset type event into its state: a definition or an edit replaces the details. */
import type { AssetCatalogEvent } from './events.ts';
import type { AssetCatalogState } from './state.ts';

export function evolve(state: AssetCatalogState, event: AssetCatalogEvent): AssetCatalogState {
  switch (event.type) {
    case 'AssetCatalogItemCreated':
    case 'AssetCatalogItemEdited': {
      const { catalogId, ...details } = event.data;
      return { status: 'live', catalogId, ...details };
    }
    case 'AssetCatalogItemDeleted':
      return { ...state, status: 'deleted' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
