/**
 * Folds projections one stream at a time. Events arrive in stream order (each stream's in version
 * order); each stream is folded into tables of its own, and when the next stream begins the rows of
 * the one before are final and handed on, so a whole history folds in little memory and in as many
 * workers as there are ranges of streams.
 *
 * That is the fold in commit order as long as every row is written by the events of one stream
 * (the rule in projector.ts). What would break it is counted rather than trusted: an update or a
 * delete that finds no row of its own stream, and a series of running sums fed by two streams (the
 * caller compares the series of every worker). A caller that sees either folds in commit order.
 */
import type { RecordedEvent } from '../ledger/event-store/types.ts';
import { applyInMemory, emptyTables, seriesKeysOf, type MemoryTables } from './memory-replay.ts';
import type { Projector, Row, TableSpec } from './projector.ts';

export class StreamFolder {
  private streamId: string | null = null;
  private readonly open = new Map<Projector, MemoryTables>();
  private readonly handled: Array<[Projector, Set<string>]>;
  private readonly series = new Map<string, Set<string>>();
  /** Updates and deletes that found no row of their stream. */
  readonly misses = { count: 0 };
  /** Series of running sums fed by more than one stream. */
  crossedSeries = 0;
  events = 0;

  constructor(
    projectors: readonly Projector[],
    private readonly emit: (spec: TableSpec, rows: Iterable<Row>) => void,
  ) {
    this.handled = projectors.map((p) => [p, new Set(p.handles)]);
  }

  add(event: RecordedEvent): void {
    if (event.streamId !== this.streamId) {
      this.flush();
      this.streamId = event.streamId;
    }
    this.events += 1;
    for (const [projector, types] of this.handled) {
      if (!types.has(event.type)) continue;
      let tables = this.open.get(projector);
      if (!tables) {
        tables = emptyTables(projector);
        this.open.set(projector, tables);
      }
      applyInMemory(projector, tables, projector.project(event), this.misses);
    }
  }

  /** Hands on the rows of the stream folded so far. */
  flush(): void {
    for (const [projector, tables] of this.open) {
      for (const spec of projector.tables) {
        const rows = tables.get(spec.name)!;
        if (rows.size === 0) continue;
        if (spec.running) {
          let seen = this.series.get(spec.name);
          if (!seen) {
            seen = new Set();
            this.series.set(spec.name, seen);
          }
          for (const key of seriesKeysOf(rows)) {
            if (seen.has(key)) this.crossedSeries += 1;
            else seen.add(key);
          }
        }
        this.emit(spec, rows.values());
      }
    }
    this.open.clear();
  }

  /** Every series of running sums folded, by table: no two folders may share one. */
  seriesKeys(): Record<string, string[]> {
    return Object.fromEntries([...this.series].map(([table, keys]) => [table, [...keys]]));
  }
}

/** How many series appear in more than one folder's list. */
export function sharedSeries(lists: ReadonlyArray<Record<string, string[]>>): number {
  let shared = 0;
  const seen = new Map<string, Set<string>>();
  for (const list of lists) {
    for (const [table, keys] of Object.entries(list)) {
      let set = seen.get(table);
      if (!set) {
        set = new Set();
        seen.set(table, set);
      }
      for (const key of keys) {
        if (set.has(key)) shared += 1;
        else set.add(key);
      }
    }
  }
  return shared;
}
