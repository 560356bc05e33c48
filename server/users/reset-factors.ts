/**
 * An admin takes away every second factor of a person (a lost phone, a lost key): the reset is an
 * event in their stream with the admin as its actor, and their passkeys, authenticator secret and
 * recovery codes are deleted in the same transaction. Under a requiring policy they must enrol again.
 */
import { USER_NOT_FOUND } from '../../contract/messages.ts';
import type { CommandOptions } from '../../ledger/command.ts';
import type { Db } from '../../ledger/database.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { changeFactors } from '../auth/factors/factor-commands.ts';

export const ONLY_SUPERADMIN_RESETS_ADMINS = "Only a superadmin can reset an admin's or a superadmin's second factors.";

/** Whether `caller` may reset the factors of someone with `targetRole`: a global admin may not reset an admin's. */
export function mayResetFactorsOf(callerRole: string, targetRole: string): boolean {
  if (callerRole === 'superadmin') return true;
  return callerRole === 'admin' && targetRole !== 'admin' && targetRole !== 'superadmin';
}

export async function resetSecondFactors(store: EventStore, db: Db, callerRole: string, userId: string, options: CommandOptions): Promise<void> {
  const target = await db.selectFrom('users').select('role').where('id', '=', userId).where('deactivated_at', 'is', null).executeTakeFirst();
  if (!target) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
  if (!mayResetFactorsOf(callerRole, target.role)) throw new DomainError('FORBIDDEN', ONLY_SUPERADMIN_RESETS_ADMINS);
  await changeFactors(
    store,
    {
      userId,
      command: { type: 'ResetSecondFactors', data: {} },
      async write(trx) {
        await trx.deleteFrom('user_passkeys').where('user_id', '=', userId).execute();
        await trx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
        await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
      },
    },
    options,
  );
}
