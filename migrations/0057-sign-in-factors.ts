import { sql, type Kysely } from 'kysely';

/**
 * Single sign-on and second factors. The secrets (a passkey's public key and counter, an
 * authenticator app's shared secret, recovery codes' hashes, a linked provider account) are
 * credentials like `user_credentials`: kept beside the ledger, never in it. What happened to them
 * (added, removed, used, reset, every sign-in) is an event in the user's stream.
 *
 * - `users.second_factors`: how many second factors (passkeys, and an authenticator app) the person
 *   has, as the user events carry it; the sign-in and the policy read it.
 * - `site_settings`: `second_factor_policy` (who must have one), `password_sign_in` (off: only the
 *   superadmin signs in with a password), `sso_sign_up` (a first single sign-on may create an account).
 * - `sign_in_attempts`: a sign-in between its steps (the second factor, a passkey's challenge, a
 *   provider's round trip), by the hash of the token in its cookie; short-lived.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column second_factors integer not null default 0`.execute(db);
  await sql`alter table site_settings
    add column second_factor_policy text not null default 'none'
      check (second_factor_policy in ('none', 'admins', 'managers', 'everyone')),
    add column password_sign_in boolean not null default true,
    add column sso_sign_up boolean not null default false`.execute(db);
  // No foreign keys to users: a read table, dropped and swapped by a rebuild.
  await sql`
    create table user_passkeys (
      credential_id text primary key,
      user_id uuid not null,
      passkey_id uuid not null unique,
      name text not null,
      public_key bytea not null,
      counter bigint not null default 0,
      transports text[] not null default '{}',
      device_type text not null,
      backed_up boolean not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    )`.execute(db);
  await sql`create index user_passkeys_user on user_passkeys (user_id)`.execute(db);
  await sql`
    create table user_totp (
      user_id uuid primary key,
      secret text not null,
      confirmed_at timestamptz,
      -- The last time step a code was accepted for: a code is good once.
      last_step bigint,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table user_recovery_codes (
      user_id uuid not null,
      code_hash text not null,
      used_at timestamptz,
      created_at timestamptz not null default now(),
      primary key (user_id, code_hash)
    )`.execute(db);
  await sql`
    create table user_identities (
      provider text not null,
      subject text not null,
      user_id uuid not null,
      email text not null,
      created_at timestamptz not null default now(),
      last_used_at timestamptz,
      primary key (provider, subject)
    )`.execute(db);
  await sql`create index user_identities_user on user_identities (user_id)`.execute(db);
  await sql`
    create table sign_in_attempts (
      token_hash text primary key,
      kind text not null check (kind in ('second-factor', 'passkey', 'oidc', 'enrol-passkey')),
      user_id uuid,
      password_ok boolean not null default false,
      data jsonb not null default '{}',
      attempts integer not null default 0,
      expires_at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index sign_in_attempts_expiry on sign_in_attempts (expires_at)`.execute(db);
  // Sign-ins and the like change nobody's access: they must not wake every process's cache
  // (ACCESS_NEUTRAL_USER_EVENTS in ledger/user/events.ts).
  await sql`
    create or replace function access_changed_on_append() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from appended where (stream_id like 'user:%' or stream_id like 'project:%' or stream_id like 'site:%')
          and type not in ('UserSignedIn', 'RecoveryCodeUsed', 'RecoveryCodesGenerated', 'PasskeyRenamed', 'SingleSignOnLinked')) then
        perform pg_notify('access_changed', '');
      end if;
      return null;
    end $$`.execute(db);
  // A session opened through a provider remembers it, and the ID token its sign-out is asked with.
  await sql`alter table auth_sessions add column sso_provider text, add column sso_id_token text`.execute(db);
}
