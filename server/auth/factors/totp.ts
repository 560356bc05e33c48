/**
 * Authenticator app codes (TOTP, RFC 6238) with the settings every app understands: SHA-1, 6 digits,
 * 30-second steps. A code is accepted one step either side (a phone's clock drifts) and only once:
 * the step it matched is stored, and a later code must be of a later step.
 */
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { sql } from 'kysely';
import type { Db } from '../../../ledger/database.ts';
import type { Trx } from '../../../ledger/event-store/event-store.ts';

const ISSUER = 'StockLedger';
/** Seconds either side of now: one step. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export async function totpEnrolmentOf(secret: string, email: string) {
  const otpauth_url = generateURI({ issuer: ISSUER, label: email, secret });
  const svg = await QRCode.toString(otpauth_url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url, qr_svg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

const digitsOf = (code: string) => code.replace(/\s+/g, '');

/** The time step the code matches (after `afterStep`), or null. */
export async function matchingStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const token = digitsOf(code);
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS, ...(afterStep !== null ? { afterTimeStep: afterStep } : {}) });
    if (!result.valid) return null;
    // The TOTP result names its step; the functional API's type is HOTP's and TOTP's together.
    return (result as { timeStep?: number }).timeStep ?? Math.floor(Date.now() / 30_000) + result.delta;
  } catch {
    return null;
  }
}

/**
 * Whether the code is the person's current authenticator code, not used before. The step is claimed
 * with a conditional update, so a replay, or the same code twice at once, is refused. With `use`
 * false it is checked the same way and claimed by nobody (a sign-in whose password was wrong).
 */
export async function verifyTotpCode(db: Db, userId: string, code: string, use = true): Promise<boolean> {
  const row = await db
    .selectFrom('user_totp')
    .select(['secret', 'last_step'])
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  if (!row) return false;
  const last = row.last_step === null ? null : Number(row.last_step);
  const step = await matchingStep(row.secret, code, last);
  if (step === null || !use) return step !== null;
  const claimed = await db
    .updateTable('user_totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where(sql<boolean>`(last_step is null or last_step < ${step})`)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** The person's authenticator secret, confirmed or still being set up. */
export function totpOf(db: Db, userId: string) {
  return db.selectFrom('user_totp').select(['secret', 'confirmed_at']).where('user_id', '=', userId).executeTakeFirst();
}

/** An unconfirmed secret is not a factor yet: replaced freely until a code confirms it, never after. False when one was confirmed meanwhile. */
export async function storePendingSecret(db: Db, userId: string, secret: string): Promise<boolean> {
  const stored = await db
    .insertInto('user_totp')
    .values({ user_id: userId, secret })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret, last_step: null, created_at: new Date() }).where('user_totp.confirmed_at', 'is', null))
    .returning('user_id')
    .executeTakeFirst();
  return stored !== undefined;
}

/**
 * Confirms the secret a code was checked against, from its step on; false when the setup was
 * started again meanwhile (another secret) or is confirmed already.
 */
export async function confirmPendingSecret(trx: Trx, userId: string, secret: string, step: number): Promise<boolean> {
  const confirmed = await trx
    .updateTable('user_totp')
    .set({ confirmed_at: new Date(), last_step: step })
    .where('user_id', '=', userId)
    .where('secret', '=', secret)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(confirmed.numUpdatedRows) === 1;
}

/** Removes the person's authenticator secret. */
export async function deleteTotpSecret(trx: Trx, userId: string): Promise<void> {
  await trx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
}
