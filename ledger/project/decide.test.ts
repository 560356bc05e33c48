import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { projectDecider } from './decide.ts';
import type { ProjectEvent } from './events.ts';

const spec = deciderSpec(projectDecider);
const projectId = '0b6a3c1e-7d5f-4c3a-9e2b-1f0d6c5b4a39';
const userId = '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const created: ProjectEvent = { type: 'ProjectCreated', data: { projectId, numId: 7, name: 'Substation 4', customer: null, number: 'P-104' } };
const added: ProjectEvent = { type: 'ProjectMemberAdded', data: { projectId, userId, userName: 'Ada L', role: 'user' } };

describe('project aggregate', () => {
  it('creates a project with trimmed fields and a blank customer as none', () => {
    spec
      .given([])
      .when({ type: 'CreateProject', data: { projectId, numId: 7, name: ' Substation 4 ', customer: '  ', number: 'P-104' } })
      .then([created]);
  });

  it('makes the creator the project admin in the same decision', () => {
    spec
      .given([])
      .when({
        type: 'CreateProject',
        data: { projectId, numId: 7, name: 'Substation 4', customer: null, number: 'P-104', creator: { userId, userName: 'Ada L' } },
      })
      .then([created, { type: 'ProjectMemberAdded', data: { projectId, userId, userName: 'Ada L', role: 'admin' } }]);
  });

  it('requires a name and a number', () => {
    spec
      .given([])
      .when({ type: 'CreateProject', data: { projectId, numId: 1, name: ' ', customer: null, number: 'x' } })
      .thenThrows('project_name: Project name is required', 'VALIDATION');
    spec
      .given([])
      .when({ type: 'CreateProject', data: { projectId, numId: 1, name: 'x', customer: null, number: '' } })
      .thenThrows('project_number: Project number is required', 'VALIDATION');
  });

  it('adds a member once, changes their role, records the previous role, and removes them', () => {
    spec
      .given([created])
      .when({ type: 'AddProjectMember', data: { userId, userName: 'Ada L', role: 'user', userIsActive: true } })
      .then([added]);
    spec
      .given([created, added])
      .when({ type: 'AddProjectMember', data: { userId, userName: 'Ada L', role: 'admin', userIsActive: true } })
      .thenThrows('Ada L is already a member of this project.', 'CONFLICT');
    spec
      .given([created, added])
      .when({ type: 'ChangeProjectMemberRole', data: { userId, userName: 'Ada L', role: 'manager' } })
      .then([{ type: 'ProjectMemberRoleChanged', data: { projectId, userId, userName: 'Ada L', role: 'manager', previousRole: 'user' } }]);
    spec
      .given([created, added])
      .when({ type: 'RemoveProjectMember', data: { userId, userName: 'Ada L' } })
      .then([{ type: 'ProjectMemberRemoved', data: { projectId, userId, userName: 'Ada L' } }]);
  });

  it('refuses members who are not active users and changes to people who are not members', () => {
    spec
      .given([created])
      .when({ type: 'AddProjectMember', data: { userId, userName: 'Ada L', role: 'user', userIsActive: false } })
      .thenThrows('User not found', 'NOT_FOUND');
    spec
      .given([created])
      .when({ type: 'RemoveProjectMember', data: { userId, userName: 'Ada L' } })
      .thenThrows('Ada L is not a member of this project.', 'NOT_FOUND');
    spec
      .given([created])
      .when({ type: 'ChangeProjectMemberRole', data: { userId, userName: 'Ada L', role: 'admin' } })
      .thenThrows('Ada L is not a member of this project.', 'NOT_FOUND');
  });

  it('changes settings only when they differ', () => {
    spec
      .given([created])
      .when({ type: 'ChangeProjectSettings', data: { managingLogistics: true } })
      .then([{ type: 'ProjectSettingsChanged', data: { projectId, managingLogistics: true, hideFromTransferList: false } }]);
    spec
      .given([created])
      .when({ type: 'ChangeProjectSettings', data: { managingLogistics: false } })
      .then([]);
  });

  it('sets project-wide stock warnings, refusing negative thresholds with the spec messages', () => {
    spec
      .given([created])
      .when({ type: 'SetProjectStockWarnings', data: { lowThreshold: 20, criticalThreshold: null } })
      .then([{ type: 'ProjectStockWarningsSet', data: { projectId, lowThreshold: 20, criticalThreshold: null } }]);
    spec
      .given([created])
      .when({ type: 'SetProjectStockWarnings', data: { lowThreshold: -1, criticalThreshold: 0 } })
      .thenThrows('Low warning threshold must be a non-negative number.', 'VALIDATION');
    spec
      .given([created])
      .when({ type: 'SetProjectStockWarnings', data: { lowThreshold: 1, criticalThreshold: Number.NaN } })
      .thenThrows('Critical warning threshold must be a non-negative number.', 'VALIDATION');
    spec
      .given([created])
      .when({ type: 'SetProjectStockWarnings', data: { lowThreshold: 3, criticalThreshold: 5 } })
      .thenThrows('The critical warning threshold cannot be above the low warning threshold.', 'VALIDATION');
    spec
      .given([created])
      .when({ type: 'SetProjectStockWarnings', data: { lowThreshold: null, criticalThreshold: null } })
      .then([]);
  });

  it('archives a project, after which it cannot be changed', () => {
    const archived: ProjectEvent = { type: 'ProjectArchived', data: { projectId } };
    spec.given([created]).when({ type: 'ArchiveProject', data: {} }).then([archived]);
    spec
      .given([created, archived])
      .when({ type: 'AddProjectMember', data: { userId, userName: 'A', role: 'user', userIsActive: true } })
      .thenThrows('Project not found', 'NOT_FOUND');
    spec.given([]).when({ type: 'ArchiveProject', data: {} }).thenThrows('Project not found', 'NOT_FOUND');
  });
});
