/**
 * Replays a projection in memory from every event and diffs it against the live tables, in one
 * repeatable-read snapshot so events and tables are seen at the same instant.
 */
import { sql, type Kysely } from 'kysely';
import type { EventStore } from '../ledger/event-store/event-store.ts';
import { emptyTables, normalizeRow, replayInMemory } from './memory-replay.ts';
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

export async function verifyProjection(store: EventStore, projector: Projector, pageSize = 20_000): Promise<ProjectionReport> {
  const db = store.db as unknown as Kysely<any>;
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const tables = emptyTables(projector);
      let after = 0;
      let events = 0;
      for (;;) {
        const page = await store.readAllAfterPosition(after, pageSize, trx as never);
        if (page.length === 0) break;
        replayInMemory(projector, page, tables);
        events += page.length;
        after = page[page.length - 1]!.globalPosition;
      }
      const differences: TableDifference[] = [];
      let rows = 0;
      for (const spec of projector.tables) {
        const expected = tables.get(spec.name)!;
        const { rows: liveRows } = await sql<Row>`select * from ${sql.table(`public.${spec.name}`)}`.execute(trx);
        rows += liveRows.length;
        const seen = new Set<string>();
        for (const live of liveRows) {
          const key = keyOf(spec, live);
          seen.add(key);
          const actual = normalizeRow(spec, live);
          const want = expected.get(key);
          const wanted = want ? normalizeRow(spec, want) : null;
          if (!wanted || JSON.stringify(wanted) !== JSON.stringify(actual)) {
            differences.push({ table: spec.name, key, expected: wanted, actual });
          }
        }
        for (const [key, want] of expected) {
          if (!seen.has(key)) differences.push({ table: spec.name, key, expected: normalizeRow(spec, want), actual: null });
        }
      }
      return { projection: projector.name, events, rows, differences };
    });
}
