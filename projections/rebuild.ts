/**
 * Rebuilds projections without stopping the application. Everything committed so far is folded
 * and loaded into fresh tables in a side schema that have no indexes yet: on PostgreSQL by worker
 * threads over ranges of streams, each reading with binary COPY inside one exported snapshot and
 * COPYing each finished stream's rows in (parallel-load.ts); on PGlite in one pass in commit order,
 * in memory, then by multi-row inserts. The indexes and constraints are then built once over the
 * loaded rows. Writers keep appending meanwhile: the events they added are applied by the SQL
 * writer, and then in one short transaction that holds appends back the last ones are, the fresh
 * tables swapped in and the checkpoints recorded. Readers see either the old tables or the
 * complete new ones, never a half-built table.
 */
import { sql, type Kysely } from 'kysely';
import type { EventStore } from '../ledger/event-store/event-store.ts';
import { START_CHECKPOINT, type Checkpoint, type RecordedEvent } from '../ledger/event-store/types.ts';
import { copyTables, insertTables, type TableLoad } from './bulk-load.ts';
import { emptyTables, replayInMemory, type MemoryTables } from './memory-replay.ts';
import type { Projector, TableSpec } from './projector.ts';
import { buildIndexesInParallel, defaultWorkers, loadInWorkers, type IndexDefinition } from './parallel-load.ts';
import { isRegistered } from './registry.ts';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../ledger/errors.ts';
import { projectEvents } from './sql-writer.ts';

export interface RebuildResult {
  projections: string[];
  events: number;
  seconds: number;
}

export interface RebuildOptions {
  /** Events read and folded per page. */
  batchSize?: number;
  /** The PostgreSQL connection string, to load with COPY; without it (PGlite) rows go in by INSERT. */
  databaseUrl?: string | null;
  /** Worker threads folding ranges of streams on PostgreSQL (default: one per core); 0 folds in one pass. */
  workers?: number;
}

const SIDE_SCHEMA = 'rebuild_projections';
const checkpointOf = (event: RecordedEvent): Checkpoint => ({ transactionId: event.transactionId, globalPosition: event.globalPosition });

/** The live table's indexes, and the constraints they back, as they are defined. */
async function indexesOf(db: Kysely<any>, table: string): Promise<IndexDefinition[]> {
  const { rows } = await sql<IndexDefinition>`
    select ${table}::text as "table", i.relname as name, pg_get_indexdef(i.oid) as definition, pg_get_constraintdef(c.oid) as constraint
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
      left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = t.oid and c.contype in ('p', 'u', 'x')
     where n.nspname = 'public' and t.relname = ${table}
     order by c.contype nulls last, i.relname`.execute(db);
  return rows;
}

/** Builds the live table's indexes on the fresh one, under the same names (the schema keeps them apart), one at a time. */
async function buildIndexes(db: Kysely<any>, table: string, indexes: IndexDefinition[]): Promise<void> {
  const fresh = sql.table(`${SIDE_SCHEMA}.${table}`);
  for (const index of indexes) {
    if (index.constraint) {
      await sql`alter table ${fresh} add constraint ${sql.id(index.name)} ${sql.raw(index.constraint)}`.execute(db);
    } else {
      const onFresh = index.definition.replace(/ ON (\S+) USING /, ` ON "${SIDE_SCHEMA}"."${table.replace(/"/g, '""')}" USING `);
      await sql.raw(onFresh).execute(db);
    }
  }
}

/** Folds everything committed so far in one pass in commit order, in memory, and loads the tables. */
async function loadInOnePass(
  store: EventStore,
  projectors: readonly Projector[],
  batchSize: number,
  databaseUrl: string | null,
): Promise<{ events: number; checkpoint: Checkpoint }> {
  // Rows are changed in place, never written twice.
  const memory = new Map<string, MemoryTables>(projectors.map((p) => [p.name, emptyTables(p)]));
  let checkpoint = START_CHECKPOINT;
  let events = 0;
  let next = store.readAllSafe(checkpoint, batchSize);
  for (;;) {
    const page = await next;
    if (page.length === 0) break;
    checkpoint = checkpointOf(page[page.length - 1]!);
    // The next page is read while this one is folded.
    next = store.readAllSafe(checkpoint, batchSize);
    next.catch(() => undefined); // awaited above on the next turn; not unhandled if folding throws
    for (const projector of projectors) replayInMemory(projector, page, memory.get(projector.name));
    events += page.length;
  }
  const loads: TableLoad[] = projectors.flatMap((p) =>
    p.tables.map((spec) => ({ schema: SIDE_SCHEMA, spec, rows: memory.get(p.name)!.get(spec.name)!.values() })),
  );
  if (databaseUrl) await copyTables(databaseUrl, loads);
  else await insertTables(store.db, loads);
  return { events, checkpoint };
}

async function projectAll(db: Kysely<any>, projectors: readonly Projector[], events: RecordedEvent[]): Promise<void> {
  for (const projector of projectors) await projectEvents(db, SIDE_SCHEMA, projector, events);
}

export async function rebuildProjections(store: EventStore, projectors: readonly Projector[], options: RebuildOptions = {}): Promise<RebuildResult> {
  const batchSize = options.batchSize ?? 50_000;
  const workers = options.workers ?? defaultWorkers();
  const started = performance.now();
  const db: Kysely<any> = store.db;
  await sql`drop schema if exists ${sql.id(SIDE_SCHEMA)} cascade`.execute(db);
  await sql`create schema ${sql.id(SIDE_SCHEMA)}`.execute(db);
  let events = 0;
  try {
    const specs: TableSpec[] = projectors.flatMap((p) => p.tables);
    const indexes = new Map<string, IndexDefinition[]>();
    for (const spec of specs) indexes.set(spec.name, await indexesOf(db, spec.name));
    const createFreshTables = async () => {
      for (const spec of specs) {
        const fresh = sql.table(`${SIDE_SCHEMA}.${spec.name}`);
        await sql`drop table if exists ${fresh}`.execute(db);
        await sql`create table ${fresh} (like ${sql.table(`public.${spec.name}`)} including all excluding indexes)`.execute(db);
      }
    };
    const buildAllIndexes = async () => {
      if (options.databaseUrl)
        await buildIndexesInParallel(
          options.databaseUrl,
          SIDE_SCHEMA,
          specs.flatMap((spec) => indexes.get(spec.name)!),
          Math.max(1, workers),
        );
      else for (const spec of specs) await buildIndexes(db, spec.name, indexes.get(spec.name)!);
    };
    await createFreshTables();

    let loaded: { events: number; checkpoint: Checkpoint } | null = null;
    // Workers find projectors by name: one that is not the registered one is folded here.
    if (options.databaseUrl && workers > 0 && projectors.every(isRegistered)) {
      const parallel = await loadInWorkers(options.databaseUrl, projectors, SIDE_SCHEMA, workers);
      if (parallel.exact) {
        try {
          await buildAllIndexes();
          loaded = parallel;
        } catch (error) {
          // Two streams wrote rows of one key (against the rule in projector.ts): fold in commit order.
          if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
        }
      }
      if (!loaded) await createFreshTables();
    }
    if (!loaded) {
      loaded = await loadInOnePass(store, projectors, batchSize, options.databaseUrl ?? null);
      await buildAllIndexes();
    }
    events = loaded.events;
    let checkpoint = loaded.checkpoint;

    // What was appended during the load, then the rest under the lock.
    for (;;) {
      const page = await store.readAllSafe(checkpoint, batchSize);
      if (page.length === 0) break;
      await db.transaction().execute((trx) => projectAll(trx, projectors, page));
      events += page.length;
      checkpoint = checkpointOf(page[page.length - 1]!);
    }
    await db.transaction().execute(async (trx) => {
      // SHARE mode waits for every appending transaction to finish and holds new appends back.
      await sql`lock table events in share mode`.execute(trx);
      for (;;) {
        const page = await store.readAllCommitted(checkpoint, batchSize, trx as never);
        if (page.length === 0) break;
        await projectAll(trx, projectors, page);
        events += page.length;
        checkpoint = checkpointOf(page[page.length - 1]!);
      }
      for (const projector of projectors) {
        for (const table of projector.tables) {
          await sql`drop table ${sql.table(`public.${table.name}`)}`.execute(trx);
          await sql`alter table ${sql.table(`${SIDE_SCHEMA}.${table.name}`)} set schema public`.execute(trx);
        }
        await trx
          .insertInto('projection_checkpoints')
          .values({ name: projector.name, version: projector.version, transaction_id: checkpoint.transactionId, global_position: checkpoint.globalPosition })
          .onConflict((oc) =>
            oc.column('name').doUpdateSet({
              version: projector.version,
              transaction_id: checkpoint.transactionId,
              global_position: checkpoint.globalPosition,
              updated_at: new Date(),
            }),
          )
          .execute();
      }
    });
  } finally {
    await sql`drop schema if exists ${sql.id(SIDE_SCHEMA)} cascade`.execute(db);
  }
  return { projections: projectors.map((p) => p.name), events, seconds: (performance.now() - started) / 1000 };
}

/** One projection by itself. */
export function rebuildProjection(store: EventStore, projector: Projector, options: RebuildOptions = {}): Promise<RebuildResult> {
  return rebuildProjections(store, [projector], options);
}
