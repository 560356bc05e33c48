/** What the security page shows of a person's second factors (never a secret). */
import type { SecurityOverview } from '../../../contract/sign-in.ts';
import type { Db } from '../../../ledger/database.ts';
import { secondFactorStandingOf, statusOf } from '../second-factor-policy.ts';

export async function securityOverviewOf(db: Db, userId: string): Promise<SecurityOverview> {
  const [standing, passkeys, totp, codes] = await Promise.all([
    secondFactorStandingOf(db, userId),
    db
      .selectFrom('user_passkeys')
      .select(['passkey_id', 'name', 'created_at', 'last_used_at', 'backed_up'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db.selectFrom('user_totp').select('confirmed_at').where('user_id', '=', userId).where('confirmed_at', 'is not', null).executeTakeFirst(),
    db
      .selectFrom('user_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    status: statusOf(standing),
    passkeys: passkeys.map((p) => ({
      id: p.passkey_id,
      name: p.name,
      created_at: p.created_at.toISOString(),
      last_used_at: p.last_used_at?.toISOString() ?? null,
      backed_up: p.backed_up,
    })),
    totp: { enrolled: Boolean(totp), enrolled_at: totp?.confirmed_at?.toISOString() ?? null },
    recovery_codes: { remaining: Number(codes.n) },
  };
}
