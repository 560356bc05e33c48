/**
 * Writes row operations to PostgreSQL. Operations on one key are merged first, so a batch of events
 * becomes a few multi-row statements per table and column shape; quantities are applied as
 * `col = col + delta` in SQL, never read-modify-write.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { RecordedEvent } from '../ledger/event-store/types.ts';
import { keyOf, type Projector, type Row, type RowOp, type TableSpec, type Value } from './projector.ts';

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

    for (const [shape, rows] of groupBy(p.inserts, (row) => Object.keys(row).sort().join(','))) {
      const columns = shape.split(',');
      for (const part of chunk(rows, columns.length)) {
        await sql`insert into ${target} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${valuesList(part, columns)}`.execute(this.db);
      }
    }

    // Existing rows are updated first and only the rest inserted: PostgreSQL checks CHECK
    // constraints on the would-be inserted row even when ON CONFLICT turns it into an update, so a
    // decrement could never go through `insert … on conflict` against `CHECK (qty >= 0)`.
    const upserts = [...p.upserts.values()];
    const updated = await this.updateExisting(table, upserts);
    const inserts = upserts.filter((op) => !updated.has(keyOf(spec, op.key)));
    const newRow = (op: Upsert): Row => ({ ...op.insertOnly, ...op.set, ...op.add, ...op.key });
    for (const [shape, ops] of groupBy(inserts, (op) => Object.keys(newRow(op)).sort().join(','))) {
      // Should another transaction insert one of these keys first, the primary key refuses ours and
      // the command is decided again (handleCommand retries on a read table's primary key).
      const columns = shape.split(',');
      for (const part of chunk(ops, columns.length)) {
        await sql`insert into ${target} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${valuesList(part.map(newRow), columns)}`.execute(this.db);
      }
    }
    await this.updateExisting(table, [...p.updates.values()]);
  }

  /** Batched `update … from (values …)`, one statement per column shape; returns the keys it found. */
  private async updateExisting(table: string, ops: Array<Upsert | Update>): Promise<Set<string>> {
    const found = new Set<string>();
    if (ops.length === 0) return found;
    const spec = this.spec(table);
    const types = await columnTypes(this.db, this.schema, table);
    const typed = (column: string, value: Value) => sql`cast(${value ?? null} as ${sql.raw(types.get(column) ?? 'text')})`;
    const shapes = groupBy(ops, (op) => `${Object.keys(op.set ?? {}).sort().join(',')}|${Object.keys(op.add ?? {}).sort().join(',')}`);
    for (const [shape, group] of shapes) {
      const [setPart = '', addPart = ''] = shape.split('|');
      const setColumns = setPart.split(',').filter((c) => c && !spec.key.includes(c));
      const addColumns = addPart.split(',').filter(Boolean);
      if (setColumns.length === 0 && addColumns.length === 0) {
        // Nothing to change: only learn which keys exist.
        for (const op of group) {
          const where = sql.join(spec.key.map((k) => sql`${sql.ref(k)} = ${op.key[k] ?? null}`), sql` and `);
          const { rows } = await sql`select 1 from ${sql.table(`${this.schema}.${table}`)} where ${where}`.execute(this.db);
          if (rows.length > 0) found.add(keyOf(spec, op.key));
        }
        continue;
      }
      const columns = [...spec.key, ...setColumns.map((c) => `set_${c}`), ...addColumns.map((c) => `add_${c}`)];
      const assignments = [
        ...setColumns.map((c) => sql`${sql.ref(c)} = v.${sql.ref(`set_${c}`)}`),
        ...addColumns.map((c) => sql`${sql.ref(c)} = t.${sql.ref(c)} + v.${sql.ref(`add_${c}`)}`),
      ];
      const join = sql.join(spec.key.map((k) => sql`t.${sql.ref(k)} = v.${sql.ref(k)}`), sql` and `);
      for (const part of chunk(group, columns.length)) {
        const values = sql.join(
          part.map(
            (op) =>
              sql`(${sql.join([
                ...spec.key.map((k) => typed(k, op.key[k] ?? null)),
                ...setColumns.map((c) => typed(c, op.set?.[c] ?? null)),
                ...addColumns.map((c) => typed(c, op.add?.[c] ?? 0)),
              ])})`,
          ),
        );
        const { rows } = await sql<Row>`
          update ${sql.table(`${this.schema}.${table}`)} as t set ${sql.join(assignments)}
            from (values ${values}) as v (${sql.join(columns.map((c) => sql.ref(c)))})
           where ${join}
          returning ${sql.join(spec.key.map((k) => sql`t.${sql.ref(k)}`))}`.execute(this.db);
        for (const row of rows) found.add(keyOf(spec, row));
      }
    }
    return found;
  }
}

function groupBy<T>(items: T[], keyFn: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyFn(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const typeCache = new Map<string, Promise<Map<string, string>>>();

/** Column types from the catalogue, so the values list of a batched update is typed like the table. */
function columnTypes(db: Kysely<any>, schema: string, table: string): Promise<Map<string, string>> {
  const cacheKey = `${schema}.${table}`;
  let types = typeCache.get(cacheKey);
  if (!types) {
    types = sql<{ attname: string; type: string }>`
      select a.attname, format_type(a.atttypid, a.atttypmod) as type
        from pg_attribute a
        join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = ${schema} and c.relname = ${table} and a.attnum > 0 and not a.attisdropped`
      .execute(db)
      .then(({ rows }) => new Map(rows.map((r) => [r.attname, r.type])));
    typeCache.set(cacheKey, types);
    // A failed lookup must not stay cached.
    types.catch(() => typeCache.delete(cacheKey));
  }
  return types;
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
