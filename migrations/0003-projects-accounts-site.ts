import { sql, type Kysely } from 'kysely';

/**
 * Projects and memberships (read models), site settings (read model), invited users, and the
 * mutable account tables: link tokens, one-time codes and the e-mail outbox.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // A deactivated user keeps their row (names stay on history); their e-mail may be invited again.
  await sql`drop index users_email_key`.execute(db);
  await sql`create unique index users_email_key on users (lower(email)) where deactivated_at is null`.execute(db);
  await sql`alter table users add column status text not null default 'active' check (status in ('active', 'invited'))`.execute(db);

  await sql`create sequence project_num_id_seq`.execute(db);
  await sql`
    create table projects (
      id uuid primary key,
      num_id integer not null,
      project_name text not null,
      project_customer text,
      project_number text not null,
      managing_logistics boolean not null,
      hide_from_transfer_list boolean not null,
      created_at timestamptz not null,
      archived_at timestamptz
    )`.execute(db);
  await sql`create unique index projects_num_id_key on projects (num_id)`.execute(db);

  await sql`
    create table project_members (
      project_id uuid not null,
      user_id uuid not null,
      project_role text not null check (project_role in ('user', 'manager', 'admin')),
      added_at timestamptz not null,
      primary key (project_id, user_id)
    )`.execute(db);
  await sql`create index project_members_user on project_members (user_id)`.execute(db);

  await sql`
    create table site_settings (
      id integer primary key check (id = 1),
      freeze_transactions boolean not null,
      maintenance_mode boolean not null,
      updated_at timestamptz not null
    )`.execute(db);

  await sql`
    create table account_tokens (
      token_hash text primary key,
      user_id uuid not null,
      purpose text not null check (purpose in ('invite', 'reset')),
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table one_time_codes (
      id uuid primary key,
      user_id uuid not null,
      purpose text not null check (purpose in ('email', 'recovery')),
      code_hash text not null,
      expires_at timestamptz not null,
      attempts integer not null default 0,
      used_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index one_time_codes_user on one_time_codes (user_id, purpose)`.execute(db);

  await sql`
    create table outbox (
      id uuid primary key,
      to_email text not null,
      subject text not null,
      body text not null,
      status text not null default 'pending' check (status in ('pending', 'sent', 'logged', 'failed')),
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      claimed_until timestamptz
    )`.execute(db);
  await sql`create index outbox_pending on outbox (created_at) where status = 'pending'`.execute(db);
}
