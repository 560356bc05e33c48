/**
 * Writes row operations to PostgreSQL. Consecutive upserts of one key are merged first, so a batch
 * of events becomes one multi-row `insert … on conflict do update` per table and column shape;
 * quantities are applied as `col = col + excluded.col`, never read-modify-write.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { RecordedEvent } from '../ledger/event-store/types.ts';
import { keyOf, type Projector, type Row, type RowOp, type TableSpec } from './projector.ts';

type Upsert = Extract<RowOp, { kind: 'upsert' }>;
type Update = Extract<RowOp, { kind: 'update' }>;

interface Pending {
  inserts: Row[];
  upserts: Map<string, Upsert>;
  updates: Map<string, Update>;
}

// PostgreSQL takes at most 65,535 parameters a statement.
const MAX_PARAMETERS = 30_000;

function sumAdds(a: Record<string, number> | undefined, b: Record<string, number> | undefined): Record<string, number> {
  const add: Record<string, number> = { ...a };
  for (const [column, delta] of Object.entries(b ?? {})) add[column] = (add[column] ?? 0) + delta;
  return add;
}

/** `a` then `b` on one key, as one operation; `b` may only be an upsert or update. */
function merge<T extends Upsert | Update>(a: T, b: Upsert | Update): T {
  const merged = { ...a, set: { ...a.set, ...b.set }, add: sumAdds(a.add, b.add) };
  if (a.kind === 'upsert' && b.kind === 'upsert') return { ...merged, insertOnly: { ...b.insertOnly, ...a.insertOnly } };
  return merged;
}

function chunk<T>(items: T[], width: number): T[][] {
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, width)));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function valuesList(rows: Row[], columns: string[]): RawBuilder<unknown> {
  return sql.join(rows.map((row) => sql`(${sql.join(columns.map((c) => row[c] ?? null))})`));
}

export class SqlWriter {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly db: Kysely<any>,
    private readonly schema: string,
    private readonly projector: Projector,
  ) {}

  private spec(table: string): TableSpec {
    const spec = this.projector.tables.find((t) => t.name === table);
    if (!spec) throw new Error(`projector ${this.projector.name} wrote to table ${table} it does not own`);
    return spec;
  }

  private pendingOf(table: string): Pending {
    let p = this.pending.get(table);
    if (!p) {
      p = { inserts: [], upserts: new Map(), updates: new Map() };
      this.pending.set(table, p);
    }
    return p;
  }

  async add(ops: RowOp[]): Promise<void> {
    for (const op of ops) {
      const spec = this.spec(op.table);
      if (op.kind === 'insert') {
        this.pendingOf(op.table).inserts.push(op.row);
      } else if (op.kind === 'upsert') {
        const key = keyOf(spec, op.key);
        // An update waiting on this key may or may not find a row: settle it before the upsert.
        if (this.pending.get(op.table)?.updates.has(key)) await this.flushTable(op.table);
        const p = this.pendingOf(op.table);
        const before = p.upserts.get(key);
        p.upserts.set(key, before ? merge(before, op) : op);
      } else if (op.kind === 'update') {
        const p = this.pendingOf(op.table);
        const key = keyOf(spec, op.key);
        const upsert = p.upserts.get(key);
        if (upsert) p.upserts.set(key, merge(upsert, op));
        else {
          const before = p.updates.get(key);
          p.updates.set(key, before ? merge(before, op) : op);
        }
      } else {
        await this.flushTable(op.table);
        const where = sql.join(spec.key.map((k) => sql`${sql.ref(k)} = ${op.key[k] ?? null}`), sql` and `);
        await sql`delete from ${sql.table(`${this.schema}.${op.table}`)} where ${where}`.execute(this.db);
      }
    }
  }

  async flush(): Promise<void> {
    for (const table of [...this.pending.keys()]) await this.flushTable(table);
  }

  private async flushTable(table: string): Promise<void> {
    const p = this.pending.get(table);
    if (!p) return;
    this.pending.delete(table);
    const target = sql.table(`${this.schema}.${table}`);
    const spec = this.spec(table);

    const insertShapes = new Map<string, Row[]>();
    for (const row of p.inserts) {
      const shape = Object.keys(row).sort().join(',');
      const group = insertShapes.get(shape);
      if (group) group.push(row);
      else insertShapes.set(shape, [row]);
    }
    for (const [shape, rows] of insertShapes) {
      const columns = shape.split(',');
      for (const part of chunk(rows, columns.length)) {
        await sql`insert into ${target} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${valuesList(part, columns)}`.execute(this.db);
      }
    }

    const upsertShapes = new Map<string, { op: Upsert; row: Row }[]>();
    for (const op of p.upserts.values()) {
      const row: Row = { ...op.insertOnly, ...op.set, ...op.add, ...op.key };
      const shape = [
        Object.keys(row).sort().join(','),
        Object.keys(op.set ?? {}).sort().join(','),
        Object.keys(op.add ?? {}).sort().join(','),
      ].join('|');
      const group = upsertShapes.get(shape);
      if (group) group.push({ op, row });
      else upsertShapes.set(shape, [{ op, row }]);
    }
    for (const [shape, entries] of upsertShapes) {
      const [all = '', setColumns = '', addColumns = ''] = shape.split('|');
      const columns = all.split(',');
      const keyColumns = new Set(spec.key);
      const updates = [
        ...setColumns.split(',').filter((c) => c && !keyColumns.has(c)).map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`),
        ...addColumns.split(',').filter(Boolean).map((c) => sql`${sql.ref(c)} = ${sql.ref(`${table}.${c}`)} + excluded.${sql.ref(c)}`),
      ];
      const onConflict = updates.length > 0 ? sql`do update set ${sql.join(updates)}` : sql`do nothing`;
      for (const part of chunk(entries, columns.length)) {
        await sql`
          insert into ${target} as ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
          values ${valuesList(part.map((e) => e.row), columns)}
          on conflict (${sql.join(spec.key.map((k) => sql.ref(k)))}) ${onConflict}`.execute(this.db);
      }
    }

    for (const op of p.updates.values()) {
      const changes = [
        ...Object.entries(op.set ?? {}).map(([c, v]) => sql`${sql.ref(c)} = ${v}`),
        ...Object.entries(op.add ?? {}).map(([c, delta]) => sql`${sql.ref(c)} = ${sql.ref(c)} + ${delta}`),
      ];
      if (changes.length === 0) continue;
      const where = sql.join(spec.key.map((k) => sql`${sql.ref(k)} = ${op.key[k] ?? null}`), sql` and `);
      await sql`update ${target} set ${sql.join(changes)} where ${where}`.execute(this.db);
    }
  }
}

/** Runs one projector over these events, writing into `schema`, in the caller's transaction. */
export async function projectEvents(db: Kysely<any>, schema: string, projector: Projector, events: Iterable<RecordedEvent>): Promise<void> {
  const handled = new Set(projector.handles);
  const writer = new SqlWriter(db, schema, projector);
  for (const event of events) {
    if (handled.has(event.type)) await writer.add(projector.project(event));
  }
  await writer.flush();
}
