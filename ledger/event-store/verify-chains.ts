/** Walks every stream's hash chain, in one pass or in worker threads over ranges of streams. */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { EventStore } from './event-store.ts';
import { chainChecker, type ChainReport } from './chain-checker.ts';
import type { ChainWorkerInput } from './chain-worker.ts';

/** Every chain in one pass over the events, in position order. */
export async function verifyHashChains(store: EventStore, pageSize = 20_000): Promise<ChainReport> {
  const checker = chainChecker();
  for (let after = 0; ; ) {
    const page = await store.readAllAfterPosition(after, pageSize);
    if (page.length === 0) break;
    for (const event of page) checker.check(event);
    after = page[page.length - 1]!.globalPosition;
  }
  return checker.report();
}

/**
 * The same on PostgreSQL with a worker thread per core but one: the streams are cut into as many ranges of
 * about equal size, and each worker reads and hashes its own range on its own connection inside the
 * snapshot `snapshot` (from `pg_export_snapshot()` in `db`'s transaction), so all see one instant.
 */
export async function verifyHashChainsInParallel(
  db: Kysely<any>,
  databaseUrl: string,
  snapshot: string,
  options: { workers?: number; pageSize?: number } = {},
): Promise<ChainReport> {
  // One core stays with the caller, which replays the projections meanwhile.
  const workers = Math.max(1, options.workers ?? availableParallelism() - 1);
  const { rows: head } = await sql<{ n: number }>`select coalesce(max(global_position), 0)::int8 as n from events`.execute(db);
  const total = Number(head[0]!.n);
  const cuts: string[] = [];
  for (let i = 1; i < workers; i += 1) {
    const { rows } = await sql<{ stream_id: string }>`select stream_id from events order by stream_id offset ${Math.floor((total * i) / workers)} limit 1`.execute(db);
    const cut = rows[0]?.stream_id;
    if (cut !== undefined && cut !== cuts[cuts.length - 1]) cuts.push(cut);
  }
  const ranges = [null, ...cuts].map((from, i) => ({ from, until: cuts[i] ?? null }));
  // Workers start without the TypeScript loader vitest or tsx gave this thread: tsx's API (its ESM
  // build, which the exports map names) loads the worker's module.
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const workerUrl = new URL('./chain-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((api) => api.tsImport(${JSON.stringify(workerUrl)}, ${JSON.stringify(import.meta.url)}))`;
  const reports = await Promise.all(
    ranges.map(
      (range) =>
        new Promise<ChainReport>((resolve, reject) => {
          const input: ChainWorkerInput = { databaseUrl, snapshot, ...range, pageSize: options.pageSize ?? 10_000 };
          const worker = new Worker(bootstrap, { eval: true, workerData: input });
          worker.once('message', resolve);
          worker.once('error', reject);
          worker.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`hash chain worker stopped with code ${code}`))));
        }),
    ),
  );
  return {
    events: reports.reduce((n, r) => n + r.events, 0),
    streams: reports.reduce((n, r) => n + r.streams, 0),
    problems: reports.flatMap((r) => r.problems).sort((a, b) => a.globalPosition - b.globalPosition),
  };
}
