import { sql, type Kysely } from 'kysely';

/**
 * Label import jobs: a queue in the database, so any server process can run a job and one killed
 * mid-import leaves the job to the next. A process claims a job with `FOR UPDATE SKIP LOCKED` and
 * holds it by a lease (`locked_until`) it renews after every batch; a lease that runs out frees the
 * job. `batches_done` is written in the same transaction as each batch's label events, so it says
 * exactly which batches are on the ledger: a resumed job starts after them, with the batch size
 * the job began with.
 *
 * This is working state beside the ledger, not a read model: the labels themselves are events.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table label_import_jobs (
      id uuid primary key,
      project_id uuid not null,
      file_key text not null,
      import_type text not null check (import_type in ('preformatted', 'raw')),
      system text,
      cluster_pod text,
      template_id uuid,
      template_lines jsonb,
      status text not null default 'queued' check (status in ('queued', 'running', 'success', 'error')),
      total integer check (total >= 0),
      imported integer not null default 0 check (imported >= 0),
      batch_size integer check (batch_size > 0),
      batches_done integer not null default 0 check (batches_done >= 0),
      message text not null default '',
      actor_id uuid,
      actor_name text not null,
      attempts integer not null default 0,
      locked_by text,
      locked_until timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      finished_at timestamptz,
      undone_at timestamptz,
      undone_by text
    )`.execute(db);
  await sql`create index label_import_jobs_waiting on label_import_jobs (created_at) where status in ('queued', 'running')`.execute(db);
  await sql`create index label_import_jobs_project on label_import_jobs (project_id, created_at desc)`.execute(db);
}
