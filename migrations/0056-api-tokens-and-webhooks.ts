import { sql, type Kysely } from 'kysely';

/**
 * API tokens and webhooks. Neither is in the ledger: a token is a credential like a session, and an
 * endpoint holds the secret its deliveries are signed with, which an immutable, exported ledger must
 * never carry. Both are configuration of who may read and who is told, not stock.
 *
 * - `api_tokens`: personal (acts as `user_id`, narrowed by `scopes` and `project_ids`) or service (no
 *   person: `role` site-wide, or `project_role` in `project_id`). Only the SHA-256 hash is kept; a
 *   change or deletion raises `access_changed` so every process forgets it at once.
 * - `webhook_endpoints`, `webhook_deliveries` (one per endpoint and message, sent in `seq` order per
 *   endpoint), `webhook_attempts` (every try, for the log).
 * - `site_settings.webhooks_allow_private`: lets endpoints use plain http and loopback or private
 *   addresses (tests, on-premises receivers).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table api_tokens (
      id uuid primary key,
      kind text not null check (kind in ('personal', 'service')),
      name text not null,
      token_hash text not null unique,
      hint text not null,
      -- No foreign keys to users or projects: those are read tables, dropped and swapped by a rebuild.
      user_id uuid,
      scopes text[] not null,
      project_ids uuid[],
      role text,
      project_id uuid,
      project_role text check (project_role in ('user', 'manager', 'admin')),
      created_by uuid not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      last_used_at timestamptz,
      revoked_at timestamptz,
      check ((kind = 'personal') = (user_id is not null))
    )`.execute(db);
  await sql`create index api_tokens_user on api_tokens (user_id) where user_id is not null`.execute(db);
  // Only the columns that decide what a token may do: its last use, written at most once a minute
  // per process, changes nobody's access and must not make every process forget what it remembers.
  await sql`
    create trigger api_tokens_access_changed
      after update of token_hash, user_id, scopes, project_ids, role, project_id, project_role, expires_at, revoked_at or delete on api_tokens
      for each statement execute function access_changed()`.execute(db);

  await sql`
    create table webhook_endpoints (
      id uuid primary key,
      -- No foreign keys to projects or users: those are read tables, dropped and swapped by a rebuild.
      project_id uuid,
      url text not null,
      kinds text[] not null,
      description text not null default '',
      secret text not null,
      enabled boolean not null default true,
      disabled_reason text,
      disabled_at timestamptz,
      failing_since timestamptz,
      -- The ledger's head when the endpoint was registered: it hears of what comes after.
      start_position bigint not null default 0,
      -- The last signed checkpoint (ledger_seq) it was told of or passed over: it hears of later ones.
      checkpoint_seq bigint not null default 0,
      created_by uuid not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      lease_holder text,
      lease_until timestamptz not null default now()
    )`.execute(db);
  await sql`create index webhook_endpoints_project on webhook_endpoints (project_id)`.execute(db);
  await sql`
    create table webhook_deliveries (
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      position bigint not null,
      seq bigserial not null,
      message_id text not null,
      kind text not null,
      payload jsonb not null,
      status text not null default 'pending' check (status in ('pending', 'delivered')),
      attempts integer not null default 0,
      next_attempt_at timestamptz not null default now(),
      enqueued_at timestamptz not null default now(),
      delivered_at timestamptz,
      -- One delivery per message: an event (evt_<position>) or a signed checkpoint (ckpt_<id>).
      primary key (endpoint_id, message_id)
    )`.execute(db);
  await sql`create index webhook_deliveries_due on webhook_deliveries (endpoint_id, seq) where status = 'pending'`.execute(db);
  // The last delivered message of an endpoint, which its page shows.
  await sql`create index webhook_deliveries_sent on webhook_deliveries (endpoint_id, seq) where status = 'delivered'`.execute(db);
  await sql`
    create table webhook_attempts (
      id bigserial primary key,
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      position bigint not null,
      message_id text not null,
      kind text not null,
      attempted_at timestamptz not null default now(),
      status integer,
      error text,
      latency_ms integer not null
    )`.execute(db);
  await sql`create index webhook_attempts_endpoint on webhook_attempts (endpoint_id, id desc)`.execute(db);
  await sql`alter table site_settings add column webhooks_allow_private boolean not null default false`.execute(db);
}
