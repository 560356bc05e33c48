/**
 * The `label_import_jobs` queue (migration 0042). A process claims the oldest waiting job whose
 * lease is free with `FOR UPDATE SKIP LOCKED` (two processes never claim the same one, neither
 * waits on the other) and holds it by renewing the lease after each batch. pg-boss and
 * graphile-worker need a real PostgreSQL server (their own schemas, LISTEN, several connections);
 * the product also runs on PGlite, so the queue is this one table, the same on both.
 */
import { sql } from 'kysely';
import type { Db, Trx } from '../../../ledger/event-store/event-store.ts';
import type { Selectable } from 'kysely';
import type { LabelImportJobsTable } from '../../../migrations/schema.ts';
import type { TemplateLineSpec } from '../../../contract/label-format.ts';

export type ImportJob = Selectable<LabelImportJobsTable>;

export interface NewImportJob {
  id: string;
  projectId: string;
  fileKey: string;
  importType: 'preformatted' | 'raw';
  /** Preformatted files: the person's word on the first row; unset, the file's look decides. */
  firstRowHeader?: boolean | null;
  system: string | null;
  clusterPod: string | null;
  templateId: string | null;
  templateLines: readonly TemplateLineSpec[] | null;
  actorId: string | null;
  actorName: string;
}

export async function createImportJob(db: Db, job: NewImportJob): Promise<void> {
  await db
    .insertInto('label_import_jobs')
    .values({
      id: job.id,
      project_id: job.projectId,
      file_key: job.fileKey,
      import_type: job.importType,
      first_row_header: job.firstRowHeader ?? null,
      system: job.system,
      cluster_pod: job.clusterPod,
      template_id: job.templateId,
      template_lines: job.templateLines ? JSON.stringify(job.templateLines) : null,
      status: 'queued',
      actor_id: job.actorId,
      actor_name: job.actorName,
    })
    .execute();
}

/** The oldest job waiting or abandoned (its lease ran out), now held by `owner` for `leaseMs`. */
export async function claimImportJob(db: Db, owner: string, leaseMs: number): Promise<ImportJob | null> {
  const { rows } = await sql<ImportJob>`
    update label_import_jobs j
       set status = 'running', locked_by = ${owner}, locked_until = now() + ${`${leaseMs} milliseconds`}::interval,
           attempts = j.attempts + 1, updated_at = now()
     where j.id = (
       select id from label_import_jobs
        where status in ('queued', 'running') and (locked_until is null or locked_until < now())
        order by created_at
        limit 1
        for update skip locked)
    returning j.*`.execute(db);
  return rows[0] ?? null;
}

/** Frees every lease: on the embedded database one process owns the data, so none is still held. */
export async function releaseAllImportLeases(db: Db): Promise<void> {
  await db.updateTable('label_import_jobs').set({ locked_until: null, locked_by: null }).where('status', '=', 'running').execute();
}

export async function releaseImportJob(db: Db, jobId: string, owner: string, retryInMs = 0): Promise<void> {
  await sql`update label_import_jobs set locked_until = now() + ${`${retryInMs} milliseconds`}::interval, locked_by = null, updated_at = now()
             where id = ${jobId} and locked_by = ${owner} and status = 'running'`.execute(db);
}

export async function setImportTotal(db: Db, jobId: string, total: number, batchSize: number): Promise<void> {
  await db.updateTable('label_import_jobs').set({ total, batch_size: batchSize, updated_at: new Date() }).where('id', '=', jobId).execute();
}

/**
 * Records batch `batch` as written, in the transaction that appends its events. Refuses (and so
 * rolls the batch back) unless the job stood exactly before this batch and is still held by `owner`.
 */
export async function recordImportBatch(trx: Trx, progress: { jobId: string; batch: number; imported: number; owner: string; leaseMs: number }): Promise<void> {
  const { numUpdatedRows } = await trx
    .updateTable('label_import_jobs')
    .set({
      batches_done: progress.batch + 1,
      imported: progress.imported,
      updated_at: new Date(),
      locked_until: sql<Date>`now() + ${`${progress.leaseMs} milliseconds`}::interval`,
    })
    .where('id', '=', progress.jobId)
    .where('batches_done', '=', progress.batch)
    .where('locked_by', '=', progress.owner)
    .executeTakeFirst();
  if (Number(numUpdatedRows ?? 0) !== 1) throw new Error(`Import job ${progress.jobId} is no longer held at batch ${progress.batch}`);
}

export async function finishImportJob(db: Db, jobId: string, outcome: { status: 'success' | 'error'; message: string }): Promise<void> {
  await db
    .updateTable('label_import_jobs')
    .set({ status: outcome.status, message: outcome.message, locked_by: null, locked_until: null, finished_at: new Date(), updated_at: new Date() })
    .where('id', '=', jobId)
    .execute();
}

export async function recordImportUndone(trx: Trx, jobId: string, undoneBy: string): Promise<boolean> {
  const { numUpdatedRows } = await trx
    .updateTable('label_import_jobs')
    .set({ undone_at: new Date(), undone_by: undoneBy })
    .where('id', '=', jobId)
    .where('undone_at', 'is', null)
    .executeTakeFirst();
  return Number(numUpdatedRows ?? 0) === 1;
}

export async function getImportJob(db: Db, jobId: string): Promise<ImportJob | null> {
  return (await db.selectFrom('label_import_jobs').selectAll().where('id', '=', jobId).executeTakeFirst()) ?? null;
}

export async function listImportJobs(db: Db, projectId: string, limit = 20): Promise<ImportJob[]> {
  return db.selectFrom('label_import_jobs').selectAll().where('project_id', '=', projectId).orderBy('created_at', 'desc').limit(limit).execute();
}
