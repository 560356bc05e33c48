/**
 * Durability of a label import: the server is killed with SIGKILL in the middle of a large import
 * (after some batches, before the last), started again on the same data, and the job must finish
 * by itself with exactly one label per row and every batch on the ledger once.
 */
import { sql } from 'kysely';
import { openDatabase } from '../ledger/database.ts';
import { startServer } from '../e2e/helpers/server.ts';
import { csvFile } from '../server/labels/import/import-fixtures.ts';
import { importRows, pollImport, startImport, uploadImportFile } from './label-import-client.ts';

type Record = (check: string, ok: boolean, detail: string) => void;

export async function killDuringImport(
  engine: string,
  env: { [name: string]: string },
  database: { url: string | null; dataDir: string },
  rows: number,
  session: {
    signIn: (url: string, admin: { email: string; password: string }) => Promise<string>;
    createProject: (url: string, cookie: string) => Promise<string>;
  },
  record: Record,
): Promise<void> {
  let server = await startServer(env);
  const cookie = await session.signIn(server.url, server.admin);
  const projectId = await session.createProject(server.url, cookie);
  const fileKey = await uploadImportFile(server.url, cookie, projectId, csvFile(importRows(rows)), 'csv');
  const jobId = await startImport(server.url, cookie, projectId, fileKey);
  const midway = await pollImport(server.url, cookie, jobId, (s) => s.imported > 0, { everyMs: 5, timeoutMs: 120_000 });
  process.kill(server.pid, 'SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 200));
  server = await startServer(env);
  let finished: Awaited<ReturnType<typeof pollImport>>;
  try {
    const again = await session.signIn(server.url, server.admin);
    finished = await pollImport(server.url, again, jobId, (s) => s.status === 'success', { everyMs: 250, timeoutMs: 300_000 });
  } finally {
    await server.stop();
  }
  const handle = await openDatabase({ url: database.url, dataDir: database.dataDir });
  try {
    const labels = await handle.db
      .selectFrom('labels')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    const { rows: batches } = await sql<{ batches: number | string; keys: number | string; ids: number | string; distinct_ids: number | string }>`
      select count(distinct e.idempotency_key) filter (where e.idempotency_key is not null) as keys,
             count(*) as batches,
             sum(jsonb_array_length(e.data -> 'labels')) as ids,
             (select count(distinct l ->> 'id') from events e2, jsonb_array_elements(e2.data -> 'labels') l
               where e2.type = 'LabelsImported' and e2.data ->> 'importId' = ${jobId}) as distinct_ids
        from events e where e.type = 'LabelsImported' and e.data ->> 'importId' = ${jobId}`.execute(handle.db);
    const b = batches[0]!;
    const job = await handle.db.selectFrom('label_import_jobs').select(['batch_size']).where('id', '=', jobId).executeTakeFirstOrThrow();
    const expectedKeys = Math.ceil(rows / (job.batch_size ?? 1));
    record(
      `${engine}: SIGKILL mid-import of ${rows.toLocaleString('en-US')} rows, restart`,
      midway.imported > 0 && midway.imported < rows && finished.status === 'success' && finished.imported === rows,
      `killed at ${midway.imported.toLocaleString('en-US')} of ${midway.total.toLocaleString('en-US')}; after restart ${finished.status}, ${finished.imported.toLocaleString('en-US')} imported`,
    );
    record(
      `${engine}: exactly ${rows.toLocaleString('en-US')} labels, no batch twice`,
      Number(labels.n) === rows && Number(b.ids) === rows && Number(b.distinct_ids) === rows && Number(b.keys) === expectedKeys,
      `${Number(labels.n).toLocaleString('en-US')} labels, ${Number(b.batches)} events carrying ${Number(b.ids).toLocaleString('en-US')} label ids (${Number(b.distinct_ids).toLocaleString('en-US')} distinct), ${Number(b.keys)} batches of ${expectedKeys}`,
    );
  } finally {
    await handle.close();
  }
}
