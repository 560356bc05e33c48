/** Reads of `users` (and the password hash beside it for signing in), shaped as the API answers them. */
import { sql, type Selectable } from 'kysely';
import type { Me } from '../../contract/auth.ts';
import type { UserPage, UserRow } from '../../contract/users.ts';
import type { Db } from '../../ledger/database.ts';
import type { GlobalRole } from '../../ledger/user/events.ts';
import type { UsersTable } from '../../migrations/schema.ts';
import { containing } from '../like.ts';

type User = Selectable<UsersTable>;

const globalRoleOf = (role: string) => role.toLowerCase() as GlobalRole;

/** The person as GET /api/users/me answers; `second_factor` is their standing with the site's policy. */
export function toMe(
  user: Pick<User, 'id' | 'email' | 'user_firstname' | 'user_lastname' | 'role' | 'emails' | 'stock_emails'>,
  second_factor: Me['second_factor'],
): Me {
  return {
    id: user.id,
    email: user.email,
    user_email: user.email,
    user_firstname: user.user_firstname,
    user_lastname: user.user_lastname,
    role: globalRoleOf(user.role),
    emails: user.emails,
    stock_emails: user.stock_emails,
    second_factor,
  };
}

export function toUserRow(u: User): UserRow {
  const role = globalRoleOf(u.role);
  return {
    id: u.id,
    uuid: u.id,
    user_id: u.id,
    email: u.email,
    user_email: u.email,
    user_firstname: u.user_firstname,
    user_lastname: u.user_lastname,
    role,
    user_role: role,
    created_at: u.created_at.toISOString(),
    emails: u.emails,
    stock_emails: u.stock_emails,
    status: u.status,
  };
}

/** Active users by last name, first name and e-mail; searched by name or e-mail from 2 characters. */
export async function listUsers(db: Db, options: { q?: string; role?: GlobalRole; page: number; pageSize: number }): Promise<UserPage> {
  const text = options.q?.trim() ?? '';
  const base = db
    .selectFrom('users')
    .where('deactivated_at', 'is', null)
    .$if(Boolean(options.role), (qb) => qb.where('role', '=', options.role!))
    .$if(text.length >= 2, (qb) =>
      qb.where((eb) => eb.or([eb('email', 'ilike', containing(text)), eb(sql<string>`user_firstname || ' ' || user_lastname`, 'ilike', containing(text))])),
    );
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(sql`lower(user_lastname)`)
      .orderBy(sql`lower(user_firstname)`)
      .orderBy('email')
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toUserRow), total: Number(count.n) };
}

/** The active user with this e-mail (any case), or undefined. */
export async function activeUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.trim().toLowerCase()).where('deactivated_at', 'is', null).executeTakeFirst();
}

/** A user by id, active or not (names stay readable on old log lines), or undefined. */
export async function userById(db: Db, id: string, options: { activeOnly?: boolean } = {}): Promise<User | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .$if(Boolean(options.activeOnly), (qb) => qb.where('deactivated_at', 'is', null))
    .executeTakeFirst();
}

/** The active user signing in with this e-mail and their password hash (null before one is set). */
export async function signInCandidate(db: Db, email: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('user_credentials as c', 'c.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.user_firstname', 'u.user_lastname', 'u.role', 'u.emails', 'u.stock_emails', 'u.second_factors', 'c.password_hash'])
    .where((eb) => eb(eb.fn('lower', ['u.email']), '=', email.toLowerCase()))
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();
}

export async function emailPreferences(db: Db, userId: string): Promise<{ emails: boolean; stock_emails: boolean }> {
  return db.selectFrom('users').select(['emails', 'stock_emails']).where('id', '=', userId).executeTakeFirstOrThrow();
}
