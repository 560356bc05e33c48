/**
 * Who reviews a count: a project's admins and managers (and superadmins) for a project's count, the
 * global admins (and superadmins) for a warehouse's. Its counters count and read the lines, nothing
 * more: they are refused the review screens. Anyone who may not see the location learns nothing of
 * the count (404).
 */
import { COUNT_MESSAGES } from '../../contract/counts.ts';
import { PROJECT_NOT_FOUND } from '../../contract/messages.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { AccessCache } from '../auth/access-cache.ts';
import { NO_PERMISSION } from '../auth/policies.ts';
import type { AuthenticatedUser } from '../auth/session-store.ts';
import { roleOf } from '../plugins/auth.ts';
import { projectAccess } from '../projects/project-access.ts';

export interface CountPlace {
  location_kind: 'project' | 'warehouse';
  location_id: string;
}

/** Whether the caller reviews (and posts) counts of the location. */
export async function reviewsLocation(access: AccessCache, caller: AuthenticatedUser, location: CountPlace): Promise<boolean> {
  const role = roleOf(caller);
  if (role === 'superadmin') return true;
  if (location.location_kind === 'warehouse') return role === 'admin';
  const project = await projectAccess(access, caller, location.location_id);
  return Boolean(project?.curate);
}

/** Refuses a caller who does not review the count's location: 404 when the count is none of theirs, 403 for its counters and members. */
export async function demandReviewer(access: AccessCache, caller: AuthenticatedUser, location: CountPlace, isCounter: boolean): Promise<void> {
  if (await reviewsLocation(access, caller, location)) return;
  if (isCounter) throw new DomainError('FORBIDDEN', NO_PERMISSION);
  if (location.location_kind === 'project') {
    const project = await projectAccess(access, caller, location.location_id);
    if (project?.view) throw new DomainError('FORBIDDEN', NO_PERMISSION);
  }
  throw new DomainError('NOT_FOUND', COUNT_MESSAGES.notFound);
}

/** The location a report names: its reviewers only; an unknown project reads as no access. */
export async function demandLocationReviewer(access: AccessCache, caller: AuthenticatedUser, location: CountPlace): Promise<void> {
  if (await reviewsLocation(access, caller, location)) return;
  if (location.location_kind === 'project' && !(await projectAccess(access, caller, location.location_id))) {
    throw new DomainError('NOT_FOUND', PROJECT_NOT_FOUND);
  }
  throw new DomainError('FORBIDDEN', NO_PERMISSION);
}
