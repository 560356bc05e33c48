/** Applies row operations to in-memory tables: the reference side of `ledger verify`. */
import { keyOf, normalizeValue, type Projector, type Row, type RowOp, type TableSpec } from './projector.ts';
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

export function applyInMemory(projector: Projector, tables: MemoryTables, ops: RowOp[]): void {
  for (const op of ops) {
    const spec = specOf(projector, op.table);
    const rows = tables.get(op.table)!;
    if (op.kind === 'insert') {
      rows.set(keyOf(spec, op.row), op.row);
    } else if (op.kind === 'delete') {
      rows.delete(keyOf(spec, op.key));
    } else {
      const key = keyOf(spec, op.key);
      const existing = rows.get(key);
      if (op.kind === 'update' && !existing) continue;
      // The maps own their rows, so a row is changed in place rather than copied per event.
      const row: Row = existing ?? { ...op.key, ...(op.kind === 'upsert' ? op.insertOnly : {}) };
      if (op.set) Object.assign(row, op.set);
      if (op.add) for (const column in op.add) row[column] = (existing ? Number(row[column] ?? 0) : 0) + op.add[column]!;
      if (!existing) rows.set(key, row);
    }
  }
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
