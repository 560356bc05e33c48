/**
 * Replays projections in memory from every event (one pass feeds them all) and diffs them against
 * the live tables, in one repeatable-read snapshot so events and tables are seen at the same instant;
 * a hook sees every event on the way (the hash chains). That is the whole check on PGlite and the
 * detailed one on PostgreSQL, where worker threads do the work first (verify-parallel.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { EventStore } from '../ledger/event-store/event-store.ts';
import type { RecordedEvent } from '../ledger/event-store/types.ts';
import { chainChecker, type ChainReport } from '../ledger/event-store/chain-checker.ts';
import { emptyTables, normalizeRow, replayInMemory, sameRow, type MemoryTables } from './memory-replay.ts';
import { defaultWorkers } from './parallel-load.ts';
import { keyOf, type Projector, type Row, type TableSpec } from './projector.ts';
import { isRegistered } from './registry.ts';
import { verifyInWorkers } from './verify-parallel.ts';

export interface TableDifference {
  table: string;
  key: string;
  expected: Record<string, unknown> | null;
  actual: Record<string, unknown> | null;
}

export interface ProjectionReport {
  projection: string;
  events: number;
  rows: number;
  differences: TableDifference[];
}

export interface VerifyOptions {
  /** Sees every event of the pass, in position order. */
  onEvent?: (event: RecordedEvent) => void;
  pageSize?: number;
}

/**
 * Compares a live table with the rows expected of it (which it empties). The live table is read a
 * keyset page at a time, the next page on its way while this one is compared, so a million rows
 * never sit in memory twice.
 */
export async function compareLiveTable(
  trx: Kysely<any>,
  spec: TableSpec,
  expected: Map<string, Row>,
  pageSize: number,
): Promise<{ rows: number; differences: TableDifference[] }> {
  const differences: TableDifference[] = [];
  let rows = 0;
  const order = sql.join(spec.key.map((k) => sql.ref(k)));
  const readLive = (after: Row | null) =>
    sql<Row>`
      select * from ${sql.table(`public.${spec.name}`)}
       ${after ? sql`where (${order}) > (${sql.join(spec.key.map((k) => after[k] ?? null))})` : sql``}
       order by ${order} limit ${pageSize}`.execute(trx);
  let next = readLive(null);
  for (;;) {
    const { rows: page } = await next;
    if (page.length === pageSize) {
      next = readLive(page[page.length - 1]!);
      next.catch(() => undefined); // awaited on the next turn
    }
    for (const live of page) {
      const key = keyOf(spec, live);
      const want = expected.get(key);
      expected.delete(key);
      if (!want || !sameRow(spec, want, live)) {
        differences.push({ table: spec.name, key, expected: want ? normalizeRow(spec, want) : null, actual: normalizeRow(spec, live) });
      }
    }
    rows += page.length;
    if (page.length < pageSize) break;
  }
  for (const [key, want] of expected) differences.push({ table: spec.name, key, expected: normalizeRow(spec, want), actual: null });
  expected.clear();
  return { rows, differences };
}

export async function verifyProjections(store: EventStore, projectors: readonly Projector[], options: VerifyOptions = {}): Promise<ProjectionReport[]> {
  const { onEvent, pageSize = 20_000 } = options;
  const db: Kysely<any> = store.db;
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const memory = new Map<string, MemoryTables>(projectors.map((p) => [p.name, emptyTables(p)]));
      let events = 0;
      let next = store.readAllAfterPosition(0, pageSize, trx as never);
      for (;;) {
        const page = await next;
        if (page.length === 0) break;
        // The next page is read while this one is replayed.
        next = page.length === pageSize ? store.readAllAfterPosition(page[page.length - 1]!.globalPosition, pageSize, trx as never) : Promise.resolve([]);
        next.catch(() => undefined); // awaited on the next turn; not unhandled if replaying throws
        if (onEvent) for (const event of page) onEvent(event);
        for (const projector of projectors) replayInMemory(projector, page, memory.get(projector.name));
        events += page.length;
      }
      const reports: ProjectionReport[] = [];
      for (const projector of projectors) {
        const tables = memory.get(projector.name)!;
        memory.delete(projector.name);
        const differences: TableDifference[] = [];
        let rows = 0;
        for (const spec of projector.tables) {
          const compared = await compareLiveTable(trx, spec, tables.get(spec.name)!, pageSize);
          rows += compared.rows;
          differences.push(...compared.differences);
        }
        reports.push({ projection: projector.name, events, rows, differences });
      }
      return reports;
    });
}

export async function verifyProjection(store: EventStore, projector: Projector): Promise<ProjectionReport> {
  return (await verifyProjections(store, [projector]))[0]!;
}

/**
 * The whole check: every hash chain and every projection, in one snapshot. On PostgreSQL worker
 * threads walk the chains and fold the projections over ranges of streams (verify-parallel.ts);
 * should any row differ, the projections concerned are checked again in one pass in commit order,
 * which names each difference. On PGlite, one session, everything is one pass in commit order.
 */
export async function verifyLedger(
  store: EventStore,
  projectors: readonly Projector[],
  databaseUrl: string | null,
  options: { workers?: number } = {},
): Promise<{ chains: ChainReport; projections: ProjectionReport[] }> {
  const workers = options.workers ?? defaultWorkers();
  // Workers find projectors by name: one that is not the registered one is replayed here.
  if (databaseUrl && workers > 0 && projectors.every(isRegistered)) {
    const parallel = await verifyInWorkers(store, projectors, databaseUrl, workers);
    if (parallel) {
      if (parallel.toDetail.length === 0) return parallel;
      const detailed = await verifyProjections(
        store,
        projectors.filter((p) => parallel.toDetail.includes(p.name)),
      );
      return { chains: parallel.chains, projections: parallel.projections.map((report) => detailed.find((d) => d.projection === report.projection) ?? report) };
    }
  }
  const checker = chainChecker();
  const projections = await verifyProjections(store, projectors, { onEvent: (event) => checker.check(event) });
  return { chains: checker.report(), projections };
}
