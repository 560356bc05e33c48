/**
 * Every way in ends here: a password, an e-mailed code, an account link, a passkey or a single
 * sign-on provider. A person with a second factor is asked for it before any session exists; one
 * without gets a session at once. Every sign-in is an event in the person's stream.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { Me } from '../../contract/auth.ts';
import type { LoginReply, SecondFactorMethod, SignInMethod } from '../../contract/sign-in.ts';
import type { Db } from '../../ledger/database.ts';
import { toMe, userById } from '../../projections/users/queries.ts';
import { displayName } from '../plugins/command-context.ts';
import { userCommand } from '../users/user-commands.ts';
import { secondFactorStandingOf, statusOf } from './second-factor-policy.ts';
import { createSession } from './session-store.ts';
import { ATTEMPT_COOKIE, createAttempt } from './sign-in-attempts.ts';

export interface SignInHow {
  method: SignInMethod;
  secondFactor: SecondFactorMethod | null;
  /** The single sign-on provider's id. */
  provider: string | null;
}

/** The person as the answers that sign someone in give them, with their standing with the policy. */
export async function meOf(db: Db, userId: string): Promise<Me | null> {
  const user = await userById(db, userId, { activeOnly: true });
  if (!user) return null;
  return toMe(user, statusOf(await secondFactorStandingOf(db, userId)));
}

/** The second factors this person can use now: what the second step offers. */
export async function availableMethods(db: Db, userId: string): Promise<SecondFactorMethod[]> {
  const row = await sql<{ passkey: boolean; totp: boolean; recovery: boolean }>`select
      exists (select 1 from user_passkeys where user_id = ${userId}) as passkey,
      exists (select 1 from user_totp where user_id = ${userId} and confirmed_at is not null) as totp,
      exists (select 1 from user_recovery_codes where user_id = ${userId} and used_at is null) as recovery`.execute(db);
  const found = row.rows[0]!;
  return (['passkey', 'totp', 'recovery'] as const).filter((method) => found[method]);
}

export function attemptCookieOptions(app: FastifyInstance, expires: Date) {
  return { httpOnly: true, sameSite: 'lax' as const, secure: app.config.cookieSecure ? true : ('auto' as const), path: '/api', expires };
}

export function clearAttemptCookie(app: FastifyInstance, reply: FastifyReply): void {
  reply.clearCookie(ATTEMPT_COOKIE, { ...attemptCookieOptions(app, new Date(0)), expires: undefined });
}

/** What a session opened through a single sign-on provider keeps for signing out there too. */
export interface SsoSession {
  /** The provider's ID token, sent back as `id_token_hint` when signing out; null when not at hand. */
  idToken: string | null;
}

/**
 * Signs the person in: records the sign-in in their stream (using up a recovery code, when that was
 * the second factor, in the same decision), opens the session and sets its cookies. A session
 * through a provider (`how.provider`) remembers it, and the ID token when `sso` gives it.
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  how: SignInHow,
  sso?: SsoSession,
): Promise<{ user: Me }> {
  const user = await userById(app.db, userId, { activeOnly: true });
  if (!user) throw new Error('startSession for a user who cannot sign in');
  await userCommand(
    app.store,
    userId,
    { type: 'RecordSignIn', data: { method: how.method, secondFactor: how.secondFactor, provider: how.provider } },
    { metadata: { actorId: userId, actorName: displayName(user), requestId: request.id } },
  );
  const lifetimes = { accessSeconds: app.config.accessTokenTtlSeconds, refreshSeconds: app.config.refreshTokenTtlSeconds };
  const tokens = await createSession(app.db, userId, lifetimes, { userAgent: request.headers['user-agent'], ip: request.ip });
  if (how.method === 'sso' && how.provider) {
    await app.db
      .updateTable('auth_sessions')
      .set({ sso_provider: how.provider, sso_id_token: sso?.idToken ?? null })
      .where('id', '=', tokens.sessionId)
      .execute();
  }
  app.setSessionCookies(reply, tokens);
  request.log.info({ userId, method: how.method, secondFactor: how.secondFactor }, 'signed in');
  return { user: toMe(user, statusOf(await secondFactorStandingOf(app.db, userId))) };
}

export interface FirstStep {
  userId: string;
  /** Has the person any second factor (users.second_factors)? */
  secondFactors: number;
  /** Was the first step right? With a second factor, nobody is told until that is checked too. */
  passed: boolean;
  how: Omit<SignInHow, 'secondFactor'>;
}

/**
 * After the first step: the second step when the person has a second factor (right first step or
 * not, so the answer tells nothing), a session when they have none and the step was right, null
 * (the caller refuses) otherwise.
 */
export async function afterFirstStep(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  step: FirstStep,
  sso?: SsoSession,
): Promise<LoginReply | null> {
  if (step.secondFactors > 0) {
    const methods = await availableMethods(app.db, step.userId);
    const attempt = await createAttempt(app.db, {
      kind: 'second-factor',
      userId: step.userId,
      passwordOk: step.passed,
      data: { how: step.how, ...(sso ? { sso } : {}) },
    });
    reply.setCookie(ATTEMPT_COOKIE, attempt.token, attemptCookieOptions(app, attempt.expiresAt));
    return { second_factor: { methods } };
  }
  if (!step.passed) return null;
  return startSession(app, request, reply, step.userId, { ...step.how, secondFactor: null }, sso);
}
