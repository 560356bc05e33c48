/**
 * Who a provider's account is here: the person it was linked to before; else the active or invited
 * person with its verified e-mail (linked now); else, when the site lets a first single sign-on
 * create accounts and the e-mail is in the allowed domain, a new person (global role 'user', no
 * project, no password). The link is an event in the person's stream, written in the same
 * transaction as the `user_identities` row; an invited person becomes active with it.
 */
import { sql } from 'kysely';
import { runCommand } from '../../../ledger/command-runner.ts';
import type { Decider } from '../../../ledger/decider.ts';
import { DomainError } from '../../../ledger/errors.ts';
import type { EventStore } from '../../../ledger/event-store/event-store.ts';
import { foldedStreamHandler } from '../../../ledger/stream-handler.ts';
import { userDecider } from '../../../ledger/user/decide.ts';
import { userStreamId, type UserEvent } from '../../../ledger/user/events.ts';
import type { UserState } from '../../../ledger/user/state.ts';
import type { Db } from '../../../ledger/database.ts';
import { displayName } from '../../plugins/command-context.ts';
import { registerSsoUser, SYSTEM_ACTOR } from '../../users/user-commands.ts';
import type { SsoErrorCode } from '../../../contract/sign-in.ts';

/** The parts of the provider's claims (ID token, or userinfo when the token lacks them) we use. */
export interface SsoProfile {
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

export type SsoAccount = { kind: 'found'; userId: string; secondFactors: number } | { kind: 'refused'; code: SsoErrorCode; reason: string };

interface LinkInput {
  userId: string;
  provider: string;
  profile: SsoProfile;
}

/** Links the provider's account and, for an invited person, activates them: one decision, one transaction. */
const linkDecider: Decider<LinkInput, UserEvent, UserState> = {
  initialState: userDecider.initialState,
  evolve: userDecider.evolve,
  decide(input, state) {
    const linked = userDecider.decide({ type: 'LinkSingleSignOn', data: { provider: input.provider, email: input.profile.email } }, state);
    const after = linked.reduce(userDecider.evolve, state);
    return [...linked, ...userDecider.decide({ type: 'ActivateUser', data: {} }, after)];
  },
};

const linkHandler = foldedStreamHandler({
  name: 'link-single-sign-on',
  decider: linkDecider,
  streamId: (input: LinkInput) => userStreamId(input.userId),
  command: (input) => input,
  async write(trx, accepted) {
    for (const { input } of accepted) {
      await trx
        .insertInto('user_identities')
        .values({ provider: input.provider, subject: input.profile.subject, user_id: input.userId, email: input.profile.email, last_used_at: new Date() })
        .execute();
    }
  },
});

interface Person {
  id: string;
  email: string;
  user_firstname: string;
  user_lastname: string;
  deactivated_at: Date | null;
  second_factors: number;
}

const personColumns = ['id', 'email', 'user_firstname', 'user_lastname', 'deactivated_at', 'second_factors'] as const;

function personById(db: Db, userId: string): Promise<Person | undefined> {
  return db.selectFrom('users').select(personColumns).where('id', '=', userId).executeTakeFirst();
}

function personByEmail(db: Db, email: string): Promise<Person | undefined> {
  return db.selectFrom('users').select(personColumns).where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

function found(person: Person): SsoAccount {
  if (person.deactivated_at) return { kind: 'refused', code: 'deactivated', reason: 'the account is deactivated' };
  return { kind: 'found', userId: person.id, secondFactors: person.second_factors };
}

export interface SignUpRule {
  /** site_settings.sso_sign_up */
  allowed: boolean;
  /** ALLOWED_EMAIL_DOMAIN; with none set, nobody is created (a public provider would let anyone in). */
  domain: string | null;
}

export async function accountForSignIn(store: EventStore, provider: string, profile: SsoProfile, signUp: SignUpRule, requestId: string): Promise<SsoAccount> {
  const db = store.db;
  const identity = await db
    .selectFrom('user_identities')
    .select('user_id')
    .where('provider', '=', provider)
    .where('subject', '=', profile.subject)
    .executeTakeFirst();
  if (identity) {
    const person = await personById(db, identity.user_id);
    if (!person) return { kind: 'refused', code: 'no_account', reason: 'the linked account no longer exists' };
    await db.updateTable('user_identities').set({ last_used_at: new Date() }).where('provider', '=', provider).where('subject', '=', profile.subject).execute();
    return found(person);
  }

  let person = await personByEmail(db, profile.email);
  if (!person) {
    const domain = profile.email.slice(profile.email.lastIndexOf('@') + 1).toLowerCase();
    if (!signUp.allowed) return { kind: 'refused', code: 'no_account', reason: 'no account with this e-mail and sign-up is off' };
    if (!signUp.domain || domain !== signUp.domain)
      return { kind: 'refused', code: 'no_account', reason: `no account with this e-mail and ${domain} is not the allowed domain` };
    try {
      const names = { email: profile.email, firstName: profile.firstName, lastName: profile.lastName, role: 'user' as const };
      await registerSsoUser(store, names, { metadata: { ...SYSTEM_ACTOR, requestId } });
    } catch (error) {
      // Two first sign-ins at once: the other created the person; link to it below.
      if (!(error instanceof DomainError && error.code === 'CONFLICT')) throw error;
    }
    person = await personByEmail(db, profile.email);
    if (!person) throw new Error('the person created by single sign-on is not readable');
  }
  if (person.deactivated_at) return found(person);

  // An account linked to another account of the same provider is not taken over by a second one
  // that shows the same address (a recycled mailbox): an administrator sorts that out.
  const other = await db.selectFrom('user_identities').select('subject').where('provider', '=', provider).where('user_id', '=', person.id).executeTakeFirst();
  if (other) return { kind: 'refused', code: 'failed', reason: 'the account is linked to another account of this provider' };

  try {
    const metadata = { actorId: person.id, actorName: displayName(person), requestId };
    await runCommand(store, linkHandler, { userId: person.id, provider, profile }, { metadata });
  } catch (error) {
    // The same account linked by a sign-in at the same moment: that link stands.
    const raced = await db
      .selectFrom('user_identities')
      .select('user_id')
      .where('provider', '=', provider)
      .where('subject', '=', profile.subject)
      .executeTakeFirst();
    if (raced?.user_id !== person.id) throw error;
  }
  return found((await personById(db, person.id)) ?? person);
}
