/**
 * What a webhook says about a ledger event: which kind it is (or none), which projects it is about,
 * the figures after it, and the body sent (a WebhookPayload). Pure: the enqueueing subscription and
 * replay build the same body from the same events, so a replayed delivery differs from the first
 * only in its `timestamp`.
 */
import { WEBHOOK_LIMITS, type WebhookEventKind, type WebhookPayload } from '../../contract/webhooks.ts';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import { isAssetEvent } from '../../ledger/asset/events.ts';
import { isLabelEvent } from '../../ledger/labels/events.ts';
import { isRequestEvent } from '../../ledger/request/events.ts';
import { isCountEvent } from '../../ledger/stock-count/events.ts';
import { isStockItemEvent, type StockItemEvent } from '../../ledger/stock-item/events.ts';
import { stockDeltas } from '../../ledger/stock-item/stock-numbers.ts';
import { isTransferEvent } from '../../ledger/transfer/events.ts';

/** The kind of an event and the projects it is about; no projects: a warehouse's, heard only site-wide. */
export interface WebhookSubject {
  kind: WebhookEventKind;
  projectIds: string[];
}

/**
 * The kind and projects of a ledger event, or null for events no webhook tells of. A LabelsImported
 * event is a candidate only: whether it finishes its import is decided with the import's total
 * (see `finishesImport`).
 */
export function webhookSubjectOf(event: RecordedEvent): WebhookSubject | null {
  if (isStockItemEvent(event)) {
    // New thresholds move no unit and change no figure.
    if (event.type === 'StockWarningsSet') return null;
    const { location } = event.data;
    return { kind: 'stock.moved', projectIds: location.kind === 'project' ? [location.id] : [] };
  }
  if (isAssetEvent(event)) {
    const d = event.data as Partial<Record<'to' | 'from' | 'owner', { type: string; id: string }>>;
    const projects = [d.owner, d.from, d.to].filter((o) => o?.type === 'project').map((o) => o!.id);
    return { kind: 'stock.moved', projectIds: [...new Set(projects)] };
  }
  if (isRequestEvent(event)) return { kind: 'request.changed', projectIds: [event.data.projectId] };
  if (isTransferEvent(event)) return { kind: 'transfer.changed', projectIds: [...new Set([event.data.fromId, event.data.toId])] };
  if (isLabelEvent(event) && event.type === 'LabelsImported') return { kind: 'label_import.finished', projectIds: [event.data.projectId] };
  if (isCountEvent(event) && event.type === 'CountSessionPosted') {
    const { location } = event.data;
    return { kind: 'count.posted', projectIds: location.kind === 'project' ? [location.id] : [] };
  }
  return null;
}

/** Who may hear of what: a site-wide endpoint of everything, a project's of its own project's events. */
export interface EndpointScope {
  id: string;
  project_id: string | null;
  kinds: readonly string[];
}

export function endpointHears(endpoint: EndpointScope, subject: WebhookSubject): boolean {
  if (!endpoint.kinds.includes(subject.kind)) return false;
  return endpoint.project_id === null || subject.projectIds.includes(endpoint.project_id);
}

/** The project a body names: the endpoint's own, or (site-wide) the first the event is about. */
export const payloadProject = (endpoint: Pick<EndpointScope, 'project_id'>, subject: WebhookSubject): string | null =>
  endpoint.project_id ?? subject.projectIds[0] ?? null;

/** A part's figures in one place after an event. */
export interface StockFigures {
  on_hand: number;
  field_assigned: number;
  lost: number;
}

export const NO_STOCK: StockFigures = { on_hand: 0, field_assigned: 0, lost: 0 };

/** The figures after `event`, from the figures before it: the same deltas the projections apply. */
export function foldStockFigures(before: StockFigures, event: StockItemEvent): StockFigures {
  const d = stockDeltas(event);
  return { on_hand: before.on_hand + d.onHand, field_assigned: before.field_assigned + d.field, lost: before.lost + d.lost };
}

/** What a body reports of a stock event's figures: a warehouse assigns nothing to the field. */
export function stockFiguresOf(event: StockItemEvent, after: StockFigures): Record<string, number> {
  return event.data.location.kind === 'project' ? { ...after } : { on_hand: after.on_hand, lost: after.lost };
}

/** What decides whether a LabelsImported event finishes its import. */
export interface ImportProgress {
  /** The import job's total; null for an import written in one command (no job). */
  jobTotal: number | null;
  /** The id the job gives its last label (index total − 1); null without a job. */
  lastLabelId: string | null;
  /** Another event of the same import follows in the same transaction. */
  moreInTransaction: boolean;
}

/**
 * A job's import ends with the event carrying its last label (its batches are separate commits);
 * an import without a job is one command, so it ends with its transaction's last event of it.
 */
export function finishesImport(event: RecordedEvent<string, { labels: Array<{ id: string }> }>, progress: ImportProgress): boolean {
  if (progress.jobTotal !== null) return event.data.labels.at(-1)?.id === progress.lastLabelId;
  return !progress.moreInTransaction;
}

/** The parts of a body that depend on the event alone, not on when it is sent. */
export interface PayloadInput {
  kind: WebhookEventKind;
  event: string;
  position: number;
  stream: string | null;
  projectId: string | null;
  occurredAt: Date;
  actor: { id: string | null; name: string } | null;
  details: unknown;
  figures?: Record<string, number> | undefined;
}

/** The body of an event's delivery. */
export function eventPayloadInput(event: RecordedEvent, kind: WebhookEventKind, projectId: string | null, figures?: Record<string, number>): PayloadInput {
  return {
    kind,
    event: event.type,
    position: event.globalPosition,
    stream: event.streamId,
    projectId,
    occurredAt: event.occurredAt,
    actor: { id: event.metadata.actorId, name: event.metadata.actorName },
    details: detailsOf(event),
    figures: figures ?? figuresOf(event),
  };
}

/** An import's finishing event carries at most a thousand labels: the body names the import, not its last batch. */
function detailsOf(event: RecordedEvent): unknown {
  if (event.type === 'LabelsImported') {
    const { labels: _labels, ...rest } = event.data as { labels: unknown[] };
    return rest;
  }
  return event.data;
}

function figuresOf(event: RecordedEvent): Record<string, number> | undefined {
  if (isCountEvent(event) && event.type === 'CountSessionPosted') {
    const d = event.data;
    return {
      lines_counted: d.linesCounted,
      lines_with_variance: d.linesWithVariance,
      lines_not_counted: d.linesNotCounted,
      adjustments: d.adjustments,
      assets_lost: d.assetsLost,
      assets_found: d.assetsFound,
    };
  }
  return undefined;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/**
 * The body, cut to WEBHOOK_LIMITS.bodyMaxBytes: beyond it the details and figures are left out
 * and `truncated` says so (the receiver reads the rest from the API by the position).
 */
export function buildPayload(input: PayloadInput, timestamp: Date, maxBytes: number = WEBHOOK_LIMITS.bodyMaxBytes): WebhookPayload {
  const data: WebhookPayload['data'] = {
    event: input.event,
    position: input.position,
    stream: input.stream,
    project_id: input.projectId,
    occurred_at: input.occurredAt.toISOString(),
    actor: input.actor,
    details: input.details,
    ...(input.figures ? { figures: input.figures } : {}),
  };
  const payload: WebhookPayload = { type: input.kind, timestamp: timestamp.toISOString(), data };
  if (bytes(payload) <= maxBytes) return payload;
  const { details: _details, figures: _figures, ...kept } = data;
  return { type: input.kind, timestamp: payload.timestamp, data: { ...kept, truncated: true } };
}

/** A signed checkpoint as a webhook tells it. */
export interface SignedCheckpoint {
  ledger_seq: number;
  /** The global position of the last event it covers. */
  position: number;
  chain_hash: string;
  tree_root: string;
  signed_at: string;
  key_id: string;
  signature: string;
}

export const checkpointMessageId = (checkpoint: Pick<SignedCheckpoint, 'ledger_seq'>) => `ckpt_${checkpoint.ledger_seq}`;
export const eventMessageId = (position: number) => `evt_${position}`;

export function checkpointPayloadInput(checkpoint: SignedCheckpoint): PayloadInput {
  const { position, ...details } = checkpoint;
  return {
    kind: 'checkpoint.signed',
    event: 'CheckpointSigned',
    position,
    stream: null,
    projectId: null,
    occurredAt: new Date(checkpoint.signed_at),
    actor: null,
    details,
    figures: { events: checkpoint.ledger_seq, position },
  };
}
