/**
 * Opaque session tokens, stored only as SHA-256 hashes. A session is a family of tokens: a short
 * access token and a rotating refresh token. Presenting a refresh token that was already rotated
 * (outside a short grace window for two tabs refreshing at once) revokes the whole family.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { OFFLINE_MAX_AGE } from '../../contract/offline.ts';
import type { TokenKind, TokenScope } from '../../contract/api-tokens.ts';
import type { Db } from '../../ledger/database.ts';
import { secondFactorRequiredSql } from './second-factor-policy.ts';

export interface SessionTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

export interface TokenLifetimes {
  accessSeconds: number;
  refreshSeconds: number;
}

export interface AuthenticatedUser {
  id: string;
  /** The site's maintenance flag, read in the same query so every request pays one round trip. */
  maintenance_mode: boolean;
  /** The site's age limit of offline actions (Occurred-At), read in the same query and cached with it. */
  offline_max_age_days: number;
  email: string;
  user_firstname: string;
  user_lastname: string;
  role: string;
  emails: boolean;
  stock_emails: boolean;
  /** Passkeys and an authenticator app the person has (0 for a service token). */
  second_factors: number;
  /** The site's policy asks this person for a second factor; with none, they may only enrol (plugins/auth.ts). */
  second_factor_required: boolean;
  /** The session's id; for an API token's caller `token:<token id>` (no session row has it). */
  sessionId: string;
  /** Present when the caller came with an API token (api-tokens.ts): what narrows it. */
  token?: TokenGrant;
}

/** What an API token lets its caller do beyond who the caller is. */
export interface TokenGrant {
  id: string;
  kind: TokenKind;
  scopes: TokenScope[];
  /** The projects it is limited to; null: every project its caller may see. */
  projectIds: string[] | null;
}

/** Two tabs may refresh with the same token at once; within this window that is not an attack. */
const REUSE_GRACE_MS = 10_000;

const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A rotation's new pair is derived from the refresh token it replaces (a hash of it, which only its
 * holder can compute), so presenting that token again inside the grace window answers the very same
 * pair instead of minting another, and no token is ever stored but as its hash.
 */
const successorOf = (refreshToken: string, kind: 'access' | 'refresh') => createHash('sha256').update(`${kind} after ${refreshToken}`).digest('base64url');

async function issueTokens(
  db: Db,
  sessionId: string,
  lifetimes: TokenLifetimes,
  now: Date,
  tokens: { accessToken: string; refreshToken: string } = { accessToken: newToken(), refreshToken: newToken() },
): Promise<SessionTokens> {
  const { accessToken, refreshToken } = tokens;
  const accessExpiresAt = new Date(now.getTime() + lifetimes.accessSeconds * 1000);
  const refreshExpiresAt = new Date(now.getTime() + lifetimes.refreshSeconds * 1000);
  await db
    .insertInto('auth_tokens')
    .values([
      { token_hash: hashToken(accessToken), session_id: sessionId, kind: 'access', expires_at: accessExpiresAt, used_at: null },
      { token_hash: hashToken(refreshToken), session_id: sessionId, kind: 'refresh', expires_at: refreshExpiresAt, used_at: null },
    ])
    .execute();
  return { sessionId, accessToken, refreshToken, accessExpiresAt, refreshExpiresAt };
}

/** The pair a rotation of this refresh token issued, as long as both are still on record. */
async function issuedSuccessors(db: Db, sessionId: string, refreshToken: string): Promise<SessionTokens | null> {
  const accessToken = successorOf(refreshToken, 'access');
  const nextRefresh = successorOf(refreshToken, 'refresh');
  const rows = await db
    .selectFrom('auth_tokens')
    .select(['kind', 'expires_at'])
    .where('session_id', '=', sessionId)
    .where('token_hash', 'in', [hashToken(accessToken), hashToken(nextRefresh)])
    .execute();
  const access = rows.find((row) => row.kind === 'access');
  const refresh = rows.find((row) => row.kind === 'refresh');
  if (!access || !refresh) return null;
  return { sessionId, accessToken, refreshToken: nextRefresh, accessExpiresAt: access.expires_at, refreshExpiresAt: refresh.expires_at };
}

export async function createSession(
  db: Db,
  userId: string,
  lifetimes: TokenLifetimes,
  client: { userAgent?: string; ip?: string },
  now = new Date(),
): Promise<SessionTokens> {
  return db.transaction().execute(async (trx) => {
    const sessionId = randomUUID();
    await trx
      .insertInto('auth_sessions')
      .values({
        id: sessionId,
        user_id: userId,
        user_agent: client.userAgent?.slice(0, 300) ?? null,
        ip: client.ip ?? null,
        revoked_at: null,
        revoked_reason: null,
      })
      .execute();
    return issueTokens(trx, sessionId, lifetimes, now);
  });
}

/** The user behind an access token (by its hash) and when the token expires; null when unknown, expired or revoked. */
export async function sessionForAccessToken(db: Db, tokenHash: string, now = new Date()): Promise<{ user: AuthenticatedUser; expiresAt: Date } | null> {
  const row = await db
    .selectFrom('auth_tokens as t')
    .innerJoin('auth_sessions as s', 's.id', 't.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('site_settings as site', (join) => join.on('site.id', '=', 1))
    .select(['u.id', 'u.email', 'u.user_firstname', 'u.user_lastname', 'u.role', 'u.emails', 'u.stock_emails', 's.id as sessionId', 't.expires_at'])
    .select(sql<boolean>`coalesce(site.maintenance_mode, false)`.as('maintenance_mode'))
    .select(sql<number>`coalesce(site.offline_max_age_days, ${OFFLINE_MAX_AGE.defaultDays})::int`.as('offline_max_age_days'))
    .select(['u.second_factors', secondFactorRequiredSql.as('second_factor_required')])
    .where('t.token_hash', '=', tokenHash)
    .where('t.kind', '=', 'access')
    .where('t.expires_at', '>', now)
    .where('s.revoked_at', 'is', null)
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const { expires_at, ...user } = row;
  return { user, expiresAt: expires_at };
}

export type RefreshOutcome = { kind: 'rotated'; userId: string; tokens: SessionTokens } | { kind: 'reused' } | { kind: 'invalid' };

export async function rotateRefreshToken(db: Db, refreshToken: string, lifetimes: TokenLifetimes, now = new Date()): Promise<RefreshOutcome> {
  return db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
    const row = await trx
      .selectFrom('auth_tokens as t')
      .innerJoin('auth_sessions as s', 's.id', 't.session_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['t.token_hash', 't.used_at', 't.expires_at', 's.id as sessionId', 's.revoked_at', 's.user_id', 'u.deactivated_at'])
      .where('t.token_hash', '=', hashToken(refreshToken))
      .where('t.kind', '=', 'refresh')
      .forUpdate('t')
      .executeTakeFirst();
    if (!row || row.revoked_at || row.deactivated_at || row.expires_at <= now) return { kind: 'invalid' };
    if (row.used_at) {
      if (now.getTime() - row.used_at.getTime() <= REUSE_GRACE_MS) {
        const tokens = await issuedSuccessors(trx, row.sessionId, refreshToken);
        return tokens ? { kind: 'rotated', userId: row.user_id, tokens } : { kind: 'invalid' };
      }
      await revoke(trx, row.sessionId, 'refresh token reused', now);
      return { kind: 'reused' };
    }
    await trx.updateTable('auth_tokens').set({ used_at: now }).where('token_hash', '=', row.token_hash).execute();
    await trx.updateTable('auth_sessions').set({ last_used_at: now }).where('id', '=', row.sessionId).execute();
    const successors = { accessToken: successorOf(refreshToken, 'access'), refreshToken: successorOf(refreshToken, 'refresh') };
    return { kind: 'rotated', userId: row.user_id, tokens: await issueTokens(trx, row.sessionId, lifetimes, now, successors) };
  });
}

/**
 * Hears this process's own revocations at once (the database's `access_changed` NOTIFY tells every
 * process too, a moment later): a signed-out token must not be accepted by the next request.
 */
const revokedListeners = new Set<() => void>();
export function onSessionsRevoked(listener: () => void): () => void {
  revokedListeners.add(listener);
  return () => revokedListeners.delete(listener);
}
export function sessionsRevoked(): void {
  for (const listener of revokedListeners) listener();
}

async function revoke(db: Db, sessionId: string, reason: string, now: Date): Promise<void> {
  await db.updateTable('auth_sessions').set({ revoked_at: now, revoked_reason: reason }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  await db.deleteFrom('auth_tokens').where('session_id', '=', sessionId).execute();
  sessionsRevoked();
}

export function revokeSession(db: Db, sessionId: string, reason: string, now = new Date()): Promise<void> {
  return revoke(db, sessionId, reason, now);
}

/** Signs a user out everywhere but the session they are using (after a password change), or everywhere. */
export async function revokeOtherSessions(db: Db, userId: string, keepSessionId: string | null, reason: string, now = new Date()): Promise<void> {
  await db
    .updateTable('auth_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('user_id', '=', userId)
    .$if(keepSessionId !== null, (q) => q.where('id', '!=', keepSessionId!))
    .where('revoked_at', 'is', null)
    .execute();
  sessionsRevoked();
}

/** The session a refresh token belongs to, so signing out works after the access token expired. */
export async function sessionOfRefreshToken(db: Db, refreshToken: string): Promise<string | null> {
  const row = await db.selectFrom('auth_tokens').select('session_id').where('token_hash', '=', hashToken(refreshToken)).executeTakeFirst();
  return row?.session_id ?? null;
}

/** Expired tokens are dead weight; sessions whose every token expired go with them. */
export async function pruneExpiredTokens(db: Db, now = new Date()): Promise<void> {
  await db.deleteFrom('auth_tokens').where('expires_at', '<', now).execute();
  await sql`delete from auth_sessions s where not exists (select 1 from auth_tokens t where t.session_id = s.id)
    and s.last_used_at < ${new Date(now.getTime() - 24 * 3600 * 1000)}`.execute(db);
}
