import type { ProjectEvent } from './events.ts';
import type { ProjectState } from './state.ts';

export function evolve(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'ProjectCreated':
      return { ...state, projectId: event.data.projectId, status: 'active' };
    case 'ProjectSettingsChanged':
      return { ...state, managingLogistics: event.data.managingLogistics, hideFromTransferList: event.data.hideFromTransferList };
    case 'ProjectMemberAdded':
    case 'ProjectMemberRoleChanged':
      return { ...state, members: { ...state.members, [event.data.userId]: event.data.role } };
    case 'ProjectMemberRemoved': {
      const { [event.data.userId]: _removed, ...members } = state.members;
      return { ...state, members };
    }
    case 'ProjectStockWarningsSet':
      return { ...state, lowThreshold: event.data.lowThreshold, criticalThreshold: event.data.criticalThreshold };
    case 'ProjectArchived':
      return { ...state, status: 'archived' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
