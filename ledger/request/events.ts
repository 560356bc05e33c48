/**
 * Events of one request (`request:<id>`), each with its actor in the event's metadata. Every event
 * names its project and carries the request's status after it, so a read model never has to fold
 * the stream to know the status. The stock a fulfilled line assigns is an event of the project's
 * stock stream, appended by the same command (see fulfil.ts).
 */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import type { Change } from '../topics.ts';
import { LINE_STATUSES, REQUEST_STATUSES, REQUEST_TYPES } from '../../contract/messages/requests.ts';

export {
  LINE_STATUSES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  WAITING_DELIVERY,
  type LineStatus,
  type RequestStatus,
  type RequestType,
} from '../../contract/messages/requests.ts';

export const requestLineSchema = z.object({
  lineId: z.string().min(1),
  /** The material's id for a material line; null for an asset line. */
  materialId: z.string().nullable(),
  /** The part number, or the asset number of an asset line. */
  partNumber: z.string().min(1),
  partName: z.string(),
  qty: z.number().int().positive(),
  notes: z.string().nullable(),
});
export type RequestLineData = z.infer<typeof requestLineSchema>;

const base = z.object({ requestId: z.string().min(1), projectId: z.string().min(1), status: z.enum(REQUEST_STATUSES) });
const lineIds = z.array(z.string().min(1));

export const requestSubmittedSchema = base.extend({
  num: z.number().int().positive(),
  type: z.enum(REQUEST_TYPES),
  requesterId: z.string().min(1),
  requesterName: z.string(),
  requesterEmail: z.string(),
  lines: z.array(requestLineSchema).min(1),
  notes: z.string().nullable(),
  imagePath: z.string().nullable(),
});
/** `lineIds`: the requested lines that went on hold with it. */
export const requestHeldSchema = base.extend({ reason: z.string().nullable(), waitingDelivery: z.boolean(), lineIds });
/** `cause`: a manager's Re-Open, or a receive whose new stock covers the held lines. */
export const requestReopenedSchema = base.extend({ cause: z.enum(['manager', 'receive']), lineIds });
/** `lineIds`: the lines not yet fulfilled, denied with the request. */
export const requestDeniedSchema = base.extend({ reason: z.string().min(1), lineIds });
/**
 * A line fulfilled, wholly or in part. `quantity` below the line's splits it: the line keeps the
 * fulfilled quantity and `remainderLine` is a new requested line with the rest (of the part asked for). A replacement
 * gives another part of the project in its place (`materialId`, `partNumber`, `partName` of it).
 */
export const requestLineFulfilledSchema = base.extend({
  lineId: z.string().min(1),
  quantity: z.number().int().positive(),
  materialId: z.string().nullable(),
  partNumber: z.string(),
  partName: z.string(),
  requestedPartNumber: z.string().nullable(),
  remainderLine: requestLineSchema.nullable(),
  /** The requester, to whom the stock is assigned. */
  assignedTo: z.string().min(1),
  /** An asset line: the instances marked in use for the requester (as many as the quantity). */
  instanceIds: z.array(z.string().min(1)).optional(),
});
export const lineChangeSchema = z.object({
  lineId: z.string().min(1),
  qty: z.number().int().positive().optional(),
  notes: z.string().nullable().optional(),
  status: z.enum(LINE_STATUSES).optional(),
});
export const requestLinesChangedSchema = base.extend({ changes: z.array(lineChangeSchema).min(1), reason: z.string().nullable() });
/** Fulfilled: by Fulfil All, or by the fulfil that settled its last open line. */
export const requestFulfilledSchema = base;
/** Closed once every line is fulfilled, on hold or denied: `status` fulfilled, or denied when no line was fulfilled. */
export const requestFinalisedSchema = base;

export type RequestSubmitted = { type: 'RequestSubmitted'; data: z.infer<typeof requestSubmittedSchema> };
export type RequestHeld = { type: 'RequestHeld'; data: z.infer<typeof requestHeldSchema> };
export type RequestReopened = { type: 'RequestReopened'; data: z.infer<typeof requestReopenedSchema> };
export type RequestDenied = { type: 'RequestDenied'; data: z.infer<typeof requestDeniedSchema> };
export type RequestLineFulfilled = { type: 'RequestLineFulfilled'; data: z.infer<typeof requestLineFulfilledSchema> };
export type RequestLinesChanged = { type: 'RequestLinesChanged'; data: z.infer<typeof requestLinesChangedSchema> };
export type RequestFulfilled = { type: 'RequestFulfilled'; data: z.infer<typeof requestFulfilledSchema> };
export type RequestFinalised = { type: 'RequestFinalised'; data: z.infer<typeof requestFinalisedSchema> };
export type LineChange = z.infer<typeof lineChangeSchema>;

export type RequestEvent =
  | RequestSubmitted
  | RequestHeld
  | RequestReopened
  | RequestDenied
  | RequestLineFulfilled
  | RequestLinesChanged
  | RequestFulfilled
  | RequestFinalised;

export const requestEventSchemas = {
  RequestSubmitted: requestSubmittedSchema,
  RequestHeld: requestHeldSchema,
  RequestReopened: requestReopenedSchema,
  RequestDenied: requestDeniedSchema,
  RequestLineFulfilled: requestLineFulfilledSchema,
  RequestLinesChanged: requestLinesChangedSchema,
  RequestFulfilled: requestFulfilledSchema,
  RequestFinalised: requestFinalisedSchema,
} as const;

export const REQUEST_EVENT_TYPES = Object.keys(requestEventSchemas) as RequestEvent['type'][];
export const requestStreamId = (requestId: string) => `request:${requestId}`;
export const isRequestEvent = (event: RecordedEvent): event is RecordedEvent & RequestEvent => Object.hasOwn(requestEventSchemas, event.type);

/** A request shows on its project's request screens and in its unread count. */
export function requestTopics(event: RequestEvent): Change[] {
  return [{ projectId: event.data.projectId, topics: ['requests'] }];
}
