/** Folds one asset category event into its state. */
import type { AssetCategoryEvent } from './events.ts';
import type { AssetCategoryState } from './state.ts';

export function evolve(state: AssetCategoryState, event: AssetCategoryEvent): AssetCategoryState {
  switch (event.type) {
    case 'AssetCategoryCreated':
    case 'AssetCategoryEdited':
      return { status: 'live', categoryId: event.data.categoryId, name: event.data.name, kind: event.data.kind };
    case 'AssetCategoryDeleted':
      return { ...state, status: 'deleted' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
