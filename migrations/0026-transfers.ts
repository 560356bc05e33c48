import { sql, type Kysely } from 'kysely';

/**
 * Transfers between projects: the transfer list and its items (read models of the `transfer:` streams),
 * and the stock in transit. A project's `in_transit` is what it sent and has not been delivered yet
 * (still part of its logistics quantity); `incoming` is what another project sent it. The activity
 * log carries both as deltas and running figures, and knows the `Transfer` movement.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table material_stock
      add column in_transit integer not null default 0 check (in_transit >= 0),
      add column incoming integer not null default 0 check (incoming >= 0)`.execute(db);
  await sql`
    alter table activity_log
      add column d_in_transit integer not null default 0,
      add column d_incoming integer not null default 0,
      add column b_in_transit integer not null default 0,
      add column b_incoming integer not null default 0`.execute(db);
  await sql`alter table activity_log drop constraint activity_log_log_type_check`.execute(db);
  await sql`alter table activity_log add constraint activity_log_log_type_check
              check (log_type in ('Receive', 'Return', 'Assign', 'Unassign', 'Lost', 'Found', 'Relocate', 'Transfer'))`.execute(db);

  await sql`
    create table transfers (
      id uuid primary key,
      type text not null,
      from_id uuid not null,
      from_name text not null,
      to_id uuid not null,
      to_name text not null,
      requested_by text not null,
      requested_by_id uuid,
      delivery_method text not null check (delivery_method in ('pickup', 'label')),
      shipping_address text,
      tracking_number text,
      status text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index transfers_from on transfers (from_id, created_at)`.execute(db);
  await sql`create index transfers_to on transfers (to_id, created_at)`.execute(db);

  await sql`
    create table transfer_items (
      transfer_id uuid not null,
      part_key text not null,
      ord integer not null,
      material_id uuid not null,
      part_number text not null,
      part_name text not null,
      qty integer not null check (qty > 0),
      sent integer not null check (sent >= 0),
      received integer not null check (received >= 0 and received <= sent),
      status text not null check (status in ('pending', 'fulfilled', 'partial', 'denied', 'received')),
      primary key (transfer_id, part_key)
    )`.execute(db);
}
