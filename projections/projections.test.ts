import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestRuntime } from '../test/helpers/test-database.ts';
import { runCommand } from '../ledger/command-runner.ts';
import { foldedStreamHandler } from '../ledger/stream-handler.ts';
import type { RecordedEvent } from '../ledger/event-store/types.ts';
import type { Projector } from './projector.ts';
import { replayInMemory, normalizeRow } from './memory-replay.ts';
import { projectEvents } from './sql-writer.ts';
import { rebuildProjection } from './rebuild.ts';
import { verifyProjection } from './verify.ts';

/** A small fold that uses every kind of row operation: counters per bin, an entry log, removals. */
const binsProjector: Projector = {
  name: 'bins',
  version: 1,
  tables: [
    { name: 'test_bins', key: ['bin'], columns: ['bin', 'label', 'qty', 'first_seen'] },
    { name: 'test_bin_log', key: ['position'], columns: ['position', 'bin', 'delta'] },
  ],
  handles: ['Put', 'Taken', 'Emptied'],
  project(event: RecordedEvent) {
    const data = event.data as { bin: string; qty?: number; label?: string };
    const log = { kind: 'insert' as const, table: 'test_bin_log', row: { position: event.globalPosition, bin: data.bin, delta: data.qty ?? 0 } };
    switch (event.type) {
      case 'Put':
        return [
          {
            kind: 'upsert',
            table: 'test_bins',
            key: { bin: data.bin },
            set: { label: data.label ?? null },
            add: { qty: data.qty! },
            insertOnly: { first_seen: event.occurredAt },
          },
          log,
        ];
      case 'Taken':
        return [
          { kind: 'update', table: 'test_bins', key: { bin: data.bin }, add: { qty: -data.qty! } },
          { ...log, row: { ...log.row, delta: -data.qty! } },
        ];
      case 'Emptied':
        return [{ kind: 'delete', table: 'test_bins', key: { bin: data.bin } }, log];
      default:
        return [];
    }
  },
};

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const metadata = { actorId: null, actorName: 'Test' };

/** Appends whatever event it is given to the bin's stream. */
const appendToBin = foldedStreamHandler({
  name: 'bin',
  decider: {
    initialState: () => null,
    decide: (command: { type: string; data: Record<string, unknown> }) => [command],
    evolve: (state: null) => state,
  },
  streamId: (command: { type: string; data: Record<string, unknown> }) => `bin:${String(command.data.bin)}`,
  command: (command) => command,
});

async function command(type: string, data: Record<string, unknown>) {
  await runCommand(runtime.store, appendToBin, { type, data }, { metadata });
}

async function liveRows(table: string) {
  const spec = binsProjector.tables.find((t) => t.name === table)!;
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by 1`.execute(runtime.store.db);
  return rows.map((r) => normalizeRow(spec, r));
}

beforeAll(async () => {
  runtime = await openTestRuntime();
  await sql`create table test_bins (bin text primary key, label text, qty integer not null check (qty >= 0), first_seen timestamptz not null)`.execute(
    runtime.store.db,
  );
  await sql`create unique index test_bins_label on test_bins (label)`.execute(runtime.store.db);
  await sql`create table test_bin_log (position bigint primary key, bin text not null, delta integer not null)`.execute(runtime.store.db);
  runtime.store.onAppend((trx, events) => projectEvents(trx, 'public', binsProjector, events));
  await command('Put', { bin: 'A', qty: 5, label: 'Alpha' });
  await command('Put', { bin: 'B', qty: 2, label: 'Beta' });
  await command('Taken', { bin: 'A', qty: 3 });
  await command('Put', { bin: 'A', qty: 1, label: 'Alpha 2' });
  await command('Put', { bin: 'C', qty: 9 });
  await command('Emptied', { bin: 'C' });
});
afterAll(async () => {
  await runtime.close();
});

describe('projections', () => {
  it('keeps the read tables inline with the events: adds deltas, overwrites sets, keeps insert-only columns', async () => {
    expect((await liveRows('test_bins')).map(({ bin, label, qty }) => ({ bin, label, qty }))).toEqual([
      { bin: 'A', label: 'Alpha 2', qty: 3 },
      { bin: 'B', label: 'Beta', qty: 2 },
    ]);
    expect((await liveRows('test_bin_log')).map((r) => r.delta)).toEqual([5, 2, -3, 1, 9, 0]);
  });

  it('refuses through the table guard an event that would take a quantity below zero, and appends nothing', async () => {
    const before = await runtime.store.headPosition();
    await expect(command('Taken', { bin: 'B', qty: 3 })).rejects.toMatchObject({ code: '23514' });
    expect(await runtime.store.headPosition()).toBe(before);
  });

  it('replays in memory to exactly the rows the SQL writer wrote', async () => {
    const events = await runtime.store.readAllAfterPosition(0, 1000);
    const memory = replayInMemory(binsProjector, events);
    for (const spec of binsProjector.tables) {
      const expected = [...memory.get(spec.name)!.values()]
        .map((r) => normalizeRow(spec, r))
        .sort((a, b) => String(a[spec.key[0]!]).localeCompare(String(b[spec.key[0]!]), 'en', { numeric: true }));
      expect(await liveRows(spec.name)).toEqual(expected);
    }
    expect((await verifyProjection(runtime.store, binsProjector)).differences).toEqual([]);
  });

  it('rebuilds into fresh tables and swaps them in with identical rows, indexes and constraints', async () => {
    const before = { bins: await liveRows('test_bins'), log: await liveRows('test_bin_log') };
    const result = await rebuildProjection(runtime.store, binsProjector, { batchSize: 2, databaseUrl: runtime.database.url });
    expect(result.events).toBeGreaterThanOrEqual(6);
    expect({ bins: await liveRows('test_bins'), log: await liveRows('test_bin_log') }).toEqual(before);
    const { rows: indexes } = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'test_bins' order by 1`.execute(
      runtime.store.db,
    );
    expect(indexes.map((i) => i.indexname)).toEqual(['test_bins_label', 'test_bins_pkey']);
    await expect(sql`update test_bins set qty = -1 where bin = 'A'`.execute(runtime.store.db)).rejects.toMatchObject({ code: '23514' });
    const checkpoint = await runtime.store.db.selectFrom('projection_checkpoints').selectAll().where('name', '=', 'bins').executeTakeFirstOrThrow();
    expect(checkpoint.global_position).toBe(await runtime.store.headPosition());
    const { rows: schemas } = await sql<{ n: number }>`select count(*)::int as n from pg_namespace where nspname like 'rebuild_%'`.execute(runtime.store.db);
    expect(schemas[0]!.n).toBe(0);
  });

  it('keeps projecting inline after a rebuild', async () => {
    await command('Put', { bin: 'B', qty: 4 });
    expect((await liveRows('test_bins')).find((r) => r.bin === 'B')?.qty).toBe(6);
  });

  it('reports a read-table row changed behind the ledger as a difference naming the table and key', async () => {
    await sql`update test_bins set qty = 99 where bin = 'A'`.execute(runtime.store.db);
    const report = await verifyProjection(runtime.store, binsProjector);
    expect(report.differences).toHaveLength(1);
    expect(report.differences[0]).toMatchObject({ table: 'test_bins', key: '["A"]', expected: { qty: 3 }, actual: { qty: 99 } });
    await rebuildProjection(runtime.store, binsProjector);
    expect((await verifyProjection(runtime.store, binsProjector)).differences).toEqual([]);
  });
});
