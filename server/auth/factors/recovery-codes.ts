/**
 * Recovery codes: ten single-use codes for someone without their phone or key. They are shown once;
 * only SHA-256 hashes are kept (each code carries 50 random bits, so a slow hash adds nothing).
 */
import { createHash, randomInt } from 'node:crypto';
import { SIGN_IN_LIMITS } from '../../../contract/sign-in.ts';
import type { Db } from '../../../ledger/database.ts';
import type { Trx } from '../../../ledger/event-store/event-store.ts';

/** No 0/O, 1/l/i: read off paper without doubt. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const normalised = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '');
const hashOf = (code: string) => createHash('sha256').update(normalised(code)).digest('hex');

function newCode(): string {
  let raw = '';
  for (let i = 0; i < SIGN_IN_LIMITS.recoveryCodeLength; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < SIGN_IN_LIMITS.recoveryCodes) codes.add(newCode());
  return [...codes];
}

/** Replaces every code the person had with these. */
export async function storeRecoveryCodes(trx: Trx, userId: string, codes: string[]): Promise<void> {
  await trx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await trx
    .insertInto('user_recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: hashOf(code) })))
    .execute();
}

export async function unusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Uses the code up if it is one of the person's unused codes; true for the one caller that did. With
 * `use` false it is only looked up (a sign-in whose password was wrong uses nothing up).
 */
export async function spendRecoveryCode(db: Db, userId: string, code: string, use = true): Promise<boolean> {
  if (normalised(code).length !== SIGN_IN_LIMITS.recoveryCodeLength) return false;
  if (!use) {
    const found = await db
      .selectFrom('user_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', userId)
      .where('code_hash', '=', hashOf(code))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return found !== undefined;
  }
  const result = await db
    .updateTable('user_recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashOf(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
