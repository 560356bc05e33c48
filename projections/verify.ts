/**
 * Replays projections in memory from every event (one pass feeds them all) and diffs them against
 * the live tables, in one repeatable-read snapshot so events and tables are seen at the same instant.
 * A hook sees every event on the way, so the hash chains are walked in the same pass.
 */
import { sql, type Kysely } from 'kysely';
import type { EventStore } from '../ledger/event-store/event-store.ts';
import type { RecordedEvent } from '../ledger/event-store/types.ts';
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

export async function verifyProjections(
  store: EventStore,
  projectors: readonly Projector[],
  onEvent: (event: RecordedEvent) => void = () => undefined,
  pageSize = 20_000,
): Promise<ProjectionReport[]> {
  const db = store.db as unknown as Kysely<any>;
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const memory = new Map<string, MemoryTables>(projectors.map((p) => [p.name, emptyTables(p)]));
      let after = 0;
      let events = 0;
      for (;;) {
        const page = await store.readAllAfterPosition(after, pageSize, trx as never);
        if (page.length === 0) break;
        for (const event of page) onEvent(event);
        for (const projector of projectors) replayInMemory(projector, page, memory.get(projector.name));
        events += page.length;
        after = page[page.length - 1]!.globalPosition;
      }
      const reports: ProjectionReport[] = [];
      for (const projector of projectors) {
        const tables = memory.get(projector.name)!;
        memory.delete(projector.name);
        const differences: TableDifference[] = [];
        let rows = 0;
        for (const spec of projector.tables) {
          const expected = tables.get(spec.name)!;
          // The live table is read a keyset page at a time, so a million rows never sit in memory twice.
          const order = sql.join(spec.key.map((k) => sql.ref(k)));
          let last: Row | null = null;
          for (;;) {
            const after: Row | null = last;
            const { rows: page } = await sql<Row>`
              select * from ${sql.table(`public.${spec.name}`)}
               ${after ? sql`where (${order}) > (${sql.join(spec.key.map((k) => after[k] ?? null))})` : sql``}
               order by ${order} limit ${pageSize}`.execute(trx);
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
            last = page[page.length - 1]!;
          }
          for (const [key, want] of expected) differences.push({ table: spec.name, key, expected: normalizeRow(spec, want), actual: null });
        }
        reports.push({ projection: projector.name, events, rows, differences });
      }
      return reports;
    });
}

export async function verifyProjection(store: EventStore, projector: Projector): Promise<ProjectionReport> {
  return (await verifyProjections(store, [projector]))[0]!;
}
