/**
 * Who manages which webhook endpoint: a project's endpoints are its admins' (project role admin,
 * or a superadmin); site-wide ones (no project) are the superadmin's. An endpoint the caller may
 * not see answers 404, as a project or request they may not see does; a member of its project who
 * is not its admin is told why not (403). Auditors change nothing (auditor-guard.ts).
 */
import { PROJECT_NOT_FOUND } from '../../contract/messages.ts';
import { WEBHOOK_NOT_FOUND, WEBHOOK_PROJECT_ADMINS_ONLY } from '../../contract/webhooks.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { AccessCache } from '../auth/access-cache.ts';
import { allows, demand } from '../auth/policies.ts';
import type { AuthenticatedUser } from '../auth/session-store.ts';
import { projectAccess } from '../projects/project-access.ts';

/** Refuses a caller who may not manage the endpoints of this scope (a project, or the site: null). */
export async function demandWebhookScope(access: AccessCache, caller: AuthenticatedUser, projectId: string | null): Promise<void> {
  if (projectId === null) return demand('webhook.site', caller);
  const project = await projectAccess(access, caller, projectId);
  if (!project) throw new DomainError('NOT_FOUND', PROJECT_NOT_FOUND, 'project_id');
  if (project.projectRole !== 'admin') throw new DomainError('FORBIDDEN', WEBHOOK_PROJECT_ADMINS_ONLY);
}

/** Refuses a caller who may not manage an endpoint of this scope: 404 where they may not even see it. */
export async function demandEndpointAccess(access: AccessCache, caller: AuthenticatedUser, projectId: string | null): Promise<void> {
  if (projectId === null) {
    if (!allows('webhook.site', caller)) throw new DomainError('NOT_FOUND', WEBHOOK_NOT_FOUND);
    return;
  }
  const project = await projectAccess(access, caller, projectId);
  if (!project?.view) throw new DomainError('NOT_FOUND', WEBHOOK_NOT_FOUND);
  if (project.projectRole !== 'admin') throw new DomainError('FORBIDDEN', WEBHOOK_PROJECT_ADMINS_ONLY);
}
