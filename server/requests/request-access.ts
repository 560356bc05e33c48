/**
 * Who the caller is for one request (spec 01 §6): a manager of its project (project admin or
 * manager, global admin, superadmin) manages it; its requester reads it and changes their own lines.
 * Someone outside the project is told it does not exist, as for a request that does not.
 */
import { DomainError } from '../../ledger/errors.ts';
import type { RequestActor } from '../../ledger/request/commands.ts';
import { REQUEST_MESSAGES } from '../../contract/messages/requests.ts';
import type { Db } from '../../ledger/database.ts';
import { requestOwner } from '../../projections/requests/queries.ts';
import type { AccessCache } from '../auth/access-cache.ts';
import type { AuthenticatedUser } from '../auth/session-store.ts';
import { projectAccess } from '../projects/project-access.ts';

export interface RequestAccess {
  projectId: string;
  actor: RequestActor;
}

export async function requestAccess(db: Db, cache: AccessCache, user: AuthenticatedUser, requestId: string): Promise<RequestAccess> {
  const owner = await requestOwner(db, requestId);
  if (!owner) throw new DomainError('NOT_FOUND', REQUEST_MESSAGES.notFound);
  const access = await projectAccess(cache, user, owner.project_id);
  if (!access?.view) throw new DomainError('NOT_FOUND', REQUEST_MESSAGES.notFound);
  const actor = { manager: access.manage, requester: owner.requester_id === user.id };
  if (!actor.manager && !actor.requester) throw new DomainError('FORBIDDEN', REQUEST_MESSAGES.requesterOnly);
  return { projectId: owner.project_id, actor };
}
