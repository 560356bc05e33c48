/**
 * `count_sessions` (one row per session: what it counts, its counters, progress, what posting
 * found, and the stream head commands check their version against) and `count_lines` (one row per
 * line: what it counts and where, the current round's counts, and once posted what review found),
 * folded from the `count:` streams alone: each event carries what its rows show.
 *
 * JSON columns: `counters` is `[{ user_id, name }]`; `counts` is the current round's counts,
 * `[{ user_id, name, counted, counted_at }]` in the order they were made (the last is the line's
 * `counted`); `place` is the contract's place.
 */
import { placeKey, placeLabel } from '../../contract/place.ts';
import { toHex } from '../../ledger/event-store/hash-chain.ts';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import { COUNT_EVENT_TYPES, isCountEvent, type CountEvent, type CountLine } from '../../ledger/stock-count/events.ts';
import { jsonbText } from '../label-templates/projector.ts';
import type { Projector, Row, RowOp } from '../projector.ts';

export const COUNT_SESSION_COLUMNS = [
  'id',
  'name',
  'location_kind',
  'location_id',
  'location_label',
  'scope_label',
  'due_date',
  'blind',
  'double_count',
  'include_assets',
  'status',
  'counters',
  'line_total',
  'lines_counted',
  'recounts_pending',
  'lines_with_variance',
  'adjustments',
  'created_by_id',
  'created_by_name',
  'created_at',
  'posted_at',
  'posted_by_name',
  'cancelled_at',
  'stream_version',
  'last_hash',
] as const;

export const COUNT_LINE_COLUMNS = [
  'session_id',
  'line_id',
  'seq',
  'kind',
  'planned',
  'location_kind',
  'location_id',
  'material_id',
  'part_number',
  'part_name',
  'place',
  'place_key',
  'place_label',
  'instance_id',
  'asset_number',
  'serial_number',
  'round',
  'counts',
  'counted',
  'counted_at',
  'counter_id',
  'counter_name',
  'recount_requested',
  'status',
  'posted_at',
  'expected',
  'difference',
  'asset_result',
] as const;

/** The stored form of the counters: the contract's `{ user_id, name }`. */
export const countersJson = (counters: ReadonlyArray<{ userId: string; userName: string }>) =>
  jsonbText(counters.map((c) => ({ user_id: c.userId, name: c.userName })));

/** A line's descriptor columns: what it counts and where (written when the line first appears). */
function lineDescriptor(sessionId: string, location: { kind: string; id: string }, line: CountLine, planned: boolean): Row {
  return {
    session_id: sessionId,
    line_id: line.lineId,
    seq: line.seq,
    kind: line.kind,
    planned,
    location_kind: location.kind,
    location_id: location.id,
    material_id: line.materialId,
    part_number: line.partNumber,
    part_name: line.partName,
    place: line.place ? jsonbText(line.place) : null,
    place_key: line.place ? placeKey(line.place) : '',
    place_label: line.place ? placeLabel(line.place) : null,
    instance_id: line.instanceId,
    asset_number: line.assetNumber,
    serial_number: line.serialNumber,
  };
}

/** A planned line as the session opens: nothing counted, round 1. */
const plannedLineRow = (sessionId: string, location: { kind: string; id: string }, line: CountLine): Row => ({
  ...lineDescriptor(sessionId, location, line, true),
  round: 1,
  counts: '[]',
  counted: null,
  counted_at: null,
  counter_id: null,
  counter_name: null,
  recount_requested: false,
  status: 'to_count',
  posted_at: null,
  expected: null,
  difference: null,
  asset_result: null,
});

function projectCount(event: RecordedEvent, e: CountEvent): RowOp[] {
  const sessionId = e.data.sessionId;
  const head = { stream_version: event.streamVersion, last_hash: toHex(event.hash) };
  const session = (set: Row = {}, add?: Record<string, number>): RowOp => ({
    kind: 'update',
    table: 'count_sessions',
    key: { id: sessionId },
    set: { ...set, ...head },
    ...(add ? { add } : {}),
  });
  const lineKey = (lineId: string) => ({ session_id: sessionId, line_id: lineId });
  switch (e.type) {
    case 'CountSessionOpened': {
      const d = e.data;
      return [
        {
          kind: 'insert',
          table: 'count_sessions',
          row: {
            id: sessionId,
            name: d.name,
            location_kind: d.location.kind,
            location_id: d.location.id,
            location_label: d.locationLabel,
            scope_label: d.scopeLabel,
            due_date: d.dueDate,
            blind: d.blind,
            double_count: d.doubleCount,
            include_assets: d.includeAssets,
            status: 'open',
            counters: countersJson(d.counters),
            line_total: d.lines.length,
            lines_counted: 0,
            recounts_pending: 0,
            lines_with_variance: null,
            adjustments: null,
            created_by_id: event.metadata.actorId,
            created_by_name: event.metadata.actorName,
            created_at: event.occurredAt,
            posted_at: null,
            posted_by_name: null,
            cancelled_at: null,
            ...head,
          },
        },
        ...d.lines.map((line): RowOp => ({ kind: 'insert', table: 'count_lines', row: plannedLineRow(sessionId, d.location, line) })),
      ];
    }
    case 'CountLineCounted': {
      const d = e.data;
      const last = d.roundCounts.at(-1);
      const counted = {
        round: d.round,
        counts: jsonbText(d.roundCounts.map((c) => ({ user_id: c.counterId, name: c.counterName, counted: c.counted, counted_at: c.countedAt }))),
        counted: last?.counted ?? d.counted,
        counted_at: new Date(last?.countedAt ?? d.countedAt),
        counter_id: last?.counterId ?? d.counterId,
        counter_name: last?.counterName ?? d.counterName,
        recount_requested: false,
        status: 'counted',
      };
      const add: Record<string, number> = {};
      if (d.firstCount) add.lines_counted = 1;
      if (d.firstCount && !d.planned) add.line_total = 1;
      if (d.answersRecount) add.recounts_pending = -1;
      return [
        {
          kind: 'upsert',
          table: 'count_lines',
          key: lineKey(d.line.lineId),
          set: counted,
          insertOnly: { ...lineDescriptor(sessionId, d.location, d.line, d.planned), posted_at: null, expected: null, difference: null, asset_result: null },
        },
        session({}, Object.keys(add).length > 0 ? add : undefined),
      ];
    }
    case 'CountRecountRequested':
      return [
        ...e.data.lineIds.map(
          (lineId): RowOp => ({
            kind: 'update',
            table: 'count_lines',
            key: lineKey(lineId),
            set: { recount_requested: true, status: 'recount' },
          }),
        ),
        session({}, { recounts_pending: e.data.lineIds.length }),
      ];
    case 'CountCountersChanged':
      return [session({ counters: countersJson(e.data.counters) })];
    case 'CountSessionPosted': {
      const d = e.data;
      return [
        session({
          status: 'posted',
          posted_at: event.occurredAt,
          posted_by_name: event.metadata.actorName,
          lines_with_variance: d.linesWithVariance,
          adjustments: d.adjustments,
        }),
        ...d.results.map(
          (r): RowOp => ({
            kind: 'update',
            table: 'count_lines',
            key: lineKey(r.lineId),
            set: { posted_at: event.occurredAt, expected: r.expected, difference: r.difference, asset_result: r.assetResult },
          }),
        ),
      ];
    }
    case 'CountSessionCancelled':
      return [session({ status: 'cancelled', cancelled_at: event.occurredAt })];
    default: {
      const unknown: never = e;
      return unknown;
    }
  }
}

export const stockCountProjector: Projector = {
  name: 'stock_count',
  version: 1,
  tables: [
    { name: 'count_sessions', key: ['id'], columns: COUNT_SESSION_COLUMNS },
    { name: 'count_lines', key: ['session_id', 'line_id'], columns: COUNT_LINE_COLUMNS },
  ],
  handles: COUNT_EVENT_TYPES,
  project(event): RowOp[] {
    return isCountEvent(event) ? projectCount(event, event) : [];
  },
};
