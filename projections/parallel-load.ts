/**
 * The PostgreSQL side of a rebuild's load: worker threads, one per core, each folding a range of
 * streams (cut at about equal numbers of events) and COPYing its rows into the fresh tables, all
 * inside one exported snapshot; then the fresh tables' indexes, built on as many connections at
 * once. Running balances and every other row belong to one stream (projector.ts), so ranges of
 * streams fold apart exactly; a worker that sees otherwise says so and the caller folds in commit
 * order instead.
 */
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { runTsWorker } from '../ledger/ts-worker.ts';
import { START_CHECKPOINT, type Checkpoint } from '../ledger/event-store/types.ts';
import type { StreamRange } from '../ledger/event-store/copy-events.ts';
import type { LoadWorkerInput, LoadWorkerResult } from './load-worker.ts';
import type { Projector } from './projector.ts';
import { sharedSeries } from './stream-fold.ts';

export interface ParallelLoad {
  events: number;
  /** Where the load stopped: every event of a transaction below the snapshot's xmin, no other. */
  checkpoint: Checkpoint;
  /** False when a row or running series was fed by more than one stream: the tables are not the fold. */
  exact: boolean;
}

/**
 * Worker threads for a rebuild or a verify: one per core, at most eight (each holds a connection
 * for its reads and, in a rebuild, one per table it loads).
 */
export function defaultWorkers(): number {
  return Math.min(availableParallelism(), 8);
}

export async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/** Stream ids that cut the events into `parts` ranges of about equal size (by stream id order). */
export async function cuts(client: pg.Client, parts: number): Promise<string[]> {
  const { rows: head } = await client.query<{ n: string }>('select count(*) as n from events');
  const total = Number(head[0]!.n);
  const found: string[] = [];
  for (let i = 1; i < parts; i += 1) {
    const { rows } = await client.query<{ stream_id: string }>('select stream_id from events order by stream_id offset $1 limit 1', [
      Math.floor((total * i) / parts),
    ]);
    const cut = rows[0]?.stream_id;
    if (cut !== undefined && cut !== found[found.length - 1]) found.push(cut);
  }
  return found;
}

/** Each table's column types as `format_type` names them, in the order of its spec's columns. */
export async function columnTypesOf(client: pg.Client, schema: string, projectors: readonly Projector[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const spec of projectors.flatMap((p) => p.tables)) {
    const { rows } = await client.query<{ attname: string; type: string }>(
      `select a.attname, format_type(a.atttypid, a.atttypmod) as type
         from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = $1 and c.relname = $2 and a.attnum > 0 and not a.attisdropped`,
      [schema, spec.name],
    );
    const types = new Map(rows.map((r) => [r.attname, r.type]));
    out[spec.name] = spec.columns.map((c) => {
      const type = types.get(c);
      if (!type) throw new Error(`table ${spec.name} has no column ${c}`);
      return type;
    });
  }
  return out;
}

/**
 * The place of the newest event of a transaction below `xmin`, START_CHECKPOINT if none. Ordered
 * by the xid8 column itself: as text, transaction 999 would sort after 1000.
 */
export async function lastEventBelow(client: pg.Client, xmin: string): Promise<Checkpoint> {
  const { rows } = await client.query<{ transaction_id: string; global_position: string }>(
    `select e.transaction_id::text as transaction_id, e.global_position from events e
      where e.transaction_id < $1::xid8 order by e.transaction_id desc, e.global_position desc limit 1`,
    [xmin],
  );
  return rows[0] ? { transactionId: rows[0].transaction_id, globalPosition: Number(rows[0].global_position) } : START_CHECKPOINT;
}

/** Folds every event committed so far into the (empty) tables of `schema`, in worker threads. */
export async function loadInWorkers(databaseUrl: string, projectors: readonly Projector[], schema: string, workers = defaultWorkers()): Promise<ParallelLoad> {
  const client = await connect(databaseUrl);
  try {
    await client.query('begin isolation level repeatable read, read only');
    const { rows } = await client.query<{ snapshot: string; xmin: string }>(
      'select pg_export_snapshot() as snapshot, pg_snapshot_xmin(pg_current_snapshot())::text as xmin',
    );
    const { snapshot, xmin } = rows[0]!;
    // Every event of a transaction below xmin is committed (or never will be) and visible here.
    const checkpoint = await lastEventBelow(client, xmin);
    const columnTypes = await columnTypesOf(client, schema, projectors);
    const bounds = await cuts(client, Math.max(1, workers));
    const ranges: StreamRange[] = [null, ...bounds].map((from, i) => ({ from, until: bounds[i] ?? null, belowTransaction: xmin }));
    const results = await Promise.all(
      ranges.map((range) => {
        const input: LoadWorkerInput = { databaseUrl, snapshot, range, projections: projectors.map((p) => p.name), schema, columnTypes };
        return runTsWorker<LoadWorkerResult>(new URL('./load-worker.ts', import.meta.url), input);
      }),
    );
    await client.query('commit');
    const exact = results.every((r) => r.misses === 0 && r.crossedSeries === 0) && sharedSeries(results.map((r) => r.series)) === 0;
    return { events: results.reduce((n, r) => n + r.events, 0), checkpoint, exact };
  } finally {
    await client.end();
  }
}

export interface IndexDefinition {
  table: string;
  name: string;
  definition: string;
  /** Set when the index backs a primary key, unique or exclusion constraint. */
  constraint: string | null;
}

/**
 * Builds the live tables' indexes on the fresh ones in `schema`, under the same names, on as many
 * connections as there are cores, the largest tables first. An index behind a primary key or
 * unique constraint is built like the others and then taken by its constraint (a quick step that
 * waits for the builds on its table); an exclusion constraint is added as it is defined.
 */
export async function buildIndexesInParallel(
  databaseUrl: string,
  schema: string,
  indexes: readonly IndexDefinition[],
  connections = defaultWorkers(),
): Promise<void> {
  const onFresh = (index: IndexDefinition) =>
    index.definition.replace(/ ON (\S+) USING /, ` ON "${schema.replace(/"/g, '""')}"."${index.table.replace(/"/g, '""')}" USING `);
  const byIndex = (index: IndexDefinition) =>
    index.constraint === null || (/^(PRIMARY KEY|UNIQUE) /.test(index.constraint) && !/DEFERRABLE/.test(index.constraint));
  const queue = indexes.filter(byIndex);
  const clients = await Promise.all(Array.from({ length: Math.max(1, Math.min(connections, queue.length)) }, () => connect(databaseUrl)));
  try {
    const { rows: sizes } = await clients[0]!.query<{ relname: string; bytes: string }>(
      'select c.relname, pg_relation_size(c.oid) as bytes from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1',
      [schema],
    );
    const size = new Map(sizes.map((r) => [r.relname, Number(r.bytes)]));
    queue.sort((a, b) => (size.get(b.table) ?? 0) - (size.get(a.table) ?? 0));
    let next = 0;
    await Promise.all(
      clients.map(async (client) => {
        while (next < queue.length) await client.query(onFresh(queue[next++]!));
      }),
    );
    const table = (index: IndexDefinition) => `"${schema.replace(/"/g, '""')}"."${index.table.replace(/"/g, '""')}"`;
    for (const index of indexes) {
      if (!index.constraint) continue;
      const name = `"${index.name.replace(/"/g, '""')}"`;
      const kind = index.constraint.startsWith('PRIMARY KEY') ? 'primary key' : 'unique';
      if (byIndex(index)) await clients[0]!.query(`alter table ${table(index)} add constraint ${name} ${kind} using index ${name}`);
      else await clients[0]!.query(`alter table ${table(index)} add constraint ${name} ${index.constraint}`);
    }
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}
