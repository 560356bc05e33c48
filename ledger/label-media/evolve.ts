import type { LabelMediaEvent } from './events.ts';
import type { LabelMediaState } from './state.ts';

export function evolve(state: LabelMediaState, event: LabelMediaEvent): LabelMediaState {
  const media = new Map(state.media);
  switch (event.type) {
    case 'LabelMediumSaved':
    case 'LabelMediumChanged':
      media.set(event.data.mediumId, { name: event.data.name, medium: event.data.medium });
      return { media };
    case 'LabelMediumDeleted':
      media.delete(event.data.mediumId);
      return { media };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
