import { sql, type Kysely } from 'kysely';

/**
 * Requests for material and assets: the request list and its lines (read models of the `request:`
 * streams), and when each person last read a project's requests (the unread count; a person's
 * reading is not a ledger fact, so it is a plain table).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table requests (
      id uuid primary key,
      num integer not null check (num > 0),
      project_id uuid not null,
      requester_id uuid not null,
      requester_name text not null,
      requester_email text not null,
      type text not null check (type in ('Material', 'Asset')),
      status text not null check (status in ('requested', 'partial', 'on-hold', 'fulfilled', 'denied')),
      reason text,
      waiting_delivery boolean not null,
      notes text,
      image_path text,
      request_date timestamptz not null,
      updated_at timestamptz not null,
      constraint requests_project_num_key unique (project_id, num)
    )`.execute(db);
  await sql`create index requests_project_date on requests (project_id, request_date desc, id)`.execute(db);
  await sql`create index requests_requester on requests (requester_id, project_id, request_date desc)`.execute(db);
  await sql`create index requests_waiting on requests (project_id) where waiting_delivery`.execute(db);

  await sql`
    create table request_lines (
      request_id uuid not null,
      line_id text not null,
      seq integer not null,
      material_id uuid,
      part_number text not null,
      part_name text not null,
      qty integer not null check (qty > 0),
      status text not null check (status in ('requested', 'fulfilled', 'on-hold', 'denied')),
      notes text,
      requested_part_number text,
      split_from text,
      primary key (request_id, line_id)
    )`.execute(db);

  await sql`
    create table request_reads (
      user_id uuid not null,
      project_id uuid not null,
      read_at timestamptz not null,
      primary key (user_id, project_id)
    )`.execute(db);
}
