import { sql, type Kysely } from 'kysely';

/**
 * Warehouses and their material stock by location. A warehouse's numbers live in the same
 * `material_stock` rows as a project's (location kind `warehouse`); these tables add what only a
 * warehouse has: where in it the units are (rack, shelf, bin, zone) and how many it has assigned to
 * each project. The activity log names both sides of a move (`location_a` → `location_b`) and knows
 * relocations.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create sequence warehouse_num_id_seq`.execute(db);
  await sql`
    create table warehouses (
      id uuid primary key,
      num_id integer not null,
      name text not null,
      yard_location text,
      capacity_summary text,
      created_at timestamptz not null,
      deactivated_at timestamptz
    )`.execute(db);
  await sql`create unique index warehouses_num_id_key on warehouses (num_id)`.execute(db);

  await sql`
    create table warehouse_stock_places (
      warehouse_id uuid not null,
      material_id uuid not null,
      place_key text not null,
      rack text,
      shelf text,
      bin text,
      zone text,
      notes text,
      qty integer not null check (qty >= 0),
      primary key (warehouse_id, material_id, place_key)
    )`.execute(db);

  await sql`
    create table warehouse_stock_projects (
      warehouse_id uuid not null,
      material_id uuid not null,
      project_id uuid not null,
      qty integer not null check (qty >= 0),
      primary key (warehouse_id, material_id, project_id)
    )`.execute(db);
  await sql`create index warehouse_stock_projects_material on warehouse_stock_projects (material_id)`.execute(db);

  await sql`alter table activity_log add column location_a text, add column location_b text`.execute(db);
  await sql`alter table activity_log drop constraint activity_log_log_type_check`.execute(db);
  await sql`alter table activity_log add constraint activity_log_log_type_check
              check (log_type in ('Receive', 'Return', 'Assign', 'Unassign', 'Lost', 'Found', 'Relocate'))`.execute(db);
}
