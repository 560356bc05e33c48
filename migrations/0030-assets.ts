import { sql, type Kysely } from 'kysely';

/**
 * Assets: categories (serialized or bulk), the catalogue of asset types, serialized instances
 * with where each is and who uses it, bulk units per owner (a warehouse or a project), and one
 * transaction row per asset movement (with `settles`: how much of what a warehouse assigned to a
 * project a bulk return took back, so as-of reads can sum a warehouse's AssignedQty). Deleted categories and catalogue items keep their rows
 * (`deleted_at`) so old transactions still name them; names are unique among the live ones.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table asset_categories (
      id uuid primary key,
      category text not null,
      kind text not null check (kind in ('serialized', 'bulk')),
      created_at timestamptz not null,
      deleted_at timestamptz
    )`.execute(db);
  await sql`create unique index asset_categories_name_live on asset_categories (lower(category)) where deleted_at is null`.execute(db);

  await sql`
    create table asset_catalog (
      id uuid primary key,
      asset_number text not null,
      asset_name text not null,
      asset_nickname text not null,
      catalog_name text not null,
      category_id uuid not null,
      serial_required boolean not null,
      created_at timestamptz not null,
      deleted_at timestamptz
    )`.execute(db);
  await sql`create unique index asset_catalog_number_live on asset_catalog (lower(asset_number)) where deleted_at is null`.execute(db);
  await sql`create index asset_catalog_category on asset_catalog (category_id)`.execute(db);

  await sql`
    create table asset_instances (
      id uuid primary key,
      catalog_id uuid not null,
      serial_number text,
      owner_type text not null check (owner_type in ('warehouse', 'project')),
      owner_id uuid not null,
      parent_warehouse_id uuid,
      origin_warehouse_id uuid,
      condition text not null,
      notes text,
      in_use boolean not null,
      assigned_user_id uuid,
      lost boolean not null,
      metadata text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create unique index asset_instances_serial on asset_instances (catalog_id, lower(serial_number)) where serial_number is not null`.execute(db);
  await sql`create index asset_instances_owner on asset_instances (owner_id, catalog_id)`.execute(db);

  await sql`
    create table asset_stock (
      owner_type text not null check (owner_type in ('warehouse', 'project')),
      owner_id uuid not null,
      catalog_id uuid not null,
      on_hand integer not null check (on_hand >= 0),
      assigned integer not null check (assigned >= 0),
      lost integer not null check (lost >= 0),
      primary key (owner_type, owner_id, catalog_id)
    )`.execute(db);
  await sql`create index asset_stock_catalog on asset_stock (catalog_id)`.execute(db);

  await sql`
    create table asset_transactions (
      position bigint primary key,
      occurred_at timestamptz not null,
      action_type text not null check (action_type in ('Receive', 'Return', 'Assign', 'Unassign', 'Lost', 'Found', 'Transfer')),
      catalog_id uuid not null,
      instance_id uuid,
      asset_number text not null,
      asset_name text not null,
      serial_number text,
      quantity integer not null check (quantity > 0),
      settles integer not null check (settles >= 0),
      from_type text,
      from_id uuid,
      to_type text,
      to_id uuid,
      actor_id uuid,
      actor_name text not null,
      notes text,
      hash text not null
    )`.execute(db);
  await sql`create index asset_transactions_from on asset_transactions (from_id, position)`.execute(db);
  await sql`create index asset_transactions_to on asset_transactions (to_id, position)`.execute(db);
  await sql`create index asset_transactions_instance on asset_transactions (instance_id, position)`.execute(db);
  // As-of reads sum an owner's rows up to an instant.
  await sql`create index asset_transactions_from_time on asset_transactions (from_id, occurred_at)`.execute(db);
  await sql`create index asset_transactions_to_time on asset_transactions (to_id, occurred_at)`.execute(db);
}
