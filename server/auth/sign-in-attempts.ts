/**
 * A sign-in between its steps: after the password and before the second factor, between a passkey's
 * challenge and its answer, or while the browser is away at a single sign-on provider. The browser
 * holds a random token in an HttpOnly cookie; only its hash is kept, for a few minutes.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { SIGN_IN_LIMITS } from '../../contract/sign-in.ts';
import type { Db } from '../../ledger/database.ts';
import type { SignInAttemptsTable } from '../../migrations/schema.ts';
import { hashToken } from './session-store.ts';

export const ATTEMPT_COOKIE = 'sl_sign_in';

export type AttemptKind = SignInAttemptsTable['kind'];

export interface SignInAttempt {
  tokenHash: string;
  kind: AttemptKind;
  userId: string | null;
  /** Whether the password given before this step was right; told to nobody until the second factor is checked. */
  passwordOk: boolean;
  /** What the step needs: how the first step was passed, a WebAuthn challenge, a provider's state, nonce and verifier. */
  data: Record<string, unknown>;
  attempts: number;
  expiresAt: Date;
}

export interface NewAttempt {
  kind: AttemptKind;
  userId: string | null;
  passwordOk?: boolean;
  data?: Record<string, unknown>;
  lifetimeSeconds?: number;
}

export async function createAttempt(db: Db, attempt: NewAttempt, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + (attempt.lifetimeSeconds ?? SIGN_IN_LIMITS.attemptSeconds) * 1000);
  await db
    .insertInto('sign_in_attempts')
    .values({
      token_hash: hashToken(token),
      kind: attempt.kind,
      user_id: attempt.userId,
      password_ok: attempt.passwordOk ?? false,
      data: JSON.stringify(attempt.data ?? {}),
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/** The unexpired attempt of this kind behind the token, or null. */
export async function attemptOf(db: Db, token: string | undefined, kind: AttemptKind, now = new Date()): Promise<SignInAttempt | null> {
  if (!token) return null;
  const row = await db
    .selectFrom('sign_in_attempts')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', kind)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Record<string, unknown>;
  return {
    tokenHash: row.token_hash,
    kind: row.kind,
    userId: row.user_id,
    passwordOk: row.password_ok,
    data,
    attempts: row.attempts,
    expiresAt: row.expires_at,
  };
}

/** Counts one try at the step; answers how many it has had, this one included. */
export async function countTry(db: Db, attempt: SignInAttempt): Promise<number> {
  const row = await db
    .updateTable('sign_in_attempts')
    .set({ attempts: sql`attempts + 1` })
    .where('token_hash', '=', attempt.tokenHash)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

/** Replaces what the step keeps (a new WebAuthn challenge). */
export async function updateAttemptData(db: Db, attempt: SignInAttempt, data: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('sign_in_attempts')
    .set({ data: JSON.stringify(data) })
    .where('token_hash', '=', attempt.tokenHash)
    .execute();
}

/**
 * Ends the attempt; true only for the one caller that ended it, so a step answered twice at the same
 * moment (a replayed state, a double submit) signs in once.
 */
export async function endAttempt(db: Db, attempt: SignInAttempt): Promise<boolean> {
  const result = await db.deleteFrom('sign_in_attempts').where('token_hash', '=', attempt.tokenHash).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function pruneAttempts(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('expires_at', '<', now).execute();
}
