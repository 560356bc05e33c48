/**
 * Reads of `count_sessions` and `count_lines` for the count screens: a session's summary, a
 * location's sessions, and the lines as a counter sees them (never an expected figure).
 */
import { type Selectable, sql } from 'kysely';
import type { CounterLine, CountStatus, CountSummary, LineStatus } from '../../contract/counts.ts';
import type { Place } from '../../contract/place.ts';
import type { Db } from '../../ledger/database.ts';
import type { Trx } from '../../ledger/event-store/event-store.ts';
import type { CountLinesTable, CountSessionsTable } from '../../migrations/schema.ts';

export type CountSessionRow = Selectable<CountSessionsTable>;
export type CountLineRow = Selectable<CountLinesTable>;

/** One stored counter: `count_sessions.counters` holds a list of these. */
export interface StoredCounter {
  user_id: string;
  name: string;
}

/** One count of the current round: `count_lines.counts` holds a list of these, oldest first. */
export interface StoredCount {
  user_id: string;
  name: string;
  counted: number;
  counted_at: string;
}

/** The JSON columns as the drivers give them back (objects), or as text where a driver leaves it. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
export const countersOf = (row: Pick<CountSessionRow, 'counters'>): StoredCounter[] => json<StoredCounter[]>(row.counters) ?? [];
export const countsOf = (row: Pick<CountLineRow, 'counts'>): StoredCount[] => json<StoredCount[]>(row.counts) ?? [];
export const placeOf = (row: Pick<CountLineRow, 'place'>): Place | null => json<Place | null>(row.place) ?? null;

const iso = (value: Date | string) => new Date(value).toISOString();

/** What the caller may do with a session, as the summary tells the screens. */
export interface CountPermissions {
  can_count: boolean;
  can_review: boolean;
}

/** A session as every count screen shows it. */
export function toCountSummary(row: CountSessionRow, permissions: CountPermissions): CountSummary {
  const counted = Number(row.lines_counted);
  const withVariance = row.lines_with_variance === null ? null : Number(row.lines_with_variance);
  return {
    id: row.id,
    name: row.name,
    location_kind: row.location_kind,
    location_id: row.location_id,
    location_label: row.location_label,
    status: row.status,
    scope_label: row.scope_label,
    due_date: row.due_date,
    blind: row.blind,
    double_count: row.double_count,
    include_assets: row.include_assets,
    counters: countersOf(row),
    line_total: Number(row.line_total),
    lines_counted: counted,
    recounts_pending: Number(row.recounts_pending),
    // Lines without variance / lines counted, once posted.
    accuracy: row.status === 'posted' && withVariance !== null ? (counted > 0 ? Math.round(((counted - withVariance) / counted) * 1000) / 10 : null) : null,
    adjustments: row.adjustments === null ? null : Number(row.adjustments),
    created_by: row.created_by_name,
    created_at: iso(row.created_at),
    posted_at: row.posted_at ? iso(row.posted_at) : null,
    posted_by: row.posted_by_name,
    can_count: permissions.can_count,
    can_review: permissions.can_review,
  };
}

/** Whether the user is one of the session's counters. */
export const isCounterOf = (row: Pick<CountSessionRow, 'counters'>, userId: string): boolean => countersOf(row).some((c) => c.user_id === userId);

export async function findCountSession(db: Db | Trx, sessionId: string): Promise<CountSessionRow | undefined> {
  // A malformed id names no session (the column is a uuid).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId)) return undefined;
  return db.selectFrom('count_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
}

/** A location's sessions, newest first; with `counterId`, only those the user counts. */
export async function listCountSessions(
  db: Db,
  location: { kind: 'project' | 'warehouse'; id: string },
  options: { status?: CountStatus; counterId?: string } = {},
): Promise<CountSessionRow[]> {
  return db
    .selectFrom('count_sessions')
    .selectAll()
    .where('location_kind', '=', location.kind)
    .where('location_id', '=', location.id)
    .$if(Boolean(options.status), (qb) => qb.where('status', '=', options.status!))
    .$if(Boolean(options.counterId), (qb) => qb.where(sql<boolean>`counters @> ${JSON.stringify([{ user_id: options.counterId }])}::jsonb`))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

/** The lines of a session as a counter sees them: what to count and where, and their own counts. */
export async function counterLines(db: Db, session: Pick<CountSessionRow, 'id' | 'double_count'>, userId: string): Promise<CounterLine[]> {
  const rows = await db
    .selectFrom('count_lines')
    .select(['line_id', 'seq', 'kind', 'part_number', 'part_name', 'place', 'place_label', 'asset_number', 'serial_number', 'planned', 'status', 'counts'])
    .where('session_id', '=', session.id)
    .orderBy('seq')
    .execute();
  return rows.map((r) => {
    const counts = countsOf(r);
    const mine = counts.filter((c) => c.user_id === userId).at(-1);
    const status = r.status as LineStatus;
    const open = status !== 'counted' || (session.double_count && counts.length < 2 && !mine);
    return {
      line_id: r.line_id,
      seq: Number(r.seq),
      kind: r.kind,
      part_number: r.part_number,
      part_name: r.part_name,
      place: placeOf(r),
      place_label: r.place_label,
      asset_number: r.asset_number,
      serial_number: r.serial_number,
      planned: r.planned,
      status,
      my_count: mine ? mine.counted : null,
      counts: counts.length,
      needs_count_from_me: open,
    };
  });
}
