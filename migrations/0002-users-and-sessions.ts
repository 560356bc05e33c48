import { sql, type Kysely } from 'kysely';

/**
 * `users` is the read model of the user streams; credentials, sessions and rate-limit counters are
 * plain mutable tables (secrets must be erasable, so they never enter the ledger).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table users (
      id uuid primary key,
      email text not null,
      user_firstname text not null,
      user_lastname text not null,
      role text not null,
      emails boolean not null,
      stock_emails boolean not null,
      created_at timestamptz not null,
      deactivated_at timestamptz
    )`.execute(db);
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);

  await sql`
    create table user_credentials (
      user_id uuid primary key,
      password_hash text not null,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table auth_sessions (
      id uuid primary key,
      user_id uuid not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz not null default now(),
      revoked_at timestamptz,
      revoked_reason text,
      user_agent text,
      ip text
    )`.execute(db);
  await sql`create index auth_sessions_user on auth_sessions (user_id)`.execute(db);

  await sql`
    create table auth_tokens (
      token_hash text primary key,
      session_id uuid not null references auth_sessions (id) on delete cascade,
      kind text not null check (kind in ('access', 'refresh')),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`create index auth_tokens_session on auth_tokens (session_id)`.execute(db);

  await sql`
    create table rate_limits (
      bucket text not null,
      window_start timestamptz not null,
      hits integer not null default 1,
      primary key (bucket, window_start)
    )`.execute(db);
}
