import type { LabelTemplateEvent } from './events.ts';
import type { LabelTemplateState } from './state.ts';

export function evolve(state: LabelTemplateState, event: LabelTemplateEvent): LabelTemplateState {
  switch (event.type) {
    case 'LabelTemplateCreated':
    case 'LabelTemplateChanged':
      return { status: 'live', projectId: event.data.projectId, name: event.data.name, templateData: event.data.templateData };
    case 'LabelTemplateDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
