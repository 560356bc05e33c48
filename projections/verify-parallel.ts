/**
 * `ledger verify` on PostgreSQL: worker threads, one per core, each walk the hash chains of a range
 * of streams and fold the projections one stream at a time, inside one exported snapshot; this
 * thread compares their rows with the live tables read in the same snapshot. Rows travel as their
 * key and a SHA-256 of their binary COPY form, which is what PostgreSQL sends for the same stored
 * row, so a live table is read with one COPY and compared without a second copy of it in memory.
 * Tables with a column type that has no binary form here travel whole and are compared by value.
 *
 * A digest says that a row differs, not how: when any does, the projections concerned are checked
 * again in one pass in commit order, which names every difference with both rows.
 */
import { sql } from 'kysely';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { EventStore } from '../ledger/event-store/event-store.ts';
import { BinaryTupleReader, binaryTypeOf, tupleKey } from '../ledger/event-store/binary-copy.ts';
import type { ChainReport } from '../ledger/event-store/chain-checker.ts';
import type { StreamRange } from '../ledger/event-store/copy-events.ts';
import { runTsWorker } from '../ledger/ts-worker.ts';
import { columnTypesOf, connect, cuts, defaultWorkers } from './parallel-load.ts';
import { keyOf, type Projector, type Row, type TableSpec } from './projector.ts';
import { sharedSeries } from './stream-fold.ts';
import { compareLiveTable, type ProjectionReport, type TableDifference } from './verify.ts';
import { keyIndexes, tupleDigest } from './row-digest.ts';
import type { VerifyWorkerInput, VerifyWorkerPart, VerifyWorkerResult } from './verify-worker.ts';

export interface ParallelVerify {
  chains: ChainReport;
  projections: ProjectionReport[];
  /** Projections whose differences are known only by key: to be checked again in detail. */
  toDetail: string[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Compares a live table, read with binary COPY, with the digests expected of it (which it empties). */
async function compareDigests(client: pg.Client, spec: TableSpec, expected: Map<string, string>): Promise<{ rows: number; differences: TableDifference[] }> {
  const differences: TableDifference[] = [];
  const keys = keyIndexes(spec);
  const reader = new BinaryTupleReader();
  let rows = 0;
  const stream = client.query(copyTo(`copy (select ${spec.columns.map(ident).join(', ')} from public.${ident(spec.name)}) to stdout (format binary)`));
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    for (const tuple of reader.push(chunk)) {
      rows += 1;
      const key = tupleKey(tuple, keys);
      const want = expected.get(key);
      if (want === undefined || want !== tupleDigest(tuple)) differences.push({ table: spec.name, key: '', expected: null, actual: null });
      expected.delete(key);
    }
  }
  for (let n = 0; n < expected.size; n += 1) differences.push({ table: spec.name, key: '', expected: null, actual: null });
  expected.clear();
  return { rows, differences };
}

/**
 * The whole check in worker threads, or null when a worker saw a row or a running series fed by
 * more than one stream (then only a fold in commit order is the reference).
 */
export async function verifyInWorkers(
  store: EventStore,
  projectors: readonly Projector[],
  databaseUrl: string,
  workers = defaultWorkers(),
): Promise<ParallelVerify | null> {
  return store.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows: exported } = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(trx);
      const snapshot = exported[0]!.snapshot;
      const client = await connect(databaseUrl);
      try {
        await client.query('begin isolation level repeatable read, read only');
        await client.query(`set transaction snapshot '${snapshot.replace(/'/g, "''")}'`);
        const columnTypes = await columnTypesOf(client, 'public', projectors);
        const specs = new Map(projectors.flatMap((p) => p.tables).map((spec) => [spec.name, spec]));
        const binary = new Set([...specs.keys()].filter((table) => columnTypes[table]!.every((t) => binaryTypeOf(t) !== null)));
        const digests = new Map<string, Map<string, string>>([...binary].map((table) => [table, new Map()]));
        const whole = new Map<string, Map<string, Row>>([...specs.keys()].filter((t) => !binary.has(t)).map((table) => [table, new Map()]));
        let duplicates = 0;
        const onPart = (part: VerifyWorkerPart) => {
          if ('digests' in part) {
            const map = digests.get(part.table)!;
            for (let i = 0; i < part.digests.length; i += 2) {
              if (map.has(part.digests[i]!)) duplicates += 1;
              map.set(part.digests[i]!, part.digests[i + 1]!);
            }
          } else {
            const map = whole.get(part.table)!;
            const spec = specs.get(part.table)!;
            for (const row of part.rows) {
              const key = keyOf(spec, row);
              if (map.has(key)) duplicates += 1;
              map.set(key, row);
            }
          }
        };
        const bounds = await cuts(client, Math.max(1, workers));
        const ranges: StreamRange[] = [null, ...bounds].map((from, i) => ({ from, until: bounds[i] ?? null, belowTransaction: null }));
        const results = await Promise.all(
          ranges.map((range) => {
            const input: VerifyWorkerInput = { databaseUrl, snapshot, range, projections: projectors.map((p) => p.name), columnTypes };
            return runTsWorker<VerifyWorkerResult, VerifyWorkerPart>(new URL('./verify-worker.ts', import.meta.url), input, onPart);
          }),
        );
        const exact = duplicates === 0 && results.every((r) => r.misses === 0 && r.crossedSeries === 0) && sharedSeries(results.map((r) => r.series)) === 0;
        if (!exact) return null;
        const chains: ChainReport = {
          events: results.reduce((n, r) => n + r.chains.events, 0),
          streams: results.reduce((n, r) => n + r.chains.streams, 0),
          problems: results.flatMap((r) => r.chains.problems).sort((a, b) => a.globalPosition - b.globalPosition),
        };
        const events = results.reduce((n, r) => n + r.events, 0);
        const projections: ProjectionReport[] = [];
        const toDetail: string[] = [];
        for (const projector of projectors) {
          const differences: TableDifference[] = [];
          let rows = 0;
          let byDigest = false;
          for (const spec of projector.tables) {
            const compared = binary.has(spec.name)
              ? await compareDigests(client, spec, digests.get(spec.name)!)
              : await compareLiveTable(trx, spec, whole.get(spec.name)!, 20_000);
            rows += compared.rows;
            differences.push(...compared.differences);
            byDigest ||= binary.has(spec.name) && compared.differences.length > 0;
          }
          if (byDigest) toDetail.push(projector.name);
          projections.push({ projection: projector.name, events, rows, differences });
        }
        await client.query('commit');
        return { chains, projections, toDetail };
      } finally {
        await client.end();
      }
    });
}
