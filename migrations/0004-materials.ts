import { sql, type Kysely } from 'kysely';

/**
 * The material catalogue, stock per location (on hand, field assigned, lost, thresholds), who
 * holds how many, and the activity log: one row per stock event with the deltas it caused, which
 * the log screens, CSV exports, point-in-time stock and "explain this number" all read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table materials (
      material_id uuid primary key,
      part_number text not null,
      part_name text not null,
      part_nickname text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create unique index materials_part_number_key on materials (part_number)`.execute(db);

  await sql`
    create table material_stock (
      location_kind text not null check (location_kind in ('project', 'warehouse')),
      location_id uuid not null,
      material_id uuid not null,
      logistics_qty integer not null check (logistics_qty >= 0),
      on_hand integer not null check (on_hand >= 0),
      field_assigned integer not null check (field_assigned >= 0),
      lost_outstanding integer not null check (lost_outstanding >= 0),
      low_threshold numeric check (low_threshold >= 0),
      critical_threshold numeric check (critical_threshold >= 0),
      stream_version integer not null,
      last_hash text not null,
      updated_at timestamptz not null,
      primary key (location_kind, location_id, material_id)
    )`.execute(db);

  await sql`
    create table material_assignments (
      location_kind text not null,
      location_id uuid not null,
      material_id uuid not null,
      user_id uuid not null,
      qty integer not null check (qty >= 0),
      primary key (location_kind, location_id, material_id, user_id)
    )`.execute(db);
  await sql`create index material_assignments_user on material_assignments (user_id) where qty > 0`.execute(db);

  await sql`
    create table activity_log (
      position bigint primary key,
      stream_id text not null,
      occurred_at timestamptz not null,
      recorded_at timestamptz not null,
      location_kind text not null,
      location_id uuid not null,
      material_id uuid not null,
      part_number text not null,
      part_name text not null,
      log_type text not null check (log_type in ('Receive', 'Return', 'Assign', 'Unassign', 'Lost', 'Found')),
      quantity integer not null,
      actor_id uuid,
      actor_name text not null,
      associated_user_id uuid,
      associated_name text,
      source text,
      bin_info text,
      note text,
      d_logistics integer not null,
      d_on_hand integer not null,
      d_field integer not null,
      d_lost integer not null,
      hash text not null
    )`.execute(db);
  await sql`create index activity_log_location_time on activity_log (location_kind, location_id, occurred_at desc, position desc)`.execute(db);
  await sql`create index activity_log_item_time on activity_log (location_kind, location_id, material_id, occurred_at, position)`.execute(db);

  await sql`alter table projects add column low_stock_default numeric check (low_stock_default >= 0)`.execute(db);
  await sql`alter table projects add column critical_stock_default numeric check (critical_stock_default >= 0)`.execute(db);
}
