/** Command handlers for users: decide on the user stream; credentials beside it in the same transaction. */
import { randomUUID } from 'node:crypto';
import { DomainError, PG_UNIQUE_VIOLATION, pgConstraint, pgErrorCode } from '../../ledger/errors.ts';
import { runStreamCommand, type CommandOptions } from '../../ledger/handle-command.ts';
import type { EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import type { EventMetadata } from '../../ledger/event-store/types.ts';
import { userDecider } from '../../ledger/user/decide.ts';
import { userStreamId, type GlobalRole } from '../../ledger/user/events.ts';
import type { UserCommand } from '../../ledger/user/commands.ts';
import { hashPassword } from '../auth/passwords.ts';

export const SYSTEM_ACTOR: EventMetadata = { actorId: null, actorName: 'System' };

export interface NewUserInput {
  email: string;
  firstName: string;
  lastName: string;
  role: GlobalRole;
}

function alreadyRegistered(error: unknown): never {
  if (pgErrorCode(error) === PG_UNIQUE_VIOLATION && pgConstraint(error) === 'users_email_key') {
    throw new DomainError('CONFLICT', 'A user with this e-mail is already registered.');
  }
  throw error;
}

/** A user who can sign in at once with the given password. */
export async function registerUser(store: EventStore, input: NewUserInput & { password: string }, metadata: EventMetadata): Promise<{ userId: string }> {
  const userId = randomUUID();
  const passwordHash = await hashPassword(input.password);
  await runStreamCommand(store, { metadata }, userDecider, userStreamId(userId), async ({ trx }) => {
    await trx.insertInto('user_credentials').values({ user_id: userId, password_hash: passwordHash }).execute();
    const { password: _password, ...profile } = input;
    return { type: 'RegisterUser' as const, data: { userId, ...profile } };
  }).catch(alreadyRegistered);
  return { userId };
}

/** A user who will set a password through the invitation link; `alongside` writes the link and its e-mail in the same transaction. */
export async function inviteUser(
  store: EventStore,
  input: NewUserInput,
  options: CommandOptions,
  alongside: (trx: Trx, userId: string) => Promise<void> = async () => undefined,
): Promise<{ userId: string }> {
  const userId = randomUUID();
  await runStreamCommand(store, options, userDecider, userStreamId(userId), async ({ trx }) => {
    await alongside(trx, userId);
    return { type: 'InviteUser' as const, data: { userId, ...input, invitedBy: options.metadata.actorId } };
  }).catch(alreadyRegistered);
  return { userId };
}

export function userCommand(store: EventStore, userId: string, command: UserCommand, options: CommandOptions) {
  return runStreamCommand(store, options, userDecider, userStreamId(userId), () => command);
}

/** Sets a password; the first one also activates an invited account. */
export async function setPassword(store: EventStore, userId: string, password: string, options: CommandOptions): Promise<void> {
  const passwordHash = await hashPassword(password);
  await runStreamCommand(store, options, userDecider, userStreamId(userId), async ({ trx }) => {
    await trx
      .insertInto('user_credentials')
      .values({ user_id: userId, password_hash: passwordHash })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: passwordHash, updated_at: new Date() }))
      .execute();
    return { type: 'ActivateUser' as const, data: {} };
  });
}
