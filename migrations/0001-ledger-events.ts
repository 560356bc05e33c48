import { sql, type Kysely } from 'kysely';

/** The one events table, its immutability triggers, idempotent command results and checkpoints. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table events (
      global_position bigint generated always as identity primary key,
      stream_id text not null,
      stream_version integer not null check (stream_version > 0),
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      idempotency_key text,
      occurred_at timestamptz not null,
      recorded_at timestamptz not null default now(),
      transaction_id xid8 not null default pg_current_xact_id(),
      prev_hash bytea,
      hash bytea not null,
      constraint events_stream_version_key unique (stream_id, stream_version)
    )`.execute(db);
  await sql`create unique index events_idempotency_key on events (idempotency_key) where idempotency_key is not null`.execute(db);
  await sql`create index events_transaction_position on events (transaction_id, global_position)`.execute(db);
  await sql`
    create function events_refuse_change() returns trigger language plpgsql as $$
    begin
      raise exception 'events are immutable: % refused', tg_op using errcode = '42501';
    end $$`.execute(db);
  await sql`create trigger events_no_update before update or delete on events for each row execute function events_refuse_change()`.execute(db);
  await sql`create trigger events_no_truncate before truncate on events for each statement execute function events_refuse_change()`.execute(db);

  await sql`
    create table command_results (
      idempotency_key text primary key,
      result jsonb not null,
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table projection_checkpoints (
      name text primary key,
      version integer not null,
      era integer not null default 1,
      transaction_id xid8 not null,
      global_position bigint not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}
