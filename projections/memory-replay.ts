/** Applies row operations to in-memory tables: the reference side of `ledger verify`. */
import {
  checkRunning,
  compareValues,
  keyOf,
  normalizeValue,
  valuesKey,
  type Projector,
  type Row,
  type RowOp,
  type RunningSums,
  type TableSpec,
} from './projector.ts';
import type { RecordedEvent } from '../ledger/event-store/types.ts';

export type MemoryTables = Map<string, Map<string, Row>>;

export function emptyTables(projector: Projector): MemoryTables {
  return new Map(projector.tables.map((t) => [t.name, new Map<string, Row>()]));
}

function specOf(projector: Projector, table: string): TableSpec {
  const spec = projector.tables.find((t) => t.name === table);
  if (!spec) throw new Error(`projector ${projector.name} wrote to table ${table} it does not own`);
  return spec;
}

/**
 * Applies operations to in-memory tables. `misses` counts updates and deletes that found no row:
 * folded one stream at a time, that is the sign of an operation on another stream's row.
 */
export function applyInMemory(projector: Projector, tables: MemoryTables, ops: RowOp[], misses?: { count: number }): void {
  for (const op of ops) {
    const spec = specOf(projector, op.table);
    checkRunning(spec, op, projector.name);
    const rows = tables.get(op.table)!;
    if (op.kind === 'insert') {
      if (spec.running) insertRunning(spec.running, rows, op.row);
      rows.set(keyOf(spec, op.row), op.row);
    } else if (op.kind === 'delete') {
      if (!rows.delete(keyOf(spec, op.key)) && misses) misses.count += 1;
    } else {
      const key = keyOf(spec, op.key);
      const existing = rows.get(key);
      if (op.kind === 'update' && !existing) {
        if (misses) misses.count += 1;
        continue;
      }
      // The maps own their rows, so a row is changed in place rather than copied per event.
      const row: Row = existing ?? { ...op.key, ...(op.kind === 'upsert' ? op.insertOnly : {}) };
      if (op.set) Object.assign(row, op.set);
      if (op.add) for (const column in op.add) row[column] = (existing ? Number(row[column] ?? 0) : 0) + op.add[column]!;
      if (!existing) rows.set(key, row);
    }
  }
}

/** Each running table's series, rows sorted by their order columns; kept beside the table's map. */
const seriesOfTable = new WeakMap<Map<string, Row>, Map<string, Row[]>>();

function compareOrder(order: readonly string[], a: Row, b: Row): number {
  for (const column of order) {
    const c = compareValues(a[column], b[column]);
    if (c !== 0) return c;
  }
  return 0;
}

/** The series (as keys) a table of running sums holds rows of. */
export function seriesKeysOf(rows: Map<string, Row>): Iterable<string> {
  return seriesOfTable.get(rows)?.keys() ?? [];
}

const balancesOf = new WeakMap<RunningSums, Array<[string, string]>>();

/** Fills the row's balances from the rows before it and adds its deltas to the rows after it. */
function insertRunning(running: RunningSums, rows: Map<string, Row>, row: Row): void {
  let index = seriesOfTable.get(rows);
  if (!index) {
    index = new Map();
    seriesOfTable.set(rows, index);
  }
  const seriesKey = valuesKey(row, running.series);
  let series = index.get(seriesKey);
  if (!series) {
    series = [];
    index.set(seriesKey, series);
  }
  // Movements nearly always arrive in order: search from the end.
  let at = series.length;
  while (at > 0 && compareOrder(running.order, series[at - 1]!, row) > 0) at -= 1;
  const before = at > 0 ? series[at - 1] : undefined;
  let balances = balancesOf.get(running);
  if (!balances) {
    balances = Object.entries(running.balances);
    balancesOf.set(running, balances);
  }
  for (const [balance, delta] of balances) {
    const d = Number(row[delta] ?? 0);
    row[balance] = Number(before?.[balance] ?? 0) + d;
    for (let i = at; i < series.length; i += 1) series[i]![balance] = Number(series[i]![balance]) + d;
  }
  series.splice(at, 0, row);
}

export function replayInMemory(projector: Projector, events: Iterable<RecordedEvent>, tables = emptyTables(projector)): MemoryTables {
  const handled = new Set(projector.handles);
  for (const event of events) {
    if (handled.has(event.type)) applyInMemory(projector, tables, projector.project(event));
  }
  return tables;
}

/** Whether a replayed row and a live row hold the same values, column by column. */
export function sameRow(spec: TableSpec, a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  for (const column of spec.columns) {
    if (normalizeValue(a[column]) !== normalizeValue(b[column])) return false;
  }
  return true;
}

/** Rows as comparable records: every column present, values normalized. */
export function normalizeRow(spec: TableSpec, row: Record<string, unknown>): Record<string, ReturnType<typeof normalizeValue>> {
  const out: Record<string, ReturnType<typeof normalizeValue>> = {};
  for (const column of spec.columns) out[column] = normalizeValue(row[column]);
  return out;
}
