/**
 * Replays projections in memory from every event (one pass feeds them all) and diffs them against
 * the live tables, in one repeatable-read snapshot so events and tables are seen at the same instant.
 * A hook sees every event on the way (the hash chains on PGlite), and work beside the replay can
 * share the snapshot from other connections (the hash chains on PostgreSQL, in worker threads).
 */
import { sql, type Kysely } from 'kysely';
import type { EventStore } from '../ledger/event-store/event-store.ts';
import type { RecordedEvent } from '../ledger/event-store/types.ts';
import { chainChecker, type ChainReport } from '../ledger/event-store/chain-checker.ts';
import { verifyHashChainsInParallel } from '../ledger/event-store/verify-chains.ts';
import { emptyTables, normalizeRow, replayInMemory, sameRow, type MemoryTables } from './memory-replay.ts';
import { keyOf, type Projector, type Row } from './projector.ts';

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
  /**
   * Runs beside the replay with the id of the pass's snapshot (PostgreSQL), so work on other
   * connections (the hash chains, in worker threads) sees the same instant; awaited before the end.
   */
  besideReplay?: (trx: Kysely<any>, snapshot: string) => Promise<void>;
  pageSize?: number;
}

export async function verifyProjections(store: EventStore, projectors: readonly Projector[], options: VerifyOptions = {}): Promise<ProjectionReport[]> {
  const { onEvent, besideReplay, pageSize = 20_000 } = options;
  const db = store.db as unknown as Kysely<any>;
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      let beside: Promise<void> = Promise.resolve();
      if (besideReplay) {
        const { rows } = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(trx);
        beside = besideReplay(trx, rows[0]!.snapshot);
        // Settled here too, so a failure is not left unhandled while the replay runs.
        beside.catch(() => undefined);
      }
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
          const expected = tables.get(spec.name)!;
          // The live table is read a keyset page at a time, the next page on its way while this one
          // is compared, so a million rows never sit in memory twice.
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
        }
        reports.push({ projection: projector.name, events, rows, differences });
      }
      await beside;
      return reports;
    });
}

export async function verifyProjection(store: EventStore, projector: Projector): Promise<ProjectionReport> {
  return (await verifyProjections(store, [projector]))[0]!;
}

/**
 * The whole check: every hash chain and every projection, in one snapshot. On PostgreSQL the chains
 * are hashed by worker threads on connections of their own while this one replays; on PGlite, one
 * session, they are walked in the replay's own pass.
 */
export async function verifyLedger(
  store: EventStore,
  projectors: readonly Projector[],
  databaseUrl: string | null,
): Promise<{ chains: ChainReport; projections: ProjectionReport[] }> {
  if (!databaseUrl) {
    const checker = chainChecker();
    const projections = await verifyProjections(store, projectors, { onEvent: (event) => checker.check(event) });
    return { chains: checker.report(), projections };
  }
  let chains: ChainReport | null = null;
  const projections = await verifyProjections(store, projectors, {
    besideReplay: async (trx, snapshot) => {
      chains = await verifyHashChainsInParallel(trx, databaseUrl, snapshot);
    },
  });
  return { chains: chains!, projections };
}
