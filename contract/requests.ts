/**
 * Requests as the API speaks them (spec 01 §2, §3 Request and Picklist line, §4 Requests, §5, §7
 * Requests, §8, §9). Every path answers 401 signed out, 403 to a caller without the role named, 404
 * for an unknown request, 422 with the state table's rule (naming the state) for a change it does
 * not allow. "Member" is anyone with a role in the project (and global admins and superadmins);
 * "manager" is a project admin or manager, a global admin or a superadmin.
 *
 *   POST  /api/requests/material              body materialRequestBody → RequestDetail (member)
 *   POST  /api/requests/asset                 body assetRequestBody → RequestDetail (member; each asset number a live type)
 *   GET   /api/requests?mine=1&project_id=    query listQuery → { items: RequestSummary[], total } (member: their own)
 *   GET   /api/requests?project_id=           query listQuery → { items, total } (manager: every request of the project);
 *                                             `format=csv` answers the same rows as a CSV file (all pages)
 *   GET   /api/requests/{id}                  → RequestDetail (the requester, or a manager of its project)
 *   GET   /api/requests/{id}/history          → { items: RequestHistoryEntry[] } (same; oldest first, from the ledger)
 *   PATCH /api/requests/{id}/picklist         body picklistBody → RequestDetail (line changes by line_id: the requester
 *                                             may change qty and notes of requested lines while the request is requested;
 *                                             a manager may also set a line's status to on-hold, denied or requested)
 *   POST  /api/requests/{id}/assign           body assignBody → RequestDetail (manager). No lines: Fulfil All (every
 *                                             requested or on-hold line, then the request is fulfilled). With lines: a
 *                                             partial fulfil per line; a quantity below the line's splits it; `remainder`
 *                                             chooses whether the request stays open or goes on hold with
 *                                             `waiting_delivery`. Assigns the stock to the requester in the same
 *                                             transaction; `Insufficient Quantity` when on hand does not cover it. An
 *                                             asset line marks as many of the project's free instances (in the project,
 *                                             not in use, not lost) in use for the requester, in the same transaction.
 *   PATCH /api/requests/{id}/status           body statusBody → RequestDetail (manager): `on-hold` (Hold, optional reason
 *                                             or `waiting_delivery`), `requested` or `open` (Re-Open), `denied` (Deny,
 *                                             reason required), `fulfilled` (Fulfil All, as assign without lines),
 *                                             `finalised` (close once every line is fulfilled, on hold or denied)
 *   GET   /api/requests/unread-count?projectId=   → { count } (manager; others get 0): requests submitted since the
 *                                             caller last marked the project read
 *   POST  /api/requests/mark-read             body markReadBody → { count: 0 } (member)
 *   POST  /api/upload/request-image           multipart: `project_id`, then `file` (JPEG, PNG, WebP or HEIC by content,
 *                                             at most REQUEST_IMAGE_MAX_BYTES); `path` is accepted and ignored
 *                                             → imageAnswer (member of project_id)
 *   GET   /api/request-images/{projectId}/{file}  → the image (member of the project): what signed_url points at
 *   POST  /api/notify-fulfilled               body notifyFulfilledBody → { queued } (manager): the fulfilled e-mail to
 *                                             the requester through the outbox (queued 0 when their `emails` preference is off)
 *
 * Two vocabularies, one state machine: the server's request states are requested, partial, on-hold,
 * fulfilled and denied. The Manage Requests filter `open` means requested or partial; the Material
 * Requests filter `requested` means requested only and `partial` means partial only.
 *
 * Receives (POST /api/materials/receive, bulk receive) re-open every on-hold request of the project held
 * with `waiting_delivery` whose held lines the new on hand covers; they answer `reopenedCount`.
 *
 * Realtime: every request change names the topic `requests` for its project. In the ledger a new
 * request is the event `RequestSubmitted` (stream `request:<id>`, data.project_id), and a re-opening
 * receive appends `RequestReopened` with data.cause `receive` to each request it re-opens.
 */
import { z } from 'zod';
import { LINE_STATUSES, REQUEST_MESSAGES, REQUEST_STATUSES, REQUEST_TYPES, WAITING_DELIVERY } from './messages/requests.ts';
import { id, pageNumber, pageSize, quantity, searchText, text } from './fields.ts';
import { MAX_LENGTH, MAX_PAGE_SIZE } from './limits.ts';
import { listFormat, logDays } from './paging.ts';
import { PART_NUMBER_REQUIRED } from './messages.ts';

export {
  LINE_STATUSES,
  NEW_REQUEST_TOAST_MS,
  REOPENED_TOAST_MS,
  REQUEST_MESSAGES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  UNREAD_REFRESH_THROTTLE_MS,
  WAITING_DELIVERY,
} from './messages/requests.ts';
export type { LineStatus, RequestStatus, RequestType } from './messages/requests.ts';

/** Spec 01 §9: default quantity 1 (minimum 1); the search starts at 2 characters, waits 250 ms, shows 10. */
export const REQUEST_DEFAULT_QUANTITY = 1;
export const REQUEST_SEARCH_MIN = 2;
export const REQUEST_SEARCH_DEBOUNCE_MS = 250;
export const REQUEST_SEARCH_LIMIT = 10;
/** The largest request image accepted, in bytes. */
export const REQUEST_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const REQUEST_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] as const;

/** Longest text of each request field, in characters. */
export const REQUEST_LIMITS = { lines: 200, notes: MAX_LENGTH.note, reason: 500, imagePath: 500 } as const;

/** The filters of both screens: Manage Requests (open, …) and Material Requests (requested, partial, …). */
export const REQUEST_FILTERS = ['all', 'open', 'requested', 'partial', 'on-hold', 'fulfilled', 'denied'] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];
/** The server states each filter shows. */
export const FILTER_STATES: Record<RequestFilter, readonly (typeof REQUEST_STATUSES)[number][]> = {
  all: REQUEST_STATUSES,
  open: ['requested', 'partial'],
  requested: ['requested'],
  partial: ['partial'],
  'on-hold': ['on-hold'],
  fulfilled: ['fulfilled'],
  denied: ['denied'],
};
/** Sort keys; a leading `-` sorts descending. `hold_first` puts on-hold first, then newest first (My Request History). */
export const REQUEST_SORTS = ['-request_date', 'request_date', 'status', '-status', 'type', '-type', 'requester', '-requester', 'hold_first'] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];

const projectId = id('Project id', 'project_id must be a valid project id');
const partNumber = text({ label: 'Part number', max: MAX_LENGTH.partNumber, required: PART_NUMBER_REQUIRED });
const assetNumber = text({ label: 'Asset number', max: MAX_LENGTH.partNumber, required: 'Asset number is required' });
const notes = text({ label: 'Notes', max: REQUEST_LIMITS.notes }).nullish();
const reason = text({ label: 'Reason', max: REQUEST_LIMITS.reason }).nullish();
const lineId = id('Line', 'line_id must be a valid line id');
const imagePath = text({ label: 'Image path', max: REQUEST_LIMITS.imagePath }).nullish();
const lineQuantity = quantity({ positive: REQUEST_MESSAGES.lineQuantity });

export const materialLineInput = z.object({
  part_number: partNumber,
  /** Taken from the project's part; accepted for the spec's body shape. */
  part_name: text({ label: 'Part name', max: MAX_LENGTH.partName }).nullish(),
  qty: lineQuantity,
  /** The spec's body carries a status per line; a new line is always requested. */
  status: z.string().max(20).optional(),
  notes,
});
export const materialRequestBody = z.object({
  project_id: projectId,
  /** Accepted for the spec's body shape; the project is named by project_id. */
  project_number: text({ label: 'Project number', max: MAX_LENGTH.projectNumber }).nullish(),
  pick_list: z.array(materialLineInput).min(1, REQUEST_MESSAGES.emptyPicklist).max(REQUEST_LIMITS.lines),
  notes,
  /** The storage path answered by POST /api/upload/request-image. */
  image_path: imagePath,
});
export type MaterialRequestBody = z.input<typeof materialRequestBody>;

export const assetLineInput = z.object({
  asset_number: assetNumber,
  asset_name: text({ label: 'Asset name', max: MAX_LENGTH.partName }).nullish(),
  qty: lineQuantity,
  status: z.string().max(20).optional(),
  notes,
});
export const assetRequestBody = z.object({
  project_id: projectId,
  project_number: text({ label: 'Project number', max: MAX_LENGTH.projectNumber }).nullish(),
  pick_list: z.array(assetLineInput).min(1, REQUEST_MESSAGES.emptyPicklist).max(REQUEST_LIMITS.lines),
  notes,
  image_path: imagePath,
});
export type AssetRequestBody = z.input<typeof assetRequestBody>;

export const requestParams = z.object({ id: id('Request id', 'id must be a valid request id') });

export const listQuery = z.object({
  project_id: projectId,
  /** 1: only the caller's own requests (My Request History). */
  mine: z.enum(['0', '1', 'true', 'false'], { error: 'mine must be 1 or 0' }).default('0'),
  status: z.enum(REQUEST_FILTERS, { error: `status must be one of ${REQUEST_FILTERS.join(', ')}` }).default('all'),
  type: z.enum(['all', ...REQUEST_TYPES], { error: 'type must be all, Material or Asset' }).default('all'),
  days: logDays,
  /** Matches the request number, requester, reason, and part numbers and names of its lines. */
  q: searchText(),
  page: pageNumber(),
  page_size: pageSize(MAX_PAGE_SIZE, 50),
  /** Default: -request_date, or hold_first with mine=1. */
  sort: z.enum(REQUEST_SORTS, { error: `sort must be one of ${REQUEST_SORTS.join(', ')}` }).optional(),
  format: listFormat,
});
export type ListQuery = z.input<typeof listQuery>;

export const picklistLinePatch = z.object({
  line_id: lineId,
  qty: lineQuantity.optional(),
  notes,
  status: z.enum(['requested', 'on-hold', 'denied'], { error: 'status must be requested, on-hold or denied' }).optional(),
});
export const picklistBody = z.object({ picklist: z.array(picklistLinePatch).min(1, 'Name at least one line to change.').max(REQUEST_LIMITS.lines), reason });

export const assignLine = z.object({
  /** The line to fulfil; without it, the one requested line of this part number. */
  line_id: lineId.optional(),
  part_number: partNumber,
  /** Above 0 and not above the line's quantity; below it splits the line. */
  quantity: quantity(),
  /** Fulfil with another part of the project instead (it must exist: REQUEST_MESSAGES.partNotFound). */
  replacement_part_number: text({ label: 'Replacement part number', max: MAX_LENGTH.partNumber }).nullish(),
});
export const assignBody = z
  .object({
    lines: z.array(assignLine).max(REQUEST_LIMITS.lines).optional(),
    /** After a partial fulfil: keep the request open (default) or hold it waiting on delivery. */
    remainder: z.enum(['open', 'waiting_delivery'], { error: 'remainder must be open or waiting_delivery' }).default('open'),
  })
  .nullish();
export type AssignBody = z.input<typeof assignBody>;

export const SETTABLE_STATUSES = ['on-hold', 'requested', 'open', 'denied', 'fulfilled', 'finalised'] as const;
export const statusBody = z.object({
  status: z.enum(SETTABLE_STATUSES, { error: `status must be one of ${SETTABLE_STATUSES.join(', ')}` }),
  /** Hold: optional, `waiting_delivery` marks it for re-opening on receive. Deny: required. */
  reason,
});
export type StatusBody = z.input<typeof statusBody>;

export const unreadQuery = z.object({ projectId });
export const markReadBody = z.object({ projectId });
export const unreadAnswer = z.object({ count: z.number() });

export const notifyFulfilledBody = z.object({
  /**
   * The request whose requester is mailed (required: the mail goes to its requester, so the route
   * is no open relay); `to`, `firstname` and `matlist` default from the request, and `to` must be its requester's address.
   */
  request_id: id('Request', 'request_id must be a valid request id'),
  to: z.email({ error: 'to must be an e-mail address' }).max(MAX_LENGTH.email).optional(),
  firstname: text({ label: 'First name', max: MAX_LENGTH.firstName }).optional(),
  matlist: z
    .array(z.object({ name: text({ label: 'Name', max: MAX_LENGTH.partName, required: 'Name is required' }), qty: z.number() }))
    .max(REQUEST_LIMITS.lines)
    .optional(),
  image_url: z.string().max(2000).nullish(),
  template_id: z.union([z.number(), z.string()]).optional(),
});
export const notifyFulfilledAnswer = z.object({ queued: z.number() });

export const imageAnswer = z.object({
  /** The storage path to send as image_path with the request. */
  path: z.string(),
  /** A link that shows the image to a signed-in member of the project. */
  signed_url: z.string(),
  content_type: z.string(),
  size: z.number(),
});
export type ImageAnswer = z.infer<typeof imageAnswer>;

export const requestLine = z.object({
  line_id: z.string(),
  /** The part (or asset) number; for a fulfilled replacement, the part that was given. */
  part_number: z.string(),
  part_name: z.string(),
  qty: z.number(),
  status: z.enum(LINE_STATUSES),
  notes: z.string().nullable(),
  /** The part asked for, when the line was fulfilled with a replacement. */
  requested_part_number: z.string().nullable(),
  /** The line this one was split from. */
  split_from: z.string().nullable(),
});
export type RequestLine = z.infer<typeof requestLine>;

export const requestSummary = z.object({
  id: z.string(),
  /** The same id under the spec's name. */
  uuid: z.string(),
  /** A short number per project, for people: R-12. */
  num: z.number(),
  project_id: z.string(),
  requester_id: z.string(),
  requester_name: z.string(),
  requester_email: z.string(),
  type: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  reason: z.string().nullable(),
  /** True when held with `waiting_delivery`. */
  waiting_delivery: z.boolean(),
  request_date: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  lines: z.number(),
  total_qty: z.number(),
  /** Part numbers of its lines, for the table. */
  items: z.string(),
});
export type RequestSummary = z.infer<typeof requestSummary>;
export const requestPage = z.object({ items: z.array(requestSummary), total: z.number() });
export type RequestPage = z.infer<typeof requestPage>;

export const requestDetail = requestSummary.extend({
  picklist: z.array(requestLine),
  notes: z.string().nullable(),
  image_path: z.string().nullable(),
  image_url: z.string().nullable(),
  project_number: z.string(),
  project_name: z.string(),
});
export type RequestDetail = z.infer<typeof requestDetail>;

export const requestHistoryEntry = z.object({
  position: z.number(),
  date: z.string(),
  /** Submitted, Held, Re-opened, Denied, Fulfilled, Line fulfilled, Line changed, Finalised. */
  action: z.string(),
  user: z.string(),
  user_id: z.string().nullable(),
  detail: z.string().nullable(),
});
export type RequestHistoryEntry = z.infer<typeof requestHistoryEntry>;
export const requestHistory = z.object({ items: z.array(requestHistoryEntry) });

/** The hold reason that makes a receive re-open the request. */
export const HOLD_WAITING_DELIVERY = WAITING_DELIVERY;
