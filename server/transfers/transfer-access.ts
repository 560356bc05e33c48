/**
 * Who the caller is on each side of a transfer (spec 02 §6): the source project's admin accepts,
 * denies, fulfils and ships; the destination's admin acknowledges, receives and completes; a
 * destination admin or manager requests and edits a request. A superadmin acts for both sides.
 */
import { DomainError } from '../../ledger/errors.ts';
import type { TransferActor } from '../../ledger/transfer/commands.ts';
import { TRANSFER_MESSAGES } from '../../ledger/transfer/messages.ts';
import type { AccessCache } from '../auth/access-cache.ts';
import type { AuthenticatedUser } from '../auth/session-store.ts';
import { roleOf } from '../plugins/auth.ts';
import { projectAccess } from '../projects/project-access.ts';

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

/** 404 for a transfer the caller is in neither project of, as for one that does not exist. */
export function requireVisible(sides: TransferSides): void {
  if (!sides.seesSource && !sides.seesDestination) throw new DomainError('NOT_FOUND', TRANSFER_MESSAGES.notFound);
}
