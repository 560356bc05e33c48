/** Authenticator app codes (TOTP, RFC 6238). */
import type { Db } from '../../../ledger/database.ts';

/** Whether the code is the person's current authenticator code, not used before; marks its time step used. */
export async function verifyTotpCode(_db: Db, _userId: string, _code: string): Promise<boolean> {
  return false;
}
