/**
 * API tokens (contract/api-tokens.ts): created, listed, revoked, and looked up by the hash of what a
 * caller sends. The token itself is returned once, at creation, and never stored: the table keeps its
 * SHA-256 and the first characters as a hint. A personal token's caller is its owner, as the owner is
 * now (a deactivated owner's tokens stop); a service token's caller is the token itself, a person of
 * no one whose name says what acted in the events it appends.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { sql, type Insertable, type Selectable } from 'kysely';
import {
  type ApiToken,
  type CreatedApiToken,
  type CreatePersonalTokenBody,
  type CreateServiceTokenBody,
  TOKEN_HINT_LENGTH,
  TOKEN_MESSAGES,
  TOKEN_PREFIX,
  type TokenKind,
  type TokenScope,
} from '../../contract/api-tokens.ts';
import { PROJECT_NOT_FOUND } from '../../contract/messages.ts';
import { OFFLINE_MAX_AGE } from '../../contract/offline.ts';
import type { Db } from '../../ledger/database.ts';
import { secondFactorRequiredSql } from './second-factor-policy.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { ApiTokensTable } from '../../migrations/schema.ts';
import { hashToken, sessionsRevoked, type AuthenticatedUser } from './session-store.ts';

/** The last name a service token acts under, so a log entry says no person did it. */
export const SERVICE_TOKEN_LASTNAME = '(service token)';
const DAY_MS = 24 * 3600 * 1000;

const newSecret = (kind: TokenKind) => `${TOKEN_PREFIX[kind]}${randomBytes(32).toString('base64url')}`;

type TokenRow = Selectable<ApiTokensTable> & { created_by_name: string };

function toApiToken(row: TokenRow): ApiToken {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    hint: row.hint,
    scopes: row.scopes as TokenScope[],
    project_ids: row.kind === 'personal' ? row.project_ids : row.project_id ? [row.project_id] : null,
    role: row.kind === 'service' ? (row.project_role ?? row.role) : null,
    created_at: row.created_at.toISOString(),
    created_by_name: row.created_by_name,
    expires_at: row.expires_at.toISOString(),
    last_used_at: iso(row.last_used_at),
    revoked_at: iso(row.revoked_at),
  };
}

const listed = (db: Db) =>
  db
    .selectFrom('api_tokens as t')
    .innerJoin('users as c', 'c.id', 't.created_by')
    .selectAll('t')
    .select(sql<string>`trim(c.user_firstname || ' ' || c.user_lastname)`.as('created_by_name'))
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id');

type NewRow = Omit<Insertable<ApiTokensTable>, 'created_at' | 'id' | 'token_hash' | 'hint' | 'expires_at' | 'last_used_at' | 'revoked_at' | 'created_by'>;

async function insertToken(db: Db, row: NewRow, creatorId: string, expiresInDays: number, now: Date): Promise<CreatedApiToken> {
  const token = newSecret(row.kind);
  const id = randomUUID();
  await db
    .insertInto('api_tokens')
    .values({
      ...row,
      id,
      token_hash: hashToken(token),
      hint: token.slice(0, TOKEN_HINT_LENGTH),
      created_by: creatorId,
      created_at: now,
      expires_at: new Date(now.getTime() + expiresInDays * DAY_MS),
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  const stored = await listed(db).where('t.id', '=', id).executeTakeFirstOrThrow();
  return { ...toApiToken(stored), token };
}

/**
 * A token of the owner's, limited to some of the projects they are a member of (a superadmin: any
 * live project) or to none. `now` is when it is made; its expiry counts from it.
 */
export async function createPersonalToken(
  db: Db,
  owner: { id: string; role: string },
  body: CreatePersonalTokenBody,
  now = new Date(),
): Promise<CreatedApiToken> {
  const projectIds = body.project_ids === null ? null : [...new Set(body.project_ids)];
  if (projectIds) {
    const superadmin = owner.role.toLowerCase() === 'superadmin';
    const allowed = await db
      .selectFrom('projects as p')
      .leftJoin('project_members as m', (join) => join.onRef('m.project_id', '=', 'p.id').on('m.user_id', '=', owner.id))
      .select('p.id')
      .where('p.id', 'in', projectIds)
      .where('p.archived_at', 'is', null)
      .$if(!superadmin, (q) => q.where('m.user_id', 'is not', null))
      .execute();
    if (allowed.length !== projectIds.length) throw new DomainError('VALIDATION', TOKEN_MESSAGES.notYourProject, 'project_ids');
  }
  const row = { kind: 'personal' as const, name: body.name, user_id: owner.id, scopes: body.scopes, project_ids: projectIds };
  return insertToken(db, { ...row, role: null, project_id: null, project_role: null }, owner.id, body.expires_in_days, now);
}

/** A service token: a global role site-wide, or a project role in one live project. */
export async function createServiceToken(db: Db, creatorId: string, body: CreateServiceTokenBody, now = new Date()): Promise<CreatedApiToken> {
  if (body.project_id !== null) {
    const project = await db.selectFrom('projects').select('id').where('id', '=', body.project_id).where('archived_at', 'is', null).executeTakeFirst();
    if (!project) throw new DomainError('NOT_FOUND', PROJECT_NOT_FOUND, 'project_id');
  }
  const inProject = body.project_id !== null;
  const projectRole = inProject ? (body.role as ApiTokensTable['project_role']) : null;
  const row = { kind: 'service' as const, name: body.name, user_id: null, scopes: body.scopes, project_ids: null };
  return insertToken(
    db,
    { ...row, role: inProject ? null : body.role, project_id: body.project_id, project_role: projectRole },
    creatorId,
    body.expires_in_days,
    now,
  );
}

/** The owner's personal tokens, newest first, revoked ones included. */
export async function listPersonalTokens(db: Db, ownerId: string): Promise<ApiToken[]> {
  return (await listed(db).where('t.kind', '=', 'personal').where('t.user_id', '=', ownerId).execute()).map(toApiToken);
}

export async function listServiceTokens(db: Db): Promise<ApiToken[]> {
  return (await listed(db).where('t.kind', '=', 'service').execute()).map(toApiToken);
}

/**
 * Revokes a token (the owner's personal one, or a service one when `ownerId` is null); false when
 * there is no such token. Revoking twice keeps the first time. The table's trigger tells every
 * other process; this one forgets at once.
 */
export async function revokeToken(db: Db, id: string, ownerId: string | null, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: sql`coalesce(revoked_at, ${now})` })
    .where('id', '=', id)
    .$if(ownerId === null, (q) => q.where('kind', '=', 'service'))
    .$if(ownerId !== null, (q) => q.where('kind', '=', 'personal').where('user_id', '=', ownerId!))
    .executeTakeFirst();
  sessionsRevoked();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The caller behind a token (by its hash) and when it expires; null when unknown, expired, revoked,
 * or its owner deactivated. One query, with the site's flags the session lookup reads too.
 */
export async function callerForApiToken(db: Db, tokenHash: string, now = new Date()): Promise<{ user: AuthenticatedUser; expiresAt: Date } | null> {
  const row = await db
    .selectFrom('api_tokens as t')
    .leftJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('site_settings as site', (join) => join.on('site.id', '=', 1))
    .select(['t.id', 't.kind', 't.name', 't.scopes', 't.project_ids', 't.role', 't.project_id', 't.expires_at'])
    .select(['u.id as user_id', 'u.email', 'u.user_firstname', 'u.user_lastname', 'u.role as user_role', 'u.emails', 'u.stock_emails', 'u.deactivated_at'])
    .select(sql<boolean>`coalesce(site.maintenance_mode, false)`.as('maintenance_mode'))
    .select(sql<number>`coalesce(site.offline_max_age_days, ${OFFLINE_MAX_AGE.defaultDays})::int`.as('offline_max_age_days'))
    // A personal token is its person's: one the policy asks to enrol may do nothing with it either.
    .select(['u.second_factors', sql<boolean>`coalesce(${secondFactorRequiredSql}, false)`.as('second_factor_required')])
    .where('t.token_hash', '=', tokenHash)
    .where('t.expires_at', '>', now)
    .where('t.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const site = { maintenance_mode: row.maintenance_mode, offline_max_age_days: row.offline_max_age_days, sessionId: `token:${row.id}` };
  const scopes = row.scopes as TokenScope[];
  if (row.kind === 'personal') {
    if (!row.user_id || row.deactivated_at) return null;
    const person = { id: row.user_id, email: row.email!, user_firstname: row.user_firstname!, user_lastname: row.user_lastname!, role: row.user_role! };
    const grant = { id: row.id, kind: row.kind, scopes, projectIds: row.project_ids };
    const factors = { second_factors: row.second_factors ?? 0, second_factor_required: row.second_factor_required };
    return { user: { ...person, emails: row.emails!, stock_emails: row.stock_emails!, ...factors, ...site, token: grant }, expiresAt: row.expires_at };
  }
  const grant = { id: row.id, kind: row.kind, scopes, projectIds: row.project_id ? [row.project_id] : null };
  // A project token's global role is a plain user's: what it may do there is its project role (access-cache.ts).
  const identity = { id: row.id, email: '', user_firstname: row.name, user_lastname: SERVICE_TOKEN_LASTNAME, role: row.role ?? 'user' };
  return {
    user: { ...identity, emails: false, stock_emails: false, second_factors: 0, second_factor_required: false, ...site, token: grant },
    expiresAt: row.expires_at,
  };
}

/** How seldom one process writes a token's last use: the list shows it to the minute. */
export const LAST_USE_INTERVAL_MS = 60_000;

/** Notes a token's use without a write per request: at most one per token per interval per process. */
export class LastUseRecorder {
  private readonly written = new Map<string, number>();
  constructor(private readonly db: Db) {}

  /** Resolves once written (or at once when not due); a failure is the caller's to log, never the request's. */
  async touch(tokenId: string, now = new Date()): Promise<void> {
    const last = this.written.get(tokenId);
    if (last !== undefined && now.getTime() - last < LAST_USE_INTERVAL_MS) return;
    this.written.set(tokenId, now.getTime());
    if (this.written.size > 50_000) this.written.delete(this.written.keys().next().value!);
    await this.db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', tokenId).execute();
  }
}
