/**
 * Turning ledger events into webhook deliveries: which endpoints hear of each event, the body each
 * is sent (with the stock figures after the event, folded from its stream), and the rows written,
 * in commit order, each with the next `seq` (the order the sender keeps per endpoint).
 *
 * Used by the enqueueing subscription (new events, written once: on conflict nothing) and by replay
 * (events again: written afresh behind whatever is waiting).
 */
import { sql } from 'kysely';
import type { WebhookEventKind } from '../../contract/webhooks.ts';
import type { Trx } from '../../ledger/event-store/event-store.ts';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import { isStockItemEvent, type StockItemEvent } from '../../ledger/stock-item/events.ts';
import { importLabelId } from '../labels/import/import-rows.ts';
import {
  buildPayload,
  type EndpointScope,
  endpointHears,
  eventMessageId,
  eventPayloadInput,
  finishesImport,
  foldStockFigures,
  NO_STOCK,
  type PayloadInput,
  payloadProject,
  type StockFigures,
  stockFiguresOf,
  webhookSubjectOf,
  type WebhookSubject,
} from './payload.ts';

export interface EndpointRow extends EndpointScope {
  start_position: number;
}

export async function loadEndpointScopes(trx: Trx, endpointId?: string): Promise<EndpointRow[]> {
  const rows = await trx
    .selectFrom('webhook_endpoints')
    .select(['id', 'project_id', 'kinds', 'start_position'])
    .$if(endpointId !== undefined, (q) => q.where('id', '=', endpointId!))
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, start_position: Number(r.start_position) }));
}

const CACHE_LIMIT = 20_000;

/**
 * Stock figures after a stream's versions, so following a busy part does not read its whole
 * stream for every event. Events never change, so an entry is right whatever happens to the page
 * that computed it (a rolled-back page leaves only true figures behind).
 */
export class StockFigureCache {
  private readonly after = new Map<string, StockFigures>();

  get(stream: string, version: number): StockFigures | undefined {
    return version === 0 ? NO_STOCK : this.after.get(`${stream}\u0000${version}`);
  }

  set(stream: string, version: number, figures: StockFigures): void {
    const key = `${stream}\u0000${version}`;
    this.after.delete(key);
    this.after.set(key, figures);
    // Oldest first in a Map: drop the oldest once full.
    if (this.after.size > CACHE_LIMIT) this.after.delete(this.after.keys().next().value!);
  }
}

/** The figures after each stock event (by position), folding each stream from the version before its first event here. */
async function stockFiguresAfter(trx: Trx, events: Array<RecordedEvent & StockItemEvent>, cache: StockFigureCache): Promise<Map<number, StockFigures>> {
  const missing = new Map<string, number>();
  for (const event of events) {
    if (cache.get(event.streamId, event.streamVersion - 1) || missing.has(event.streamId)) continue;
    missing.set(event.streamId, event.streamVersion);
  }
  if (missing.size > 0) {
    // Raw SQL: each stream's events before its own version, all the streams in one query.
    const { rows } = await sql<{ stream_id: string; stream_version: number; type: string; data: unknown }>`
      select e.stream_id, e.stream_version, e.type, e.data from events e
        join unnest(${[...missing.keys()]}::text[], ${[...missing.values()]}::int[]) as w (stream_id, before)
          on e.stream_id = w.stream_id and e.stream_version < w.before
       order by e.stream_id, e.stream_version`.execute(trx);
    const folded = new Map<string, { version: number; figures: StockFigures }>();
    for (const row of rows) {
      const at = folded.get(row.stream_id) ?? { version: 0, figures: NO_STOCK };
      const event = { type: row.type, data: row.data } as StockItemEvent;
      folded.set(row.stream_id, { version: row.stream_version, figures: isStockItemEvent(event as never) ? foldStockFigures(at.figures, event) : at.figures });
    }
    for (const [stream, before] of missing) {
      const at = folded.get(stream);
      cache.set(stream, before - 1, at?.figures ?? NO_STOCK);
    }
  }
  const result = new Map<number, StockFigures>();
  for (const event of events) {
    const before = cache.get(event.streamId, event.streamVersion - 1);
    if (!before) throw new Error(`stock figures of ${event.streamId} before version ${event.streamVersion} are missing`);
    const after = foldStockFigures(before, event);
    cache.set(event.streamId, event.streamVersion, after);
    result.set(event.globalPosition, after);
  }
  return result;
}

type LabelsImportedEvent = RecordedEvent<string, { projectId: string; importId: string; labels: Array<{ id: string }> }>;

/** The positions of the LabelsImported events that finish their import (the job's last label, or the command's last event). */
async function finishedImports(trx: Trx, events: LabelsImportedEvent[], page: readonly RecordedEvent[]): Promise<Set<number>> {
  if (events.length === 0) return new Set();
  const jobs = await trx
    .selectFrom('label_import_jobs')
    .select(['id', 'total'])
    .where('id', 'in', [...new Set(events.map((e) => e.data.importId))])
    .execute();
  const totals = new Map(jobs.map((j) => [j.id, j.total]));
  const finished = new Set<number>();
  for (const event of events) {
    const { importId } = event.data;
    const isJob = totals.has(importId);
    const total = totals.get(importId) ?? null;
    let moreInTransaction = false;
    if (!isJob) {
      const index = page.indexOf(event);
      const later = page.slice(index + 1);
      moreInTransaction = later.some(
        (e) => e.transactionId === event.transactionId && e.type === 'LabelsImported' && (e.data as { importId: string }).importId === importId,
      );
      if (!moreInTransaction && index === page.length - 1) {
        // The page ended here: the command's next event may open the next page.
        const { rows } = await sql<{ more: boolean }>`
          select exists (select 1 from events where transaction_id = ${event.transactionId}::xid8 and global_position > ${event.globalPosition}
                            and stream_id = ${event.streamId} and data->>'importId' = ${importId}) as more`.execute(trx);
        moreInTransaction = rows[0]?.more === true;
      }
    }
    // A job without a total yet has appended nothing; its events cannot be here.
    const progress = isJob
      ? { jobTotal: total ?? 0, lastLabelId: total ? importLabelId(importId, total - 1) : null, moreInTransaction }
      : { jobTotal: null, lastLabelId: null, moreInTransaction };
    if (finishesImport(event, progress)) finished.add(event.globalPosition);
  }
  return finished;
}

/** One event that some endpoint hears of, with what its bodies are built from. */
export interface HeardEvent {
  event: RecordedEvent;
  subject: WebhookSubject;
  figures?: Record<string, number> | undefined;
}

/** The events of `page` (in commit order) that some of `endpoints` hear of, with their figures. */
export async function heardEvents(
  trx: Trx,
  page: readonly RecordedEvent[],
  endpoints: readonly EndpointScope[],
  cache: StockFigureCache,
): Promise<HeardEvent[]> {
  const kinds = new Set<WebhookEventKind>(endpoints.flatMap((e) => e.kinds as WebhookEventKind[]));
  const heard: HeardEvent[] = [];
  for (const event of page) {
    const subject = webhookSubjectOf(event);
    if (subject && kinds.has(subject.kind) && endpoints.some((e) => endpointHears(e, subject))) heard.push({ event, subject });
  }
  const imports = heard.filter((h) => h.subject.kind === 'label_import.finished').map((h) => h.event as LabelsImportedEvent);
  const finished = await finishedImports(trx, imports, page);
  const stock = heard.map((h) => h.event).filter((e): e is RecordedEvent & StockItemEvent => isStockItemEvent(e));
  const figures = await stockFiguresAfter(trx, stock, cache);
  return heard
    .filter((h) => h.subject.kind !== 'label_import.finished' || finished.has(h.event.globalPosition))
    .map((h) => {
      const after = figures.get(h.event.globalPosition);
      return after && isStockItemEvent(h.event) ? { ...h, figures: stockFiguresOf(h.event, after) } : h;
    });
}

/** One row to write: an endpoint, a message and its body's parts. */
export interface PlannedDelivery {
  endpointId: string;
  messageId: string;
  kind: WebhookEventKind;
  position: number;
  input: PayloadInput;
}

/** The deliveries of heard events to the endpoints that hear them, in commit order, then endpoint order. */
export function planEventDeliveries<E extends EndpointScope>(
  heard: readonly HeardEvent[],
  endpoints: readonly E[],
  after: (endpoint: E) => number,
): PlannedDelivery[] {
  const planned: PlannedDelivery[] = [];
  for (const { event, subject, figures } of heard) {
    for (const endpoint of endpoints) {
      if (event.globalPosition <= after(endpoint) || !endpointHears(endpoint, subject)) continue;
      planned.push({
        endpointId: endpoint.id,
        messageId: eventMessageId(event.globalPosition),
        kind: subject.kind,
        position: event.globalPosition,
        input: eventPayloadInput(event, subject.kind, payloadProject(endpoint, subject), figures),
      });
    }
  }
  return planned;
}

/** Parameters per row: well under the 65,535 a statement may carry. */
const INSERT_SLICE = 1000;

/**
 * Writes deliveries in the order given, each with the next `seq` (drawn first, then handed out in
 * order, so the send order is the order given). `replace`: a delivery already there is queued
 * again behind everything waiting (replay); otherwise it is left as it is (a page seen twice).
 * Returns how many rows were written.
 */
export async function writeDeliveries(trx: Trx, planned: readonly PlannedDelivery[], now: Date, replace: boolean): Promise<number> {
  if (planned.length === 0) return 0;
  const { rows } = await sql<{ seq: string }>`
    select nextval(pg_get_serial_sequence('webhook_deliveries', 'seq'))::text as seq from generate_series(1, ${planned.length}::int)`.execute(trx);
  const seqs = rows.map((r) => BigInt(r.seq)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let written = 0;
  for (let start = 0; start < planned.length; start += INSERT_SLICE) {
    const values = planned.slice(start, start + INSERT_SLICE).map((p, i) => ({
      endpoint_id: p.endpointId,
      message_id: p.messageId,
      kind: p.kind,
      position: p.position,
      seq: Number(seqs[start + i]!),
      payload: JSON.stringify(buildPayload(p.input, now)),
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: now,
      enqueued_at: now,
    }));
    const result = await trx
      .insertInto('webhook_deliveries')
      .values(values)
      .onConflict((oc) =>
        replace
          ? oc.columns(['endpoint_id', 'message_id']).doUpdateSet((eb) => ({
              seq: eb.ref('excluded.seq'),
              payload: eb.ref('excluded.payload'),
              status: 'pending',
              attempts: 0,
              next_attempt_at: eb.ref('excluded.next_attempt_at'),
              enqueued_at: eb.ref('excluded.enqueued_at'),
              delivered_at: null,
            }))
          : oc.columns(['endpoint_id', 'message_id']).doNothing(),
      )
      .executeTakeFirst();
    written += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return written;
}
