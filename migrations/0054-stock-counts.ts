import { sql, type Kysely } from 'kysely';

/**
 * Stock counts. `count_sessions`: one row per session with its stream head (commands load it, not
 * a fold). `count_lines`: one row per line, planned or added while counting, with the current
 * round's counts and, once posted, what review found. The activity log learns the `Count` type of
 * the `StockCounted` adjustments.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table activity_log drop constraint activity_log_log_type_check`.execute(db);
  await sql`alter table activity_log add constraint activity_log_log_type_check
              check (log_type in ('Receive', 'Return', 'Assign', 'Unassign', 'Lost', 'Found', 'Relocate', 'Transfer', 'Correction', 'Count'))`.execute(db);
  await sql`
    create table count_sessions (
      id uuid primary key,
      name text not null,
      location_kind text not null check (location_kind in ('project', 'warehouse')),
      location_id uuid not null,
      location_label text not null,
      scope_label text not null,
      due_date date,
      blind boolean not null,
      double_count boolean not null,
      include_assets boolean not null,
      status text not null check (status in ('open', 'posted', 'cancelled')),
      counters jsonb not null,
      line_total integer not null check (line_total >= 0),
      lines_counted integer not null check (lines_counted >= 0),
      recounts_pending integer not null check (recounts_pending >= 0),
      lines_with_variance integer,
      adjustments integer,
      created_by_id uuid,
      created_by_name text not null,
      created_at timestamptz not null,
      posted_at timestamptz,
      posted_by_name text,
      cancelled_at timestamptz,
      stream_version integer not null,
      last_hash text not null
    )`.execute(db);
  await sql`create index count_sessions_location on count_sessions (location_kind, location_id, status, created_at desc)`.execute(db);
  await sql`create index count_sessions_due on count_sessions (due_date) where status = 'open'`.execute(db);
  await sql`
    create table count_lines (
      session_id uuid not null,
      line_id text not null,
      seq integer not null,
      kind text not null check (kind in ('part', 'asset')),
      planned boolean not null,
      location_kind text not null,
      location_id uuid not null,
      material_id uuid,
      part_number text,
      part_name text,
      place jsonb,
      place_key text not null,
      place_label text,
      instance_id uuid,
      asset_number text,
      serial_number text,
      round integer not null,
      counts jsonb not null,
      counted integer check (counted >= 0),
      counted_at timestamptz,
      counter_id uuid,
      counter_name text,
      recount_requested boolean not null,
      status text not null check (status in ('to_count', 'counted', 'recount')),
      posted_at timestamptz,
      expected integer,
      difference integer,
      asset_result text,
      primary key (session_id, line_id),
      unique (session_id, seq)
    )`.execute(db);
  // Last counted per part and place, and "since the last count": the posted lines of a location.
  await sql`create index count_lines_posted on count_lines (location_kind, location_id, material_id, place_key, posted_at desc)
              where posted_at is not null`.execute(db);
}
