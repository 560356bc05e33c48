/**
 * A projector is a pure function from one event to row operations on the tables it owns. The same
 * operations are applied to PostgreSQL by the SQL writer (inline, and in rebuilds) and to plain maps
 * by the in-memory replay that `ledger verify` diffs against the live tables, so the fold is
 * written once.
 *
 * Rule for authors: a row's value may depend only on the events of its own streams, never on the
 * order of events across unrelated streams (a rebuild replays in commit order, not wall-clock).
 * Rebuild and verify on PostgreSQL go further and fold ranges of streams in separate threads, one
 * stream at a time: that is exact while every row, and every series of running sums, is written
 * by the events of one stream. A fold that meets an update or delete of a row its stream does not
 * hold, a series two streams feed or one key two streams write falls back to one pass in commit
 * order (stream-fold.ts, rebuild.ts, verify-parallel.ts).
 */
import type { RecordedEvent } from '../ledger/event-store/types.ts';

export type Value = string | number | boolean | null | Date;
export type Row = Record<string, Value>;

export interface TableSpec {
  name: string;
  /** Primary key columns, in order. */
  key: readonly string[];
  /** Every column, in the order rows are compared and exported. */
  columns: readonly string[];
  /** Columns that hold running sums, filled by the writers rather than by the projector. */
  running?: RunningSums;
}

/**
 * Running sums over an ordered series of inserted rows: each `balances` column holds the sum of its
 * delta column over every row of the same series ordered at or before it. They are defined by the
 * set of rows, not by the order rows arrive in: a row inserted before others of its series (a
 * back-dated movement) gets the sum of the rows before it and adds its delta to every row after it.
 * Such a table takes inserts only: a row changed or removed would leave the sums after it wrong.
 */
export interface RunningSums {
  /** Columns naming a series (for stock: the location and the material). */
  series: readonly string[];
  /** Columns ordering a series; together with `series` they identify a row. */
  order: readonly string[];
  /** Balance column → the delta column it sums. */
  balances: Readonly<Record<string, string>>;
}

/** Orders two values of one column: numbers, dates and text. */
export function compareValues(a: Value | undefined, b: Value | undefined): number {
  const x = a instanceof Date ? a.getTime() : (a ?? null);
  const y = b instanceof Date ? b.getTime() : (b ?? null);
  if (x === y) return 0;
  if (x === null) return -1;
  if (y === null) return 1;
  return x < y ? -1 : 1;
}

/**
 * - insert: a new row (append-only tables such as the activity log).
 * - upsert: insert the row if its key is new, else update it. `set` overwrites, `add` adds deltas
 *   (`qty = qty + delta`, never read-modify-write), `insertOnly` applies only when inserting; the
 *   insert must be able to stand on its own, so every NOT NULL column needs a value.
 * - update: change a row that exists (`set`, `add` as above); no row, no change.
 * - delete: remove the row with that key if present.
 */
export type RowOp =
  | { kind: 'insert'; table: string; row: Row }
  | { kind: 'upsert'; table: string; key: Row; set?: Row; add?: Record<string, number>; insertOnly?: Row }
  | { kind: 'update'; table: string; key: Row; set?: Row; add?: Record<string, number> }
  | { kind: 'delete'; table: string; key: Row };

export interface Projector {
  name: string;
  /** Bumped when the fold changes; a rebuild then brings the tables up to date. */
  version: number;
  tables: readonly TableSpec[];
  handles: readonly string[];
  project(event: RecordedEvent): RowOp[];
}

/** Refuses an operation other than an insert on a table of running sums. */
export function checkRunning(spec: TableSpec, op: RowOp, projector: string): void {
  if (spec.running && op.kind !== 'insert') throw new Error(`projector ${projector} sent ${op.kind} to ${spec.name}, which takes inserts only (running sums)`);
}

export function keyOf(spec: TableSpec, row: Row): string {
  return valuesKey(row, spec.key);
}

/**
 * The columns' values as a JSON array of their normalized values: a key that tells rows apart and
 * reads well in a report. Texts and finite numbers, nearly every key, are written straight in:
 * the same text, without an array per row.
 */
export function valuesKey(row: Row, columns: readonly string[]): string {
  let key = '[';
  for (let i = 0; i < columns.length; i += 1) {
    const value = row[columns[i]!];
    if (i > 0) key += ',';
    if (typeof value === 'string') key += JSON.stringify(value);
    else if (typeof value === 'number' && Number.isFinite(value)) key += value;
    else return JSON.stringify(columns.map((c) => normalizeValue(row[c] ?? null)));
  }
  return `${key}]`;
}

/** The form both sides of a comparison are brought to: dates as ISO text, bytes as hex. */
export function normalizeValue(value: unknown): Value {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('hex');
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}
