/**
 * Who may do what with stock counts. A project's counts are reviewed (opened, recounted, counters
 * changed, posted, cancelled) by its admins and managers and superadmins, the same rule as curating
 * its stock; a warehouse's by whoever may move a warehouse's stock (global admins). Auditors read a
 * project's counts as they read its logs. Counters are the members the reviewer picked: they read a
 * session's lines and count them, nothing more.
 */
import { COUNT_MESSAGES, type CountLocation } from '../../contract/counts.ts';
import { MANAGER_ONLY, NO_PROJECT_ACCESS, PROJECT_NOT_FOUND } from '../../contract/messages.ts';
import type { Db } from '../../ledger/database.ts';
import { DomainError } from '../../ledger/errors.ts';
import { type CountPermissions, type CountSessionRow, findCountSession, isCounterOf } from '../../projections/stock-count/queries.ts';
import type { AccessCache } from '../auth/access-cache.ts';
import { allows, NO_PERMISSION } from '../auth/policies.ts';
import type { AuthenticatedUser } from '../auth/session-store.ts';
import { projectAccess } from '../projects/project-access.ts';
import { isUuid } from '../../contract/fields.ts';

export interface CountAccessDeps {
  db: Db;
  access: AccessCache;
}

/** What the caller may do at a location: review its counts, read them all, or see the project at all. */
export interface LocationRights {
  review: boolean;
  /** Reads every session of the location (reviewers and auditors). */
  readAll: boolean;
  /** A project's member (or anyone, at a warehouse): may read the sessions they count. */
  member: boolean;
}

export async function locationRights(deps: CountAccessDeps, caller: AuthenticatedUser, location: CountLocation): Promise<LocationRights> {
  if (location.kind === 'project') {
    const access = isUuid(location.id) ? await projectAccess(deps.access, caller, location.id) : null;
    if (!access) throw new DomainError('NOT_FOUND', PROJECT_NOT_FOUND);
    return { review: access.curate, readAll: access.curate || access.logs, member: access.view };
  }
  const review = allows('warehouse.move', caller);
  return { review, readAll: review, member: true };
}

/** Refuses (403) a caller who may not open or review counts at the location. */
export async function requireReviewer(deps: CountAccessDeps, caller: AuthenticatedUser, location: CountLocation): Promise<LocationRights> {
  const rights = await locationRights(deps, caller, location);
  if (!rights.review) throw new DomainError('FORBIDDEN', location.kind === 'project' ? MANAGER_ONLY : NO_PERMISSION);
  return rights;
}

/** Refuses (403) a caller who may not list the location's counts at all. */
export async function requireListReader(deps: CountAccessDeps, caller: AuthenticatedUser, location: CountLocation): Promise<LocationRights> {
  const rights = await locationRights(deps, caller, location);
  if (!rights.readAll && !rights.member) throw new DomainError('FORBIDDEN', NO_PROJECT_ACCESS);
  return rights;
}

export interface SessionAccess extends CountPermissions {
  row: CountSessionRow;
  rights: LocationRights;
  counter: boolean;
}

/** The session and what the caller may do with it: 404 when there is none, 403 for someone neither reading all nor counting it. */
export async function sessionAccess(deps: CountAccessDeps, caller: AuthenticatedUser, sessionId: string): Promise<SessionAccess> {
  const row = await findCountSession(deps.db, sessionId);
  if (!row) throw new DomainError('NOT_FOUND', COUNT_MESSAGES.notFound);
  const location = { kind: row.location_kind, id: row.location_id };
  const rights = await locationRights(deps, caller, location).catch((error: unknown) => {
    // A session of a deleted project is as gone as the project.
    if (error instanceof DomainError && error.code === 'NOT_FOUND') throw new DomainError('NOT_FOUND', COUNT_MESSAGES.notFound);
    throw error;
  });
  const counter = isCounterOf(row, caller.id);
  if (!rights.readAll && !counter) throw new DomainError('FORBIDDEN', COUNT_MESSAGES.notCounter);
  return { row, rights, counter, can_count: counter && row.status === 'open', can_review: rights.review };
}

/** The session, for a reviewer's change: 403 for anyone else (a counter included). */
export async function reviewerSession(deps: CountAccessDeps, caller: AuthenticatedUser, sessionId: string): Promise<SessionAccess> {
  const access = await sessionAccess(deps, caller, sessionId);
  if (!access.rights.review) throw new DomainError('FORBIDDEN', access.row.location_kind === 'project' ? MANAGER_ONLY : NO_PERMISSION);
  return access;
}

/** The permissions a summary of `row` carries for the caller, given their rights at its location. */
export function permissionsFor(row: CountSessionRow, rights: LocationRights, callerId: string): CountPermissions {
  return { can_count: isCounterOf(row, callerId) && row.status === 'open', can_review: rights.review };
}
