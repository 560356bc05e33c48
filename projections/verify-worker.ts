/**
 * A worker thread of `ledger verify` on PostgreSQL: reads one range of streams inside the snapshot
 * the check exported, walks each stream's hash chain and folds the projections one stream at a
 * time. Each finished row is sent on as its key and a SHA-256 of its binary COPY form (what
 * PostgreSQL sends for the same stored row, byte for byte), or whole where a column's type has no
 * binary form here; the main thread compares them with the live tables read the same way.
 */
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { BinaryRowEncoder, binaryTypeOf, tupleKey, type BinaryType } from '../ledger/event-store/binary-copy.ts';
import { chainChecker, type ChainReport } from '../ledger/event-store/chain-checker.ts';
import { copyEventsOfStreams, type StreamRange } from '../ledger/event-store/copy-events.ts';
import type { WorkerMessage } from '../ledger/ts-worker.ts';
import type { Row } from './projector.ts';
import { findProjector } from './registry.ts';
import { keyIndexes, tupleDigest } from './row-digest.ts';
import { StreamFolder } from './stream-fold.ts';

export interface VerifyWorkerInput {
  databaseUrl: string;
  snapshot: string;
  range: StreamRange;
  projections: string[];
  /** Each table's column types as `format_type` names them, in the order of its columns. */
  columnTypes: Record<string, string[]>;
}

/** Rows of one table: keys and digests alternating, or whole rows. */
export type VerifyWorkerPart = { table: string; digests: string[] } | { table: string; rows: Row[] };

export interface VerifyWorkerResult {
  chains: ChainReport;
  events: number;
  misses: number;
  crossedSeries: number;
  series: Record<string, string[]>;
}

const BATCH = 20_000;
const input = workerData as VerifyWorkerInput;
const post = (message: WorkerMessage<VerifyWorkerPart, VerifyWorkerResult>) => parentPort!.postMessage(message);
const projectors = input.projections.map((name) => findProjector(name));
const encoders = new Map<string, { encoder: BinaryRowEncoder; keys: number[] } | null>();
for (const spec of projectors.flatMap((p) => p.tables)) {
  const types = input.columnTypes[spec.name]!.map(binaryTypeOf);
  encoders.set(
    spec.name,
    types.every((t) => t !== null) ? { encoder: new BinaryRowEncoder(spec.columns, types as BinaryType[]), keys: keyIndexes(spec) } : null,
  );
}
const digests = new Map<string, string[]>([...encoders.keys()].map((table) => [table, []]));
const whole = new Map<string, Row[]>([...encoders.keys()].map((table) => [table, []]));

function send(table: string): void {
  const d = digests.get(table);
  if (d && d.length > 0) post({ part: { table, digests: d } });
  digests.set(table, []);
  const w = whole.get(table);
  if (w && w.length > 0) post({ part: { table, rows: w } });
  whole.set(table, []);
}

const client = new pg.Client({ connectionString: input.databaseUrl });
await client.connect();
try {
  await client.query('begin isolation level repeatable read, read only');
  await client.query(`set transaction snapshot '${input.snapshot.replace(/'/g, "''")}'`);
  const checker = chainChecker();
  const folder = new StreamFolder(projectors, (spec, rows) => {
    const binary = encoders.get(spec.name);
    if (!binary) {
      const list = whole.get(spec.name)!;
      for (const row of rows) list.push(row);
      if (list.length >= BATCH) send(spec.name);
      return;
    }
    const list = digests.get(spec.name)!;
    for (const row of rows) {
      const tuple = binary.encoder.tuple(row);
      list.push(tupleKey(tuple, binary.keys), tupleDigest(tuple));
    }
    if (list.length >= 2 * BATCH) send(spec.name);
  });
  for await (const events of copyEventsOfStreams(client, input.range, (event) => checker.check(event))) {
    for (const event of events) folder.add(event);
  }
  folder.flush();
  await client.query('commit');
  for (const table of new Set([...digests.keys(), ...whole.keys()])) send(table);
  post({
    done: { chains: checker.report(), events: folder.events, misses: folder.misses.count, crossedSeries: folder.crossedSeries, series: folder.seriesKeys() },
  });
} finally {
  await client.end();
}
