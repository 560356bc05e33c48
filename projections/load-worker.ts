/**
 * A worker thread of a rebuild on PostgreSQL: reads one range of streams inside the snapshot the
 * rebuild exported, folds them one stream at a time and COPYs each finished stream's rows into the
 * fresh tables, one connection per table, while the next streams are read and folded.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { copyEventsOfStreams, type StreamRange } from '../ledger/event-store/copy-events.ts';
import { TableCopier } from './bulk-load.ts';
import { findProjector } from './registry.ts';
import { StreamFolder } from './stream-fold.ts';

export interface LoadWorkerInput {
  databaseUrl: string;
  snapshot: string;
  range: StreamRange;
  projections: string[];
  schema: string;
  /** Each table's column types as `format_type` names them, in the order of its columns. */
  columnTypes: Record<string, string[]>;
}

export interface LoadWorkerResult {
  events: number;
  misses: number;
  crossedSeries: number;
  series: Record<string, string[]>;
}

const input = workerData as LoadWorkerInput;
const projectors = input.projections.map((name) => findProjector(name));
const reader = new pg.Client({ connectionString: input.databaseUrl });
await reader.connect();
const copiers = new Map<string, Promise<TableCopier>>();
try {
  await reader.query('begin isolation level repeatable read, read only');
  await reader.query(`set transaction snapshot '${input.snapshot.replace(/'/g, "''")}'`);
  const ready = new Map<string, TableCopier>();
  const behind = new Set<TableCopier>();
  const pending: Array<{ table: string; rows: Array<Record<string, unknown>> }> = [];
  const folder = new StreamFolder(projectors, (spec, rows) => {
    const copier = ready.get(spec.name);
    if (!copier) {
      // The table's connection is still opening: keep the rows until it is.
      if (!copiers.has(spec.name)) copiers.set(spec.name, TableCopier.open(input.databaseUrl, input.schema, spec, input.columnTypes[spec.name]!));
      pending.push({ table: spec.name, rows: [...rows] });
      return;
    }
    for (const row of rows) if (!copier.write(row)) behind.add(copier);
  });
  for await (const events of copyEventsOfStreams(reader, input.range)) {
    for (const event of events) folder.add(event);
    for (const [table, opening] of copiers) {
      if (!ready.has(table)) ready.set(table, await opening);
    }
    while (pending.length > 0) {
      const { table, rows } = pending.shift()!;
      const copier = ready.get(table)!;
      for (const row of rows) if (!copier.write(row as never)) behind.add(copier);
    }
    for (const copier of behind) await copier.drained();
    behind.clear();
  }
  folder.flush();
  for (const [table, opening] of copiers) if (!ready.has(table)) ready.set(table, await opening);
  for (const { table, rows } of pending) {
    const copier = ready.get(table)!;
    for (const row of rows) if (!copier.write(row as never)) await copier.drained();
  }
  await reader.query('commit');
  const ending = [...ready.values()].map((copier) => copier.end());
  copiers.clear();
  await Promise.all(ending);
  const result: LoadWorkerResult = { events: folder.events, misses: folder.misses.count, crossedSeries: folder.crossedSeries, series: folder.seriesKeys() };
  parentPort!.postMessage({ done: result });
} finally {
  await reader.end();
  // A failed load leaves no COPY connection open.
  for (const opening of copiers.values()) await opening.then((c) => c.end()).catch(() => undefined);
}
