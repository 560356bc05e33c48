/**
 * Invitation and reset links (single-use random tokens) and e-mailed one-time codes (six digits,
 * single use, short-lived, a bounded number of attempts). Both are stored only as hashes.
 */
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { Db } from '../../ledger/database.ts';
import { hashToken } from './session-store.ts';

export const LINK_TTL_MS = 7 * 24 * 3600 * 1000;
export const CODE_TTL_MS = 15 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

export type LinkPurpose = 'invite' | 'reset';
export type CodePurpose = 'email' | 'recovery';

export async function createLinkToken(db: Db, userId: string, purpose: LinkPurpose, now = new Date()): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insertInto('account_tokens')
    .values({ token_hash: hashToken(token), user_id: userId, purpose, expires_at: new Date(now.getTime() + LINK_TTL_MS), used_at: null })
    .execute();
  return token;
}

/**
 * Marks a link used and returns its user, or null when it is unknown, used, expired or of another
 * purpose, or when its flow is already finished: an invitation whose account is no longer
 * `invited`, a reset link older than the account's current password.
 */
export async function consumeLinkToken(db: Db, token: string, purpose: LinkPurpose, now = new Date()): Promise<string | null> {
  const row = await db
    .updateTable('account_tokens as t')
    .set({ used_at: now })
    .from('users as u')
    .whereRef('u.id', '=', 't.user_id')
    .where('t.token_hash', '=', hashToken(token))
    .where('t.purpose', '=', purpose)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where('u.deactivated_at', 'is', null)
    .$if(purpose === 'invite', (q) => q.where('u.status', '=', 'invited'))
    .$if(purpose === 'reset', (q) =>
      q.where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('user_credentials as c').select('c.user_id').whereRef('c.user_id', '=', 't.user_id').whereRef('c.updated_at', '>', 't.created_at')),
        ),
      ),
    )
    .returning('t.user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Setting a password finishes every invitation and reset: no link of the person's opens a session afterwards. */
export async function retireLinkTokens(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.updateTable('account_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** The invited, still active person an unused, unexpired invitation link belongs to, or undefined. */
export async function invitedUserOfLink(db: Db, token: string, now = new Date()) {
  const row = await db
    .selectFrom('account_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['u.id', 'u.email', 'u.user_firstname', 'u.status'])
    .where('t.token_hash', '=', hashToken(token))
    .where('t.purpose', '=', 'invite')
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();
  return row?.status === 'invited' ? row : undefined;
}

const codeHash = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');

/** A new code replaces any earlier unused code of the same purpose. */
export async function createOneTimeCode(db: Db, userId: string, purpose: CodePurpose, now = new Date()): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('one_time_codes')
    .values({ id: randomUUID(), user_id: userId, purpose, code_hash: codeHash(userId, code), expires_at: new Date(now.getTime() + CODE_TTL_MS), used_at: null })
    .execute();
  return code;
}

/** True once for the right code; every try counts against the code's attempts. */
export async function verifyOneTimeCode(db: Db, userId: string, purpose: CodePurpose, code: string, now = new Date()): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('one_time_codes')
      .select(['id', 'code_hash', 'attempts'])
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!current || current.attempts >= MAX_CODE_ATTEMPTS) return false;
    const ok = current.code_hash === codeHash(userId, code.trim());
    await trx
      .updateTable('one_time_codes')
      .set({ attempts: current.attempts + 1, used_at: ok ? now : null })
      .where('id', '=', current.id)
      .execute();
    return ok;
  });
}
