/**
 * User commands on the user's own stream (folded: a user has a handful of events). A password hash
 * and an invitation's link and e-mail are written in the same transaction as the event.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { CommandOptions } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import type { EventMetadata } from '../../ledger/event-store/types.ts';
import { foldedStreamHandler } from '../../ledger/stream-handler.ts';
import type { UserCommand } from '../../ledger/user/commands.ts';
import { userDecider } from '../../ledger/user/decide.ts';
import { userStreamId, type GlobalRole } from '../../ledger/user/events.ts';
import { createLinkToken, retireLinkTokens } from '../auth/account-tokens.ts';
import { hashPassword } from '../auth/passwords.ts';
import { enqueueMail } from '../mail/outbox.ts';

export const SYSTEM_ACTOR: EventMetadata = { actorId: null, actorName: 'System' };
export const EMAIL_TAKEN = 'A user with this e-mail is already registered.';

export interface NewUserInput {
  email: string;
  firstName: string;
  lastName: string;
  role: GlobalRole;
}

/** The invitation e-mail's words, given by the caller; the link is made in the transaction. */
export interface InvitationMail {
  publicUrl: string;
  inviterName: string;
}

type NewUserCommand = NewUserInput & { userId: string; invitedBy: string | null } & (
    | { kind: 'register'; passwordHash: string }
    | { kind: 'invite'; mail: InvitationMail | null }
    // Signs in through a single sign-on provider only: no password, no invitation.
    | { kind: 'sso' }
  );

const newUserHandler = foldedStreamHandler({
  name: 'new-user',
  decider: userDecider,
  streamId: (input: NewUserCommand) => userStreamId(input.userId),
  // Two sign-ups of one address at once collide on the users table's unique e-mail: decide again, then refuse.
  retryOn: ['users_email_key'],
  async lookup(trx, inputs) {
    const emails = inputs.map((i) => i.email.trim().toLowerCase());
    const taken = await trx.selectFrom('users').select('email').where(sql<boolean>`lower(email) = any(${emails}::text[])`).execute();
    const set = new Set(taken.map((r) => r.email.toLowerCase()));
    return emails.map((e) => set.has(e));
  },
  command(input, _state, taken): UserCommand {
    if (taken) throw new DomainError('CONFLICT', EMAIL_TAKEN);
    const profile = { userId: input.userId, email: input.email, firstName: input.firstName, lastName: input.lastName, role: input.role };
    return input.kind === 'invite' ? { type: 'InviteUser', data: { ...profile, invitedBy: input.invitedBy } } : { type: 'RegisterUser', data: profile };
  },
  async write(trx, accepted) {
    for (const { input } of accepted) {
      if (input.kind === 'register') {
        await trx.insertInto('user_credentials').values({ user_id: input.userId, password_hash: input.passwordHash }).execute();
        continue;
      }
      if (input.kind === 'sso' || !input.mail) continue;
      const token = await createLinkToken(trx, input.userId, 'invite');
      await enqueueMail(trx, {
        to: input.email,
        subject: 'You are invited to StockLedger',
        body: [
          `Hello ${input.firstName},`,
          '',
          `${input.mail.inviterName} invited you to StockLedger. Open this link to set your password:`,
          `${input.mail.publicUrl}/login/${token}`,
          '',
          'The link is valid for 7 days. We will e-mail you a one-time code to confirm your address.',
        ].join('\n'),
      });
    }
  },
});

/** A user who can sign in at once with the given password. */
export async function registerUser(store: EventStore, input: NewUserInput & { password: string }, metadata: EventMetadata): Promise<{ userId: string }> {
  const userId = randomUUID();
  const { password, ...profile } = input;
  await runCommand(store, newUserHandler, { ...profile, userId, invitedBy: null, kind: 'register', passwordHash: await hashPassword(password) }, { metadata });
  return { userId };
}

/** A user who will set a password through the invitation link, e-mailed (when `mail` is given) in the same transaction. */
export async function inviteUser(
  store: EventStore,
  input: NewUserInput,
  options: CommandOptions,
  mail: InvitationMail | null = null,
): Promise<{ userId: string }> {
  const userId = randomUUID();
  await runCommand(store, newUserHandler, { ...input, userId, invitedBy: options.metadata.actorId, kind: 'invite', mail }, options);
  return { userId };
}

/** A user created by their first single sign-on: active at once, with no password. */
export async function registerSsoUser(store: EventStore, input: NewUserInput, options: CommandOptions): Promise<{ userId: string }> {
  const userId = randomUUID();
  await runCommand(store, newUserHandler, { ...input, userId, invitedBy: null, kind: 'sso' }, options);
  return { userId };
}

const userHandler = foldedStreamHandler({
  name: 'user',
  decider: userDecider,
  streamId: (input: { userId: string; command: UserCommand }) => userStreamId(input.userId),
  command: (input) => input.command,
});

export function userCommand(store: EventStore, userId: string, command: UserCommand, options: CommandOptions) {
  return runCommand(store, userHandler, { userId, command }, options);
}

const passwordHandler = foldedStreamHandler({
  name: 'set-password',
  decider: userDecider,
  streamId: (input: { userId: string; passwordHash: string }) => userStreamId(input.userId),
  command: () => ({ type: 'ActivateUser' as const, data: {} }),
  async write(trx, accepted) {
    for (const { input } of accepted) {
      await trx
        .insertInto('user_credentials')
        .values({ user_id: input.userId, password_hash: input.passwordHash })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: input.passwordHash, updated_at: new Date() }))
        .execute();
      await retireLinkTokens(trx, input.userId);
    }
  },
});

/** Sets a password; the first one also activates an invited account. */
export async function setPassword(store: EventStore, userId: string, password: string, options: CommandOptions): Promise<void> {
  await runCommand(store, passwordHandler, { userId, passwordHash: await hashPassword(password) }, options);
}
