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
      rows.set(keyOf(spec, op.row), { ...op.row });
    } else if (op.kind === 'delete') {
      rows.delete(keyOf(spec, op.key));
    } else {
      const key = keyOf(spec, op.key);
      const existing = rows.get(key);
      if (op.kind === 'update' && !existing) continue;
      const row: Row = existing ? { ...existing } : { ...op.key, ...(op.kind === 'upsert' ? op.insertOnly : {}) };
      Object.assign(row, op.set);
      for (const [column, delta] of Object.entries(op.add ?? {})) {
        row[column] = Number(existing ? (row[column] ?? 0) : 0) + delta;
      }
      rows.set(key, row);
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

/** Rows as comparable records: every column present, values normalized. */
export function normalizeRow(spec: TableSpec, row: Record<string, unknown>): Record<string, ReturnType<typeof normalizeValue>> {
  const out: Record<string, ReturnType<typeof normalizeValue>> = {};
  for (const column of spec.columns) out[column] = normalizeValue(row[column]);
  return out;
}
