/**
 * Reads of `requests` and `request_lines`: a project's requests (filtered, sorted, paged), one
 * request with its lines, a request's history as the ledger holds it, and the requests held
 * waiting on delivery. Filters name the screens' words; FILTER_STATES maps them to the states.
 */
import { type Selectable, sql } from 'kysely';
import {
  FILTER_STATES,
  type RequestDetail,
  type RequestFilter,
  type RequestHistoryEntry,
  type RequestSort,
  type RequestSummary,
} from '../../contract/requests.ts';
import type { Db } from '../../ledger/database.ts';
import { readStreams } from '../../ledger/event-store/event-store.ts';
import { isRequestEvent, requestStreamId } from '../../ledger/request/events.ts';
import type { RequestsTable } from '../../migrations/schema.ts';
import { containing } from '../like.ts';

type RequestRow = Selectable<RequestsTable>;

export interface RequestFilterOptions {
  projectId: string;
  /** Only this requester's requests (My Request History). */
  requesterId?: string | null;
  status: RequestFilter;
  type: 'all' | 'Material' | 'Asset';
  /** Days back from `now`, or null for all time. */
  days: number | null;
  now: Date;
  q: string;
  sort: RequestSort;
}

const lineSummary = (db: Db) =>
  db
    .selectFrom('request_lines as l')
    .select([
      'l.request_id',
      sql<number>`count(*)::int`.as('lines'),
      sql<number>`coalesce(sum(l.qty), 0)::int`.as('total_qty'),
      sql<string>`string_agg(l.part_number, ', ' order by l.seq)`.as('items'),
    ])
    .groupBy('l.request_id');

function summaryOf(r: RequestRow, lines: { lines: number; total_qty: number; items: string } | undefined): RequestSummary {
  return {
    id: r.id,
    uuid: r.id,
    num: r.num,
    project_id: r.project_id,
    requester_id: r.requester_id,
    requester_name: r.requester_name,
    requester_email: r.requester_email,
    type: r.type,
    status: r.status,
    reason: r.reason,
    waiting_delivery: r.waiting_delivery,
    request_date: r.request_date.toISOString(),
    created_at: r.request_date.toISOString(),
    updated_at: r.updated_at.toISOString(),
    lines: Number(lines?.lines ?? 0),
    total_qty: Number(lines?.total_qty ?? 0),
    items: lines?.items ?? '',
  };
}

function filtered(db: Db, f: RequestFilterOptions) {
  const q = f.q.trim();
  return db
    .selectFrom('requests as r')
    .where('r.project_id', '=', f.projectId)
    .$if(Boolean(f.requesterId), (w) => w.where('r.requester_id', '=', f.requesterId!))
    .$if(f.status !== 'all', (w) => w.where('r.status', 'in', [...FILTER_STATES[f.status]]))
    .$if(f.type !== 'all', (w) => w.where('r.type', '=', f.type as 'Material' | 'Asset'))
    .$if(f.days !== null, (w) => w.where('r.request_date', '>=', new Date(f.now.getTime() - f.days! * 86_400_000)))
    .$if(q.length > 0, (w) =>
      w.where((eb) =>
        eb.or([
          eb('r.requester_name', 'ilike', containing(q)),
          eb('r.requester_email', 'ilike', containing(q)),
          eb('r.reason', 'ilike', containing(q)),
          eb('r.notes', 'ilike', containing(q)),
          eb(sql`r.num::text`, '=', q.replace(/^r-?/i, '')),
          eb.exists(
            eb
              .selectFrom('request_lines as m')
              .select('m.line_id')
              .whereRef('m.request_id', '=', 'r.id')
              .where((x) => x.or([x('m.part_number', 'ilike', containing(q)), x('m.part_name', 'ilike', containing(q)), x('m.notes', 'ilike', containing(q))])),
          ),
        ]),
      ),
    );
}

const SORT_COLUMNS = { request_date: 'r.request_date', status: 'r.status', type: 'r.type', requester: 'r.requester_name' } as const;

/** A page of a project's requests, and how many match in all. */
export async function listRequests(
  db: Db,
  f: RequestFilterOptions,
  page: { limit: number; offset: number },
): Promise<{ items: RequestSummary[]; total: number }> {
  let query = filtered(db, f).selectAll('r');
  if (f.sort === 'hold_first') {
    query = query.orderBy(sql`case when r.status = 'on-hold' then 0 else 1 end`).orderBy('r.request_date', 'desc');
  } else {
    const descending = f.sort.startsWith('-');
    const column = SORT_COLUMNS[f.sort.replace(/^-/, '') as keyof typeof SORT_COLUMNS];
    query = query.orderBy(column, descending ? 'desc' : 'asc');
    if (column !== 'r.request_date') query = query.orderBy('r.request_date', 'desc');
  }
  const [rows, count] = await Promise.all([
    query.orderBy('r.id').limit(page.limit).offset(page.offset).execute(),
    filtered(db, f).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.id);
  const lines = ids.length > 0 ? await lineSummary(db).where('l.request_id', 'in', ids).execute() : [];
  const byId = new Map(lines.map((l) => [l.request_id, l]));
  return { items: rows.map((r) => summaryOf(r, byId.get(r.id))), total: Number(count.n) };
}

/** Who a request belongs to, for the access check before anything else is read. */
export async function requestOwner(db: Db, requestId: string): Promise<{ project_id: string; requester_id: string } | null> {
  return (await db.selectFrom('requests').select(['project_id', 'requester_id']).where('id', '=', requestId).executeTakeFirst()) ?? null;
}

/** One request with its lines and project; null when there is none. */
export async function findRequest(db: Db, requestId: string, imageUrl: (path: string) => string): Promise<RequestDetail | null> {
  const row = await db
    .selectFrom('requests as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .selectAll('r')
    .select(['p.project_name', 'p.project_number'])
    .where('r.id', '=', requestId)
    .executeTakeFirst();
  if (!row) return null;
  const lines = await db.selectFrom('request_lines').selectAll().where('request_id', '=', requestId).orderBy('seq').execute();
  const summary = summaryOf(row, {
    lines: lines.length,
    total_qty: lines.reduce((sum, l) => sum + l.qty, 0),
    items: lines.map((l) => l.part_number).join(', '),
  });
  return {
    ...summary,
    picklist: lines.map((l) => ({
      line_id: l.line_id,
      part_number: l.part_number,
      part_name: l.part_name,
      qty: l.qty,
      status: l.status,
      notes: l.notes,
      requested_part_number: l.requested_part_number,
      split_from: l.split_from,
    })),
    notes: row.notes,
    image_path: row.image_path,
    image_url: row.image_path ? imageUrl(row.image_path) : null,
    project_number: row.project_number,
    project_name: row.project_name,
  };
}

const ACTIONS: Record<string, string> = {
  RequestSubmitted: 'Submitted',
  RequestHeld: 'Held',
  RequestReopened: 'Re-opened',
  RequestDenied: 'Denied',
  RequestLineFulfilled: 'Line fulfilled',
  RequestLinesChanged: 'Lines changed',
  RequestFulfilled: 'Fulfilled',
  RequestFinalised: 'Finalised',
};

/** The request's events, oldest first, in words. */
export async function requestHistory(db: Db, requestId: string): Promise<RequestHistoryEntry[]> {
  const events = (await readStreams(db, [requestStreamId(requestId)])).get(requestStreamId(requestId)) ?? [];
  const entries: RequestHistoryEntry[] = [];
  for (const event of events) {
    if (!isRequestEvent(event)) continue;
    const base = {
      position: event.globalPosition,
      date: event.occurredAt.toISOString(),
      action: ACTIONS[event.type] ?? event.type,
      user: event.metadata.actorName,
      user_id: event.metadata.actorId,
    };
    let detail: string | null = null;
    switch (event.type) {
      case 'RequestSubmitted':
        detail = `${event.data.lines.length} line(s): ${event.data.lines.map((l) => `${l.partNumber} × ${l.qty}`).join(', ')}`;
        break;
      case 'RequestHeld':
        detail = event.data.reason;
        break;
      case 'RequestReopened':
        detail = event.data.cause === 'receive' ? 'A receive covered the lines waiting on delivery' : null;
        break;
      case 'RequestDenied':
        detail = event.data.reason;
        break;
      case 'RequestLineFulfilled': {
        const d = event.data;
        const instead = d.requestedPartNumber ? ` (instead of ${d.requestedPartNumber})` : '';
        detail = `${d.partNumber} × ${d.quantity}${instead}${d.remainderLine ? `; ${d.remainderLine.qty} still requested` : ''}`;
        break;
      }
      case 'RequestLinesChanged':
        detail = event.data.reason;
        break;
      case 'RequestFinalised':
        detail = `Closed as ${event.data.status}`;
        break;
      default:
        detail = null;
    }
    entries.push({ ...base, detail });
  }
  return entries;
}
