/** Recovery codes: ten single-use codes, kept only as hashes. */
import type { Db } from '../../../ledger/database.ts';

/** Uses the code up if it is one of the person's unused recovery codes; true for the one caller that did. */
export async function spendRecoveryCode(_db: Db, _userId: string, _code: string): Promise<boolean> {
  return false;
}
