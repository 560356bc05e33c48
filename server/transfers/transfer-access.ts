/**
 * Who the caller is on each side of a transfer (spec 02 §6): the source project's admin accepts,
 * denies, fulfils and ships; the destination's admin acknowledges, receives and completes; a
 * destination admin or manager requests and edits a request. A superadmin acts for both sides.
 */
import { DomainError } from '../../ledger/errors.ts';
import type { TransferActor } from '../../ledger/transfer/commands.ts';
import { TRANSFER_MESSAGES } from '../../contract/messages/transfers.ts';
import type { AccessCache } from '../auth/access-cache.ts';
import type { AuthenticatedUser } from '../auth/session-store.ts';
import { roleOf } from '../plugins/auth.ts';
import { projectAccess } from '../projects/project-access.ts';
import type { Db } from '../../ledger/database.ts';
import { holdsProjectRole } from '../../projections/projects/queries.ts';

export interface TransferSides {
  actor: TransferActor;
  /** A member (or superadmin) of the source, of the destination. */
  seesSource: boolean;
  seesDestination: boolean;
}

export async function transferSides(cache: AccessCache, user: AuthenticatedUser, fromId: string, toId: string): Promise<TransferSides> {
  const [from, to] = await Promise.all([projectAccess(cache, user, fromId), projectAccess(cache, user, toId)]);
  const superadmin = roleOf(user) === 'superadmin';
  const admin = (access: typeof from) => Boolean(access && (superadmin || access.projectRole === 'admin'));
  return {
    actor: { sourceAdmin: admin(from), destinationAdmin: admin(to), destinationRequester: Boolean(to && (admin(to) || to.projectRole === 'manager')) },
    seesSource: Boolean(from?.view),
    seesDestination: Boolean(to?.view),
  };
}

/**
 * The transfer wizard's lists (source projects, their parts, the projects holding a part) tell what
 * other projects hold: they answer only someone who may request a transfer into some project, its
 * admin or manager, or a superadmin (an auditor requests nothing).
 */
export async function requireTransferRequester(db: Db, user: AuthenticatedUser): Promise<void> {
  const role = roleOf(user);
  if (role === 'superadmin' || (role !== 'auditor' && (await holdsProjectRole(db, user.id, ['admin', 'manager'])))) return;
  throw new DomainError('FORBIDDEN', TRANSFER_MESSAGES.requestersOnly);
}

/** 404 for a transfer the caller is in neither project of, as for one that does not exist. */
export function requireVisible(sides: TransferSides): void {
  if (!sides.seesSource && !sides.seesDestination) throw new DomainError('NOT_FOUND', TRANSFER_MESSAGES.notFound);
}
