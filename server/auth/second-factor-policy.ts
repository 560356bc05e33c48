/**
 * Who the site's policy asks for a second factor, in SQL so the session lookup answers it in the
 * same round trip: `u` is the user row and `site` the site settings row of the query it is put in.
 */
import { sql } from 'kysely';
import type { SecondFactorStatus } from '../../contract/sign-in.ts';
import type { Db } from '../../ledger/database.ts';

export const secondFactorRequiredSql = sql<boolean>`(case coalesce(site.second_factor_policy, 'none')
  when 'everyone' then true
  when 'admins' then u.role in ('admin', 'superadmin')
  when 'managers' then u.role in ('admin', 'superadmin')
    or exists (select 1 from project_members pm where pm.user_id = u.id and pm.project_role in ('admin', 'manager'))
  else false end)`;

export function statusOf(user: { second_factors: number; second_factor_required: boolean }): SecondFactorStatus {
  return { required: user.second_factor_required, enrolled: user.second_factors, must_enrol: user.second_factor_required && user.second_factors === 0 };
}

/** The person's standing with the policy now (for the answers that sign someone in). */
export async function secondFactorStandingOf(db: Db, userId: string): Promise<{ second_factors: number; second_factor_required: boolean }> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('site_settings as site', (join) => join.on('site.id', '=', 1))
    .select('u.second_factors')
    .select(secondFactorRequiredSql.as('second_factor_required'))
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row ?? { second_factors: 0, second_factor_required: false };
}
