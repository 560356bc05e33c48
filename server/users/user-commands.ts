/** Command handlers for users: decide on the user stream, credentials beside it in one transaction. */
import { randomUUID } from 'node:crypto';
import { DomainError, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../ledger/errors.ts';
import { handleCommand } from '../../ledger/handle-command.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import type { EventMetadata } from '../../ledger/event-store/types.ts';
import { foldEvents } from '../../ledger/decider.ts';
import { userDecider } from '../../ledger/user/decide.ts';
import { userStreamId, type GlobalRole, type UserEvent } from '../../ledger/user/events.ts';
import { hashPassword } from '../auth/passwords.ts';

export interface RegisterUserInput {
  email: string;
  firstName: string;
  lastName: string;
  role: GlobalRole;
  password?: string;
}

export async function registerUser(store: EventStore, input: RegisterUserInput, metadata: EventMetadata): Promise<{ userId: string }> {
  const userId = randomUUID();
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  try {
    const outcome = await handleCommand(store, { metadata }, async (trx) => {
      const streamId = userStreamId(userId);
      const history = await store.readStream(trx, streamId);
      const state = foldEvents(userDecider, history.map((e) => e as unknown as UserEvent));
      const events = userDecider.decide({ type: 'RegisterUser', data: { userId, ...input } }, state);
      const last = history[history.length - 1];
      if (passwordHash) {
        await trx.insertInto('user_credentials').values({ user_id: userId, password_hash: passwordHash }).execute();
      }
      return {
        appends: [{ streamId, expected: { version: last?.streamVersion ?? 0, hash: last?.hash ?? null }, events }],
        result: { userId },
      };
    });
    return outcome.result;
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'users_email_key') {
      throw new DomainError('CONFLICT', 'A user with this e-mail is already registered.');
    }
    throw error;
  }
}

export const SYSTEM_ACTOR: EventMetadata = { actorId: null, actorName: 'System' };
