import type { MaterialEvent } from './events.ts';
import type { MaterialState } from './state.ts';

export function evolve(_state: MaterialState, event: MaterialEvent): MaterialState {
  switch (event.type) {
    case 'MaterialDefined':
    case 'MaterialDetailsEdited': {
      const { materialId, partNumber, partName, partNickname } = event.data;
      return { defined: true, materialId, partNumber, partName, partNickname };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
