/**
 * A signed upload policy is good for one upload, whichever server process receives it: the first
 * upload marks it used in the database, and the primary key refuses a second mark even when two
 * uploads race. Marks of expired policies are cleared as new ones are made.
 */
import type { Db } from '../../ledger/database.ts';

/** Marks the policy used; false when an upload already used it. */
export async function claimUploadPolicy(db: Db, policyId: string, expiresAt: Date, now = new Date()): Promise<boolean> {
  await db.deleteFrom('upload_policy_uses').where('expires_at', '<', now).execute();
  const marked = await db
    .insertInto('upload_policy_uses')
    .values({ policy_id: policyId, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('policy_id').doNothing())
    .returning('policy_id')
    .executeTakeFirst();
  return marked !== undefined;
}
