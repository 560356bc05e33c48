/**
 * What the caller may do in one project (spec 01 §6), decided on the server for every route:
 * - view: a member, or a superadmin;
 * - manage (the Project Actions bar): a superadmin, or a member who is a global admin or a
 *   project admin or manager;
 * - administer (the Manage Project dialog): a superadmin, or a global admin with project role admin;
 * - curate (mark lost or found, edit names and stock warnings): a superadmin, or a project admin or
 *   manager;
 * - logs (read a project's logs): whoever may curate, and an auditor in every project. An auditor
 *   may view every project and change nothing (server/ledger-audit/auditor-guard.ts).
 */
import { PROJECT_NOT_FOUND, NO_PROJECT_ACCESS, MANAGE_PROJECT_DENIED, MANAGER_ONLY } from '../../contract/messages.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { ProjectRole } from '../../ledger/project/events.ts';
import type { AccessCache } from '../auth/access-cache.ts';
import type { AuthenticatedUser } from '../auth/session-store.ts';
import { demandTokenProject } from '../auth/token-limits.ts';
import { roleOf } from '../plugins/auth.ts';

export type AccessLevel = 'view' | 'manage' | 'administer' | 'curate' | 'logs';

export interface ProjectAccess {
  projectRole: ProjectRole | null;
  view: boolean;
  manage: boolean;
  administer: boolean;
  curate: boolean;
  logs: boolean;
}

export function accessFor(globalRole: string, projectRole: ProjectRole | null): ProjectAccess {
  const role = globalRole.toLowerCase();
  if (role === 'superadmin') return { projectRole: projectRole ?? 'admin', view: true, manage: true, administer: true, curate: true, logs: true };
  if (role === 'auditor') return { projectRole, view: true, manage: false, administer: false, curate: false, logs: true };
  const member = projectRole !== null;
  const curate = projectRole === 'admin' || projectRole === 'manager';
  return {
    projectRole,
    view: member,
    manage: member && (role === 'admin' || projectRole === 'admin' || projectRole === 'manager'),
    administer: member && role === 'admin' && projectRole === 'admin',
    curate,
    logs: curate,
  };
}

const refusal: Record<AccessLevel, string> = {
  view: NO_PROJECT_ACCESS,
  manage: MANAGE_PROJECT_DENIED,
  administer: MANAGE_PROJECT_DENIED,
  curate: MANAGER_ONLY,
  logs: MANAGER_ONLY,
};

/** Throws 404 for a project that does not exist (or was deleted) and 403 below the level. */
export function checkLevel(access: ProjectAccess | null, level: AccessLevel): ProjectAccess {
  if (!access) throw new DomainError('NOT_FOUND', PROJECT_NOT_FOUND);
  if (!access[level]) throw new DomainError('FORBIDDEN', refusal[level]);
  return access;
}

/**
 * The caller's access to a project, from the process's access cache; null for no such project.
 * Refuses (403) a project outside the caller's API token's projects, whether it exists or not.
 */
export async function projectAccess(cache: AccessCache, user: AuthenticatedUser, projectId: string): Promise<ProjectAccess | null> {
  demandTokenProject(user, projectId);
  const membership = await cache.membership(user.id, projectId);
  return membership.exists ? accessFor(roleOf(user), membership.role) : null;
}
