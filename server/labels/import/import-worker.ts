/**
 * Runs label import jobs in every server process: claims a waiting job (or one whose process died),
 * reads and parses its file, and appends its labels batch after batch from where the job stood.
 * A job that fails says why (the file's problem in the spec's words) and leaves only whole batches;
 * a transient failure (the database away) is retried a few times before the job gives up.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TemplateLineSpec } from '../../../contract/label-format.ts';
import { IMPORT_MESSAGES } from '../../../contract/label-import.ts';
import { LABEL_LIMITS } from '../../../contract/labels.ts';
import { DomainError } from '../../../ledger/errors.ts';
import type { Db, EventStore } from '../../../ledger/event-store/event-store.ts';
import type { FileStore } from '../../storage/file-store.ts';
import { appendImportBatch } from './import-commands.ts';
import { readImportTable } from './import-file.ts';
import { claimImportJob, finishImportJob, releaseImportJob, setImportTotal, type ImportJob } from './import-jobs.ts';
import { importLabelId, labelLinesOf } from './import-rows.ts';
import { ImportFileError, type ParseOptions } from './parse-file.ts';

export interface ImportWorkerOptions {
  db: Db;
  store: EventStore;
  storage: FileStore;
  maxFileBytes: number;
  log: FastifyBaseLogger;
  /** How long a claimed job stays held without news from its process. */
  leaseMs?: number;
  /** How often an idle process looks for jobs other processes queued. */
  pollMs?: number;
  /** Labels per batch of a new job: one transaction, ceil(n / 1,000) events. */
  batchSize?: number;
  /** Limits and slots of the file's parse; the job waits for a slot as long as it takes. */
  parse?: Omit<ParseOptions, 'fileName' | 'patient'>;
  /** Attempts before a job that keeps failing for other reasons than its file gives up. */
  maxAttempts?: number;
}

export interface ImportWorker {
  /** Look for a job now (after this process queued one). */
  wake(): void;
  stop(): Promise<void>;
}

export function startImportWorker(options: ImportWorkerOptions): ImportWorker {
  const owner = `${process.pid}:${randomUUID()}`;
  const leaseMs = options.leaseMs ?? 15_000;
  const pollMs = options.pollMs ?? 1000;
  const batchSize = options.batchSize ?? LABEL_LIMITS.importBatch;
  const maxAttempts = options.maxAttempts ?? 3;
  let stopping = false;
  let wakeUp: (() => void) | null = null;
  let timer: NodeJS.Timeout | null = null;

  const idle = () =>
    new Promise<void>((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, pollMs);
    }).finally(() => {
      wakeUp = null;
      if (timer) clearTimeout(timer);
    });

  async function runJob(job: ImportJob): Promise<void> {
    try {
      const reading = { importType: job.import_type, firstRowHeader: job.first_row_header ?? undefined };
      const table = await readImportTable(options.storage, job.file_key, reading, options.maxFileBytes, { ...options.parse, patient: true });
      const template = job.import_type === 'raw' ? ((job.template_lines as TemplateLineSpec[] | null) ?? null) : null;
      const labels = labelLinesOf(table, template);
      if (labels.length === 0) throw new ImportFileError(IMPORT_MESSAGES.empty);
      // A resumed job keeps the batch size it began with, so its batches stay the same ones.
      const size = job.batch_size ?? batchSize;
      if (job.total !== labels.length || job.batch_size !== size) await setImportTotal(options.db, job.id, labels.length, size);
      const metadata = { actorId: job.actor_id, actorName: job.actor_name, correlationId: job.id, source: 'label-import' };
      for (let batch = job.batches_done; batch * size < labels.length; batch += 1) {
        if (stopping) {
          await releaseImportJob(options.db, job.id, owner);
          return;
        }
        const start = batch * size;
        const slice = labels.slice(start, start + size).map((lines, i) => ({
          id: importLabelId(job.id, start + i),
          lines,
          system: job.system,
          clusterPod: job.cluster_pod,
        }));
        await appendImportBatch(
          options.store,
          { projectId: job.project_id, jobId: job.id, batch, labels: slice, templateId: job.template_id, importedAfter: start + slice.length, owner, leaseMs },
          { metadata },
        );
        // The embedded database runs on this thread and answers without I/O: without a turn of the
        // event loop between batches, requests would wait for the whole import.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await finishImportJob(options.db, job.id, { status: 'success', message: IMPORT_MESSAGES.success(labels.length) });
      // The labels are on the ledger now; the uploaded file has served its purpose.
      await options.storage
        .delete(job.file_key)
        .catch((error: unknown) => options.log.warn({ err: error, jobId: job.id }, 'could not remove an imported file'));
    } catch (error) {
      if (error instanceof ImportFileError || error instanceof DomainError) {
        await finishImportJob(options.db, job.id, { status: 'error', message: error.message });
      } else if (job.attempts >= maxAttempts) {
        options.log.error({ err: error, jobId: job.id }, 'label import failed');
        await finishImportJob(options.db, job.id, { status: 'error', message: IMPORT_MESSAGES.jobFailed });
      } else {
        options.log.warn({ err: error, jobId: job.id }, 'label import interrupted; it will be tried again');
        await releaseImportJob(options.db, job.id, owner, 1000 * job.attempts);
      }
    }
  }

  const loop = (async () => {
    while (!stopping) {
      let job: ImportJob | null = null;
      try {
        job = await claimImportJob(options.db, owner, leaseMs);
      } catch (error) {
        if (!stopping) options.log.warn({ err: error }, 'could not look for label import jobs');
      }
      if (job) {
        try {
          await runJob(job);
        } catch (error) {
          // Recording the outcome failed (the database away): the lease runs out and the job is taken again.
          if (!stopping) options.log.warn({ err: error, jobId: job.id }, 'could not record a label import outcome');
        }
      } else if (!stopping) await idle();
    }
  })();

  return {
    wake: () => wakeUp?.(),
    async stop() {
      stopping = true;
      wakeUp?.();
      await loop;
    },
  };
}
