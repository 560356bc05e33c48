/** Projects and their members as the API returns them (spec 01 §3): the shapes come from contract/. */
import type { Project, ProjectRole } from '@contract/projects.ts';
import type { CurrentProject } from '../shared/session/session-types.ts';

export type { Project, ProjectHistoryEntry, ProjectRole, ProjectSettings } from '@contract/projects.ts';
export type { ProjectUser } from '@contract/users.ts';

/** A user who could be added to a project; project_role is set when they are a member already. */
export interface AssignableUser {
  uuid: string;
  user_firstname: string;
  user_lastname: string;
  user_email: string;
  project_role: ProjectRole | null;
}

export interface NewProject {
  project_name: string;
  project_customer: string;
  project_number: string;
}

export const PROJECT_ROLES: readonly { value: ProjectRole; label: string }[] = [
  { value: 'user', label: 'User' },
  { value: 'manager', label: 'Manager' },
  { value: 'admin', label: 'Admin' },
];

/** "1001 · North Yard": how the picker and tables name a project (number and name). */
export function projectLabel(project: Pick<Project, 'project_number' | 'project_name'>): string {
  return project.project_number ? `${project.project_number} · ${project.project_name}` : project.project_name;
}

/** The part of a project the session keeps. */
export function toCurrentProject(project: CurrentProject): CurrentProject {
  return {
    id: project.id,
    project_name: project.project_name,
    project_customer: project.project_customer ?? null,
    project_number: project.project_number,
  };
}

/** True when the stored copy of a project no longer matches the server's. */
export function currentProjectDiffers(stored: CurrentProject, fresh: CurrentProject): boolean {
  return (
    stored.project_name !== fresh.project_name ||
    (stored.project_customer ?? null) !== (fresh.project_customer ?? null) ||
    stored.project_number !== fresh.project_number
  );
}
