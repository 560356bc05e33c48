/**
 * Rebuilds projections without stopping the application: build fresh tables in a side schema from
 * position 0 (one pass over the events feeds every projection being rebuilt) while writers keep
 * appending, then in one short transaction that holds appends back, apply the last events, swap the
 * fresh tables in and record the checkpoints. Readers see either the old tables or the complete new
 * ones, never a half-built table.
 */
import { sql, type Kysely } from 'kysely';
import type { EventStore } from '../ledger/event-store/event-store.ts';
import { START_CHECKPOINT, type Checkpoint, type RecordedEvent } from '../ledger/event-store/types.ts';
import type { Projector } from './projector.ts';
import { projectEvents } from './sql-writer.ts';

export interface RebuildResult {
  projections: string[];
  events: number;
  seconds: number;
}

const SIDE_SCHEMA = 'rebuild_projections';
const checkpointOf = (event: RecordedEvent): Checkpoint => ({ transactionId: event.transactionId, globalPosition: event.globalPosition });

/** Index names of a table, keyed by their definition with the name and schema taken out. */
async function indexesByDefinition(db: Kysely<any>, schema: string, table: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes where schemaname = ${schema} and tablename = ${table}`.execute(db);
  return new Map(rows.map((r) => [r.indexdef.replace(/INDEX \S+ ON \S+/, 'INDEX ON t'), r.indexname]));
}

async function projectAll(db: Kysely<any>, projectors: readonly Projector[], events: RecordedEvent[]): Promise<void> {
  for (const projector of projectors) await projectEvents(db, SIDE_SCHEMA, projector, events);
}

export async function rebuildProjections(store: EventStore, projectors: readonly Projector[], batchSize = 20_000): Promise<RebuildResult> {
  const started = performance.now();
  const db = store.db as unknown as Kysely<any>;
  await sql`drop schema if exists ${sql.id(SIDE_SCHEMA)} cascade`.execute(db);
  await sql`create schema ${sql.id(SIDE_SCHEMA)}`.execute(db);
  let events = 0;
  try {
    for (const projector of projectors) {
      for (const table of projector.tables) {
        await sql`create table ${sql.table(`${SIDE_SCHEMA}.${table.name}`)} (like ${sql.table(`public.${table.name}`)} including all)`.execute(db);
      }
    }

    let checkpoint = START_CHECKPOINT;
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
          const live = await indexesByDefinition(trx, 'public', table.name);
          const fresh = await indexesByDefinition(trx, SIDE_SCHEMA, table.name);
          for (const [definition, freshName] of fresh) {
            const liveName = live.get(definition);
            if (liveName && liveName !== freshName) {
              await sql`alter index ${sql.table(`${SIDE_SCHEMA}.${freshName}`)} rename to ${sql.id(liveName)}`.execute(trx);
            }
          }
          await sql`drop table ${sql.table(`public.${table.name}`)}`.execute(trx);
          await sql`alter table ${sql.table(`${SIDE_SCHEMA}.${table.name}`)} set schema public`.execute(trx);
        }
        await trx
          .insertInto('projection_checkpoints')
          .values({ name: projector.name, version: projector.version, transaction_id: checkpoint.transactionId, global_position: checkpoint.globalPosition })
          .onConflict((oc) =>
            oc.column('name').doUpdateSet({ version: projector.version, transaction_id: checkpoint.transactionId, global_position: checkpoint.globalPosition, updated_at: new Date() }),
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
export function rebuildProjection(store: EventStore, projector: Projector, batchSize = 20_000): Promise<RebuildResult> {
  return rebuildProjections(store, [projector], batchSize);
}
