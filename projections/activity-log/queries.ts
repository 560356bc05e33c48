/**
 * Reads of `activity_log`: a location's log filtered by type, time window and text, newest first,
 * paged or streamed; and the movements behind one figure of one item.
 */
import { type RawBuilder, sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import { LOG_COUNT_CAP, type LogPage, type LogRow, WAREHOUSE_LOG_TYPES, type WarehouseLogType } from '../../contract/materials.ts';
import type { Figure, Explanation, InventoryRow } from '../../contract/materials.ts';
import type { ActivityLogTable, Database } from '../../migrations/schema.ts';
import type { Db } from '../../ledger/database.ts';
import type { StockLocation } from '../../ledger/stock-item/events.ts';
import { containing } from '../like.ts';

export interface LogFilter {
  location: StockLocation;
  types: WarehouseLogType[];
  /** Only the last N days; null for all time. */
  days: number | null;
  q: string;
  now?: Date;
}

type LogQuery = SelectQueryBuilder<Database, 'activity_log' | 'users', object>;

function filtered(db: Db, filter: LogFilter): LogQuery {
  const q = filter.q.trim();
  const since = filter.days === null ? null : new Date((filter.now ?? new Date()).getTime() - filter.days * 24 * 3600 * 1000);
  return db
    .selectFrom('activity_log')
    .leftJoin('users', 'users.id', 'activity_log.associated_user_id')
    .where('activity_log.location_kind', '=', filter.location.kind)
    .where('activity_log.location_id', '=', filter.location.id)
    .$if(filter.types.length > 0 && filter.types.length < WAREHOUSE_LOG_TYPES.length, (qb) => qb.where('activity_log.log_type', 'in', filter.types))
    .$if(since !== null, (qb) => qb.where('activity_log.occurred_at', '>=', since!))
    .$if(q.length > 0, (qb) =>
      qb.where((eb) => {
        const like = containing(q);
        return eb.or([
          eb('activity_log.part_number', 'ilike', like),
          eb('activity_log.part_name', 'ilike', like),
          eb('activity_log.actor_name', 'ilike', like),
          eb('activity_log.associated_name', 'ilike', like),
        ]);
      }),
    ) as LogQuery;
}

const selection = [
  'activity_log.position',
  'activity_log.occurred_at',
  'activity_log.log_type',
  'activity_log.actor_name',
  'activity_log.quantity',
  'activity_log.part_number',
  'activity_log.part_name',
  'activity_log.associated_name',
  'users.email as associated_email',
  'activity_log.bin_info',
  'activity_log.note',
  'activity_log.source',
  'activity_log.batch_id',
  'activity_log.reverses_batch_id',
  'activity_log.hash',
  'activity_log.d_on_hand',
  'activity_log.d_field',
  'activity_log.d_lost',
  'activity_log.location_a',
  'activity_log.location_b',
  'activity_log.corrects_position',
  // The correction of an entry, if any: one probe of the small partial unique index per row shown.
  sql<number | null>`(select c.position from activity_log c where c.corrects_position = activity_log.position)`.as('corrected_by'),
] as const;

type SelectedRow = Pick<
  Selectable<ActivityLogTable>,
  | 'position'
  | 'occurred_at'
  | 'log_type'
  | 'actor_name'
  | 'quantity'
  | 'part_number'
  | 'part_name'
  | 'associated_name'
  | 'bin_info'
  | 'note'
  | 'source'
  | 'batch_id'
  | 'reverses_batch_id'
  | 'hash'
  | 'd_on_hand'
  | 'd_field'
  | 'd_lost'
  | 'location_a'
  | 'location_b'
  | 'corrects_position'
> & { associated_email: string | null; corrected_by: number | string | null };

function toLogRow(location: StockLocation, r: SelectedRow): LogRow {
  return {
    id: Number(r.position),
    position: Number(r.position),
    ProjectID: location.kind === 'project' ? location.id : null,
    warehouse_id: location.kind === 'warehouse' ? location.id : null,
    LogType: r.log_type,
    LogDate: r.occurred_at.toISOString(),
    LogName: r.actor_name,
    LogAmount: r.quantity,
    PartNumber: r.part_number,
    PartName: r.part_name,
    AssociatedName: r.associated_name,
    AssociatedEmail: r.associated_email,
    // A project's return names its bin; a warehouse move names both sides.
    location_a: r.location_a ?? (r.log_type === 'Return' ? r.bin_info : null),
    location_b: r.location_b,
    LogCategory: 'material',
    bin_info: r.bin_info,
    note: r.note,
    source: r.source,
    batch_id: r.batch_id,
    reverses_batch_id: r.reverses_batch_id,
    corrects_position: r.corrects_position === null ? null : Number(r.corrects_position),
    corrected_by: r.corrected_by === null ? null : Number(r.corrected_by),
    hash: r.hash,
    d_on_hand: r.d_on_hand,
    d_field: r.d_field,
    d_lost: r.d_lost,
    matched: [],
  };
}

/** The shown fields a search text is found in, so a row found by a search can say why. */
function matchedFields(row: LogRow, q: string): LogRow['matched'] {
  const text = q.trim().toLowerCase();
  if (!text) return [];
  const shown = { PartNumber: row.PartNumber, PartName: row.PartName, LogName: row.LogName, AssociatedName: row.AssociatedName } as const;
  return (Object.keys(shown) as Array<keyof typeof shown>).filter((field) => shown[field]?.toLowerCase().includes(text));
}

export interface LogWindow {
  limit: number;
  offset: number;
  /** By when things happened, oldest first; newest first otherwise. Both ride the same index. */
  oldestFirst?: boolean;
}

/** One page of the log; counting stops past LOG_COUNT_CAP (a screen then shows "10,000+"). */
export async function logPage(db: Db, filter: LogFilter, window: LogWindow): Promise<LogPage> {
  const direction = window.oldestFirst ? 'asc' : 'desc';
  const base = filtered(db, filter);
  const [rows, count] = await Promise.all([
    base
      .select(selection)
      .orderBy('activity_log.occurred_at', direction)
      .orderBy('activity_log.position', direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    db
      .selectFrom(
        base
          .select(sql<number>`1`.as('one'))
          .limit(LOG_COUNT_CAP + 1)
          .as('matching'),
      )
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const total = Math.min(Number(count.n), LOG_COUNT_CAP);
  const items = (rows as SelectedRow[]).map((r) => toLogRow(filter.location, r)).map((row) => ({ ...row, matched: matchedFields(row, filter.q) }));
  return { items, total, total_capped: Number(count.n) > LOG_COUNT_CAP };
}

/** The CSV columns of a log export, in order; `exportLogPages` yields rows of exactly these cells. */
export const LOG_EXPORT_COLUMNS = [
  'Position',
  'Date',
  'Type',
  'Part Number',
  'Name',
  'Amount',
  'Transacted By',
  'Assigned To',
  'Assigned To Email',
  'On Hand Change',
  'Field Change',
  'Lost Change',
  'Bin',
  'Note',
  'Source',
  'Hash',
];

/** A warehouse log's CSV columns: the log's, then where each movement took the units from and to. */
export const WAREHOUSE_LOG_EXPORT_COLUMNS = [...LOG_EXPORT_COLUMNS, 'From', 'To'];

/**
 * Every matching row, newest first, a keyset page at a time, so a million rows never sit in memory.
 * Rows come back as the export's cells (dates already ISO text from the database), so nothing is
 * built per row but the CSV line itself. A page of 1,000 keeps what is in flight small (measured
 * on 150,000 rows: the server grew about 20 MB with it against about 33 MB with pages of 5,000, at
 * the same rows per second); each page is one index range read.
 */
export async function* exportLogPages(
  db: Db,
  filter: LogFilter,
  pageSize = 1000,
  columns: readonly string[] = LOG_EXPORT_COLUMNS,
): AsyncGenerator<unknown[][]> {
  let after: { at: string; position: number } | null = null;
  for (;;) {
    const cursor: { at: string; position: number } | null = after;
    const rows: Array<Record<string, unknown> & { position: number; cursor_at: string }> = await filtered(db, filter)
      .select([
        'activity_log.position',
        sql<string>`to_char(activity_log.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('date'),
        'activity_log.log_type',
        'activity_log.part_number',
        'activity_log.part_name',
        'activity_log.quantity',
        'activity_log.actor_name',
        'activity_log.associated_name',
        'users.email',
        'activity_log.d_on_hand',
        'activity_log.d_field',
        'activity_log.d_lost',
        'activity_log.bin_info',
        'activity_log.note',
        'activity_log.source',
        'activity_log.hash',
        'activity_log.location_a',
        'activity_log.location_b',
        sql<string>`activity_log.occurred_at::text`.as('cursor_at'),
      ])
      .$if(cursor !== null, (qb) =>
        qb.where(sql<boolean>`(activity_log.occurred_at, activity_log.position) < (${cursor!.at}::timestamptz, ${cursor!.position})`),
      )
      .orderBy('activity_log.occurred_at', 'desc')
      .orderBy('activity_log.position', 'desc')
      .limit(pageSize)
      .execute();
    if (rows.length > 0) yield rows.map((row) => Object.values(row).slice(0, columns.length));
    if (rows.length < pageSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor_at, position: Number(last.position) };
  }
}

/** Each figure's change on a movement; in transit counts what this project sent and what is coming to it. */
const deltaOf: Record<Figure, RawBuilder<number>> = {
  on_hand: sql<number>`d_on_hand`,
  field_assigned: sql<number>`d_field`,
  lost: sql<number>`d_lost`,
  logistics: sql<number>`d_logistics`,
  in_transit: sql<number>`(d_in_transit + d_incoming)`,
};

/** The movements behind one figure of one item, oldest first, with the running balance after each. */
export async function explainFigure(db: Db, location: StockLocation, item: InventoryRow, figure: Figure): Promise<Explanation> {
  const delta = deltaOf[figure];
  const { rows } = await sql<{
    position: number;
    occurred_at: Date;
    log_type: string;
    quantity: number;
    actor_name: string;
    associated_name: string | null;
    delta: number;
    balance: number;
  }>`
    select position, occurred_at, log_type, quantity, actor_name, associated_name, ${delta} as delta,
           sum(${delta}) over (order by occurred_at, position)::int as balance
      from activity_log
     where location_kind = ${location.kind} and location_id = ${location.id} and material_id = ${item.material_id} and ${delta} <> 0
     order by occurred_at, position`.execute(db);
  const current = {
    on_hand: item.QtyOnHand,
    field_assigned: item.FieldAssigned,
    lost: item.QtyLost,
    logistics: item.MatVendorQty,
    in_transit: item.QtyInTransit + item.QtyIncoming,
  }[figure];
  return {
    figure,
    current,
    items: rows.map((r) => ({
      position: Number(r.position),
      date: r.occurred_at.toISOString(),
      type: r.log_type,
      amount: r.quantity,
      change: r.delta,
      balance: r.balance,
      by: r.actor_name,
      associated: r.associated_name,
    })),
  };
}
