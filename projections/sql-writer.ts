/**
 * Writes row operations to PostgreSQL. Operations on one key are merged first; then each table gets
 * one statement per column shape, whatever the number of rows, by passing every column as one typed
 * array and reading it back with `unnest` (parameterized, no limit on rows, far less work than a
 * VALUES list per row). Quantities are applied as `col = col + delta` in SQL, never
 * read-modify-write. An upsert updates the rows that exist and inserts the rest in the same
 * statement: PostgreSQL checks CHECK constraints on a would-be inserted row even under
 * ON CONFLICT, which would refuse every decrement against `CHECK (qty >= 0)`.
 */
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '../ledger/event-store/types.ts';
import { checkRunning, keyOf, type Projector, type Row, type RowOp, type RunningSums, type TableSpec, type Value } from './projector.ts';

type Upsert = Extract<RowOp, { kind: 'upsert' }>;
type Update = Extract<RowOp, { kind: 'update' }>;

interface Pending {
  inserts: Row[];
  upserts: Map<string, Upsert>;
  updates: Map<string, Update>;
}

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

function groupBy<T>(items: Iterable<T>, keyFn: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyFn(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * One write as its parts: the table it writes, its common table expressions (named with a prefix of
 * their own), its main statement and its parameters. Writes to different tables then run as one
 * statement: one round trip for all of a batch's read tables instead of one per table.
 */
export interface Statement {
  table: string;
  ctes: string[];
  main: string;
  params: unknown[];
}

/**
 * Stands for the prefix that keeps one statement's expressions apart from another's when they run
 * as one; numbered by position when they run, so the same writes always give the same text (and
 * stay one prepared statement).
 */
const PREFIX = '__w__';
const prefixed = (text: string, i: number) => text.replaceAll(PREFIX, `w${i}_`);

/** Runs writes in order; consecutive writes to different tables go together as one statement. */
export async function runStatements(db: Kysely<any>, statements: readonly Statement[]): Promise<void> {
  let wave: Statement[] = [];
  const tables = new Set<string>();
  const runWave = async () => {
    if (wave.length > 0) await runAsOne(db, wave);
    wave = [];
    tables.clear();
  };
  for (const statement of statements) {
    // Parts of one statement see the tables as they were before it: two writes to one table stay apart.
    if (tables.has(statement.table)) await runWave();
    wave.push(statement);
    tables.add(statement.table);
  }
  await runWave();
}

async function runAsOne(db: Kysely<any>, statements: readonly Statement[]): Promise<void> {
  if (statements.length === 1) {
    const [only] = statements;
    const text = only!.ctes.length > 0 ? `with ${only!.ctes.join(',\n')}\n${only!.main}` : only!.main;
    await db.executeQuery(CompiledQuery.raw(prefixed(text, 0), only!.params));
    return;
  }
  const ctes: string[] = [];
  const params: unknown[] = [];
  for (const [i, statement] of statements.entries()) {
    const offset = params.length;
    // Parameters are numbered per statement; joined, each statement's numbers move up by those before it.
    const renumber = (text: string) => prefixed(offset === 0 ? text : text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`), i);
    ctes.push(...statement.ctes.map(renumber), `w_main${i} as (${renumber(statement.main)})`);
    params.push(...statement.params);
  }
  // Every data-modifying expression runs to completion whether or not the outer select reads it.
  await db.executeQuery(CompiledQuery.raw(`with ${ctes.join(',\n')}\nselect 1`, params));
}

export class SqlWriter {
  private readonly pending = new Map<string, Pending>();

  /**
   * @param sink where writes wait to run together with other projectors' writes (the caller runs
   *   them with `runStatements`); without one each write runs at once.
   */
  constructor(
    private readonly db: Kysely<any>,
    private readonly schema: string,
    private readonly projector: Projector,
    private readonly sink: Statement[] | null = null,
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
      checkRunning(spec, op, this.projector.name);
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
        // A delete runs at once, so every write waiting before it runs first.
        if (this.sink) await runStatements(this.db, this.sink.splice(0));
        const where = sql.join(
          spec.key.map((k) => sql`${sql.ref(k)} = ${op.key[k] ?? null}`),
          sql` and `,
        );
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
    const spec = this.spec(table);
    const types = await columnTypes(this.db, this.schema, table);
    const target = `${ident(this.schema)}.${ident(table)}`;
    /** `unnest($1::t1[], $2::t2[], …) as v (c1, c2, …)` over the given rows, and its parameters. */
    const unnest = (columns: string[], rows: Row[]) => ({
      from: `unnest(${columns.map((c, i) => `$${i + 1}::${types.get(c) ?? 'text'}[]`).join(', ')}) as v (${columns.map(ident).join(', ')})`,
      params: columns.map((c) => rows.map((r) => toParameter(r[c] ?? null))),
    });
    const keyMatch = spec.key.map((k) => `t.${ident(k)} = v.${ident(k)}`).join(' and ');

    for (const [shape, rows] of groupBy(p.inserts, (row) => Object.keys(row).sort().join(','))) {
      const columns = shape.split(',');
      const u = unnest(columns, rows);
      if (spec.running && rows.length === 1) {
        const row = rows[0]!;
        await this.run(
          table,
          runningInsertOne(target, spec.running, columns, types),
          columns.map((c) => toParameter(row[c] ?? null)),
        );
      } else if (spec.running) await this.run(table, runningInsert(target, spec, spec.running, columns, u.from), u.params);
      else await this.run(table, { ctes: [], main: `insert into ${target} (${columns.map(ident).join(', ')}) select * from ${u.from}` }, u.params);
    }

    const newRow = (op: Upsert): Row => ({ ...op.insertOnly, ...op.set, ...op.add, ...op.key });
    for (const [, ops] of groupBy(p.upserts.values(), (op) => shapeOf(op))) {
      const first = ops[0]!;
      const setColumns = Object.keys(first.set ?? {}).filter((c) => !spec.key.includes(c));
      const addColumns = Object.keys(first.add ?? {});
      const columns = Object.keys(newRow(first));
      const u = unnest(columns, ops.map(newRow));
      const changes = [...setColumns.map((c) => `${ident(c)} = v.${ident(c)}`), ...addColumns.map((c) => `${ident(c)} = t.${ident(c)} + v.${ident(c)}`)];
      const keyList = spec.key.map(ident).join(', ');
      const w = PREFIX;
      // Should another transaction insert one of these keys first, the primary key refuses ours
      // and the command is decided again (handleCommand retries on a read table's primary key).
      await this.run(
        table,
        {
          ctes: [
            `${w}v as (select * from ${u.from})`,
            `${w}upd as (${
              changes.length > 0
                ? `update ${target} as t set ${changes.join(', ')} from ${w}v as v where ${keyMatch} returning ${spec.key.map((k) => `t.${ident(k)}`).join(', ')}`
                : `select ${spec.key.map((k) => `t.${ident(k)}`).join(', ')} from ${target} as t join ${w}v as v on ${keyMatch}`
            })`,
          ],
          main: `insert into ${target} (${columns.map(ident).join(', ')})
         select ${columns.map((c) => `v.${ident(c)}`).join(', ')} from ${w}v as v
          where not exists (select 1 from ${w}upd as upd where (${keyList}) = (${spec.key.map((k) => `v.${ident(k)}`).join(', ')}))`,
        },
        u.params,
      );
    }

    for (const [, ops] of groupBy(p.updates.values(), (op) => shapeOf(op))) {
      const first = ops[0]!;
      const setColumns = Object.keys(first.set ?? {}).filter((c) => !spec.key.includes(c));
      const addColumns = Object.keys(first.add ?? {});
      const changes = [...setColumns.map((c) => `${ident(c)} = v.${ident(c)}`), ...addColumns.map((c) => `${ident(c)} = t.${ident(c)} + v.${ident(c)}`)];
      if (changes.length === 0) continue;
      const columns = [...spec.key, ...setColumns, ...addColumns];
      const u = unnest(
        columns,
        ops.map((op) => ({ ...op.set, ...op.add, ...op.key })),
      );
      await this.run(table, { ctes: [], main: `update ${target} as t set ${changes.join(', ')} from ${u.from} where ${keyMatch}` }, u.params);
    }
  }

  private async run(table: string, parts: Pick<Statement, 'ctes' | 'main'>, params: unknown[]): Promise<void> {
    const statement = { table, ...parts, params };
    if (this.sink) this.sink.push(statement);
    else await runStatements(this.db, [statement]);
  }
}

/**
 * Inserts rows into a table of running sums in one statement. Each new row's balance is the balance
 * of the latest earlier row of its series already in the table, plus the deltas of the new rows of
 * its series up to and including it; rows already in the table that sort after a new row get that
 * row's delta added. Every part of the statement sees the table as it was before it, so nothing is
 * counted twice. Movements recorded in order find no later rows, and the update touches nothing.
 *
 * Whether any row sorts after a new one is asked first, of each new row's series by its newest row
 * (one step down the series' index): a later row is rare, and a plan kept for a table that was
 * small when it was prepared would otherwise scan the whole table on every write to find none.
 */
function runningInsert(target: string, spec: TableSpec, running: RunningSums, columns: string[], from: string): Pick<Statement, 'ctes' | 'main'> {
  const balances = Object.entries(running.balances);
  const same = (a: string, b: string) => running.series.map((c) => `${a}.${ident(c)} = ${b}.${ident(c)}`).join(' and ');
  const order = (a: string) => runningOrder(running, (c) => `${a}.${ident(c)}`);
  const partition = `partition by ${running.series.map(ident).join(', ')} order by ${running.order.map(ident).join(', ')}`;
  const keys = spec.key.map(ident);
  const w = PREFIX;
  return {
    ctes: [
      `${w}v as (select *, ${balances.map(([b, d]) => `sum(${ident(d)}) over (${partition}) as ${ident(`new_${b}`)}`).join(', ')} from ${from})`,
      `${w}later as (select ${keys.map((k) => `e.${k}`).join(', ')}, ${balances.map(([b, d]) => `sum(v.${ident(d)}) as ${ident(b)}`).join(', ')}
                     from ${w}v as v join ${target} as e on ${same('e', 'v')} and ${order('e')} > ${order('v')}
                    where exists (select 1 from ${w}v as n join lateral (${newestOfSeries(target, running, (c) => `n.${ident(c)}`)}) as l on ${order('l')} > ${order('n')})
                    group by ${keys.map((k) => `e.${k}`).join(', ')})`,
      `${w}shifted as (update ${target} as t set ${balances.map(([b]) => `${ident(b)} = t.${ident(b)} + later.${ident(b)}`).join(', ')}
                       from ${w}later as later where ${keys.map((k) => `t.${k} = later.${k}`).join(' and ')})`,
    ],
    main: `insert into ${target} (${[...columns, ...balances.map(([b]) => b)].map(ident).join(', ')})
    select ${columns.map((c) => `v.${ident(c)}`).join(', ')}, ${balances.map(([b]) => `coalesce(p.${ident(b)}, 0) + v.${ident(`new_${b}`)}`).join(', ')}
      from ${w}v as v left join lateral (${newestOfSeries(target, running, (c) => `v.${ident(c)}`, { before: order('v') })}) p on true`,
  };
}

/** The same for one row (a command's movement, the usual inline case), with plain parameters. */
function runningInsertOne(target: string, running: RunningSums, columns: string[], types: Map<string, string>): Pick<Statement, 'ctes' | 'main'> {
  const param = (c: string) => `$${columns.indexOf(c) + 1}::${types.get(c) ?? 'text'}`;
  const balances = Object.entries(running.balances);
  const order = (a: string) => runningOrder(running, (c) => `${a}.${ident(c)}`);
  const mine = runningOrder(running, param);
  return {
    ctes: [
      `${PREFIX}shifted as (update ${target} as t set ${balances.map(([b, d]) => `${ident(b)} = t.${ident(b)} + ${param(d)}`).join(', ')}
                      where ${running.series.map((c) => `t.${ident(c)} = ${param(c)}`).join(' and ')} and ${order('t')} > ${mine}
                        and exists (select 1 from (${newestOfSeries(target, running, param)}) as l where ${order('l')} > ${mine}))`,
    ],
    main: `insert into ${target} (${[...columns, ...balances.map(([b]) => b)].map(ident).join(', ')})
    select ${columns.map(param).join(', ')}, ${balances.map(([b, d]) => `coalesce(p.${ident(b)}, 0) + ${param(d)}`).join(', ')}
      from (select 1) as one left join lateral (${newestOfSeries(target, running, param, { before: mine })}) p on true`,
  };
}

/**
 * A row's place in its series as a row value: led by the series' last column (equal on both sides,
 * so the same comparison), so that only an index that holds the whole series can take it as its
 * condition, never one on part of it (for stock, the location alone, whose scan would walk every
 * later movement of other materials).
 */
function runningOrder(running: RunningSums, value: (column: string) => string): string {
  return `(${[running.series[running.series.length - 1]!, ...running.order].map(value).join(', ')})`;
}

/**
 * The newest row of a series (its columns equal to `value` of each), or the newest that sorts
 * before `before`: one step down the series' index. It carries the row's place and its balances.
 */
function newestOfSeries(target: string, running: RunningSums, value: (column: string) => string, { before }: { before?: string } = {}): string {
  const place = [running.series[running.series.length - 1]!, ...running.order];
  const carried = [...new Set([...place, ...Object.keys(running.balances)])];
  return `select ${carried.map((c) => `l.${ident(c)}`).join(', ')} from ${target} as l
           where ${running.series.map((c) => `l.${ident(c)} = ${value(c)}`).join(' and ')}${before ? ` and ${runningOrder(running, (c) => `l.${ident(c)}`)} < ${before}` : ''}
           order by ${running.order.map((c) => `l.${ident(c)} desc`).join(', ')} limit 1`;
}

function shapeOf(op: Upsert | Update): string {
  const keys = (o: object | undefined) =>
    Object.keys(o ?? {})
      .sort()
      .join(',');
  return `${keys(op.set)}|${keys(op.add)}|${op.kind === 'upsert' ? keys(op.insertOnly) : ''}`;
}

/** Dates travel as ISO text inside arrays, which both pg and PGlite cast back exactly. */
function toParameter(value: Value): Value {
  return value instanceof Date ? value.toISOString() : value;
}

const typeCache = new Map<string, Promise<Map<string, string>>>();

/** Column types from the catalogue, so each column's array is cast to the table's own type. */
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

/** Inserts whole rows (every column of the table, absent ones as null) in one statement. */
export async function insertRows(db: Kysely<any>, schema: string, spec: TableSpec, rows: Row[]): Promise<void> {
  const types = await columnTypes(db, schema, spec.name);
  const columns = spec.columns;
  const from = `unnest(${columns.map((c, i) => `$${i + 1}::${types.get(c) ?? 'text'}[]`).join(', ')})`;
  const params = columns.map((c) => rows.map((r) => toParameter(r[c] ?? null)));
  await db.executeQuery(CompiledQuery.raw(`insert into ${ident(schema)}.${ident(spec.name)} (${columns.map(ident).join(', ')}) select * from ${from}`, params));
}

/**
 * Runs one projector over these events, writing into `schema`, in the caller's transaction; with a
 * sink its writes wait there, to run with the other projectors' (see `runStatements`).
 */
export async function projectEvents(
  db: Kysely<any>,
  schema: string,
  projector: Projector,
  events: Iterable<RecordedEvent>,
  sink: Statement[] | null = null,
): Promise<void> {
  const handled = new Set(projector.handles);
  const writer = new SqlWriter(db, schema, projector, sink);
  for (const event of events) {
    if (handled.has(event.type)) await writer.add(projector.project(event));
  }
  await writer.flush();
}
