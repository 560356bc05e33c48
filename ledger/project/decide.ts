/** The project aggregate: creation, settings, members and their project roles, archiving. */
import { DomainError } from '../errors.ts';
import type { Decider } from '../decider.ts';
import type { ProjectCommand } from './commands.ts';
import { CRITICAL_ABOVE_LOW, CRITICAL_THRESHOLD_INVALID, LOW_THRESHOLD_INVALID, PROJECT_NOT_FOUND, USER_NOT_FOUND } from '../../contract/messages.ts';
import { PROJECT_ROLES } from '../../contract/roles.ts';
import type { ProjectEvent, ProjectRole } from './events.ts';
import { evolve } from './evolve.ts';
import { initialProjectState, type ProjectState } from './state.ts';

const validThreshold = (value: number | null) => value === null || (Number.isFinite(value) && value >= 0);

function requireActive(state: ProjectState): string {
  if (state.status !== 'active' || !state.projectId) throw new DomainError('NOT_FOUND', PROJECT_NOT_FOUND);
  return state.projectId;
}

function requireRole(role: ProjectRole): void {
  if (!PROJECT_ROLES.includes(role)) throw new DomainError('VALIDATION', 'project_role: Choose user, manager or admin');
}

export function decide(command: ProjectCommand, state: ProjectState): ProjectEvent[] {
  switch (command.type) {
    case 'CreateProject': {
      if (state.status !== 'none') throw new DomainError('CONFLICT', 'This project already exists.');
      const name = command.data.name.trim();
      const number = command.data.number.trim();
      const customer = command.data.customer?.trim() || null;
      if (!name) throw new DomainError('VALIDATION', 'project_name: Project name is required');
      if (!number) throw new DomainError('VALIDATION', 'project_number: Project number is required');
      const { projectId, numId, creator } = command.data;
      const created: ProjectEvent = { type: 'ProjectCreated', data: { projectId, numId, name, customer, number } };
      if (!creator) return [created];
      return [created, { type: 'ProjectMemberAdded', data: { projectId, userId: creator.userId, userName: creator.userName, role: 'admin' } }];
    }
    case 'ChangeProjectSettings': {
      const projectId = requireActive(state);
      const managingLogistics = command.data.managingLogistics ?? state.managingLogistics;
      const hideFromTransferList = command.data.hideFromTransferList ?? state.hideFromTransferList;
      if (managingLogistics === state.managingLogistics && hideFromTransferList === state.hideFromTransferList) return [];
      return [{ type: 'ProjectSettingsChanged', data: { projectId, managingLogistics, hideFromTransferList } }];
    }
    case 'AddProjectMember': {
      const projectId = requireActive(state);
      const { userId, userName, role } = command.data;
      requireRole(role);
      if (!command.data.userIsActive) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
      if (state.members[userId]) throw new DomainError('CONFLICT', `${userName} is already a member of this project.`);
      return [{ type: 'ProjectMemberAdded', data: { projectId, userId, userName, role } }];
    }
    case 'ChangeProjectMemberRole': {
      const projectId = requireActive(state);
      const { userId, userName, role } = command.data;
      requireRole(role);
      const previousRole = state.members[userId];
      if (!previousRole) throw new DomainError('NOT_FOUND', `${userName} is not a member of this project.`);
      if (previousRole === role) return [];
      return [{ type: 'ProjectMemberRoleChanged', data: { projectId, userId, userName, role, previousRole } }];
    }
    case 'RemoveProjectMember': {
      const projectId = requireActive(state);
      const { userId, userName } = command.data;
      if (!state.members[userId]) throw new DomainError('NOT_FOUND', `${userName} is not a member of this project.`);
      return [{ type: 'ProjectMemberRemoved', data: { projectId, userId, userName } }];
    }
    case 'SetProjectStockWarnings': {
      const projectId = requireActive(state);
      const { lowThreshold, criticalThreshold } = command.data;
      if (!validThreshold(lowThreshold)) throw new DomainError('VALIDATION', LOW_THRESHOLD_INVALID);
      if (!validThreshold(criticalThreshold)) throw new DomainError('VALIDATION', CRITICAL_THRESHOLD_INVALID);
      if (lowThreshold !== null && criticalThreshold !== null && criticalThreshold > lowThreshold) {
        throw new DomainError('VALIDATION', CRITICAL_ABOVE_LOW);
      }
      if (lowThreshold === state.lowThreshold && criticalThreshold === state.criticalThreshold) return [];
      return [{ type: 'ProjectStockWarningsSet', data: { projectId, lowThreshold, criticalThreshold } }];
    }
    case 'ArchiveProject':
      return [{ type: 'ProjectArchived', data: { projectId: requireActive(state) } }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const projectDecider: Decider<ProjectCommand, ProjectEvent, ProjectState> = {
  initialState: initialProjectState,
  decide,
  evolve,
};
