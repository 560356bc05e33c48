import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { createProject } from '../../projects/project-commands.ts';
import { LocalFileStore } from '../../storage/local-store.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';
import { appendImportBatch } from './import-commands.ts';
import { csvFile } from './import-fixtures.ts';
import { claimImportJob, createImportJob, getImportJob, releaseAllImportLeases } from './import-jobs.ts';
import { importLabelId } from './import-rows.ts';
import { startImportWorker } from './import-worker.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let dir: string;
let storage: LocalFileStore;
let projectId: string;
const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silent;
  },
  level: 'silent',
  silent() {},
} as never;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'import-worker-'));
  storage = new LocalFileStore(dir);
  runtime = await openTestRuntime();
  projectId = await createProject(runtime.store, { name: 'Resume', customer: null, number: 'R-1' }, { metadata: SYSTEM_ACTOR });
});
afterAll(async () => {
  await runtime.close();
  await rm(dir, { recursive: true, force: true });
});

async function queuedJob(rows: number): Promise<string> {
  const id = crypto.randomUUID();
  const fileKey = `label-imports/${projectId}/${id}.csv`;
  await storage.put(fileKey, csvFile(Array.from({ length: rows }, (_, i) => [`RESUME ${i + 1}`])), 'text/csv');
  await createImportJob(runtime.store.db, {
    id,
    projectId,
    fileKey,
    importType: 'preformatted',
    system: null,
    clusterPod: null,
    templateId: null,
    templateLines: null,
    actorId: null,
    actorName: 'Tester',
  });
  return id;
}

const batchesOf = async (jobId: string) => {
  const rows = await runtime.store.db
    .selectFrom('events')
    .select(['data'])
    .where('stream_id', '=', `labels:${projectId}`)
    .where('type', '=', 'LabelsImported')
    .execute();
  return rows.map((r) => r.data as { importId: string; labels: Array<{ id: string }> }).filter((d) => d.importId === jobId);
};

async function waitFor(jobId: string) {
  for (let i = 0; i < 400; i += 1) {
    const job = await getImportJob(runtime.store.db, jobId);
    if (job?.status === 'success' || job?.status === 'error') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('job did not finish');
}

describe('an import job after its process died', () => {
  it('resumes after the batches already written, each batch on the ledger once', async () => {
    const jobId = await queuedJob(23);
    // The first process claims the job, writes two batches of five, and dies holding the lease.
    const claimed = await claimImportJob(runtime.store.db, 'dead-process', 60_000);
    expect(claimed?.id).toBe(jobId);
    for (const batch of [0, 1]) {
      const labels = Array.from({ length: 5 }, (_, i) => ({
        id: importLabelId(jobId, batch * 5 + i),
        lines: [`RESUME ${batch * 5 + i + 1}`],
        system: null,
        clusterPod: null,
      }));
      await appendImportBatch(
        runtime.store,
        { projectId, jobId, batch, labels, templateId: null, importedAfter: batch * 5 + 5, owner: 'dead-process', leaseMs: 60_000 },
        { metadata: SYSTEM_ACTOR },
      );
    }
    // The restart frees the lease (one process owns the embedded database) and a worker takes the job.
    await releaseAllImportLeases(runtime.store.db);
    const worker = startImportWorker({ db: runtime.store.db, store: runtime.store, storage, maxFileBytes: 1024 * 1024, log: silent, batchSize: 5, pollMs: 20 });
    try {
      const job = await waitFor(jobId);
      expect(job).toMatchObject({ status: 'success', imported: 23, total: 23, batches_done: 5, attempts: 2 });
    } finally {
      await worker.stop();
    }
    const batches = await batchesOf(jobId);
    expect(batches.map((b) => b.labels.length)).toEqual([5, 5, 5, 5, 3]);
    expect(new Set(batches.flatMap((b) => b.labels.map((l) => l.id))).size).toBe(23);
    const count = await runtime.store.db
      .selectFrom('labels')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('project_id', '=', projectId)
      .where('search_text', 'like', 'RESUME %')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(23);
  });

  it('answers a batch written again from its first result, appending nothing', async () => {
    const jobId = await queuedJob(2);
    await claimImportJob(runtime.store.db, 'one', 60_000);
    const labels = [{ id: importLabelId(jobId, 0), lines: ['AGAIN'], system: null, clusterPod: null }];
    const input = { projectId, jobId, batch: 0, labels, templateId: null, importedAfter: 1, owner: 'one', leaseMs: 60_000 };
    expect((await appendImportBatch(runtime.store, input, { metadata: SYSTEM_ACTOR })).replayed).toBe(false);
    expect((await appendImportBatch(runtime.store, input, { metadata: SYSTEM_ACTOR })).replayed).toBe(true);
    expect(await batchesOf(jobId)).toHaveLength(1);
  });

  it('leaves no part of a batch when its progress cannot be recorded', async () => {
    const jobId = await queuedJob(2);
    await claimImportJob(runtime.store.db, 'holder', 60_000);
    const labels = [{ id: importLabelId(jobId, 0), lines: ['HALF'], system: null, clusterPod: null }];
    // Another process holds the job now: this batch's transaction is refused whole.
    await expect(
      appendImportBatch(
        runtime.store,
        { projectId, jobId, batch: 0, labels, templateId: null, importedAfter: 1, owner: 'usurper', leaseMs: 60_000 },
        { metadata: SYSTEM_ACTOR },
      ),
    ).rejects.toThrow(/no longer held/);
    expect(await batchesOf(jobId)).toHaveLength(0);
    expect(await getImportJob(runtime.store.db, jobId)).toMatchObject({ batches_done: 0, imported: 0 });
  });
});
