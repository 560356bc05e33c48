/** The request messages a person reads: the spec's words (01 §5, §8) and the state table's rules (01 §4 Requests). */
import { MANAGER_ONLY, PART_NOT_FOUND, TRANSACTIONS_FROZEN } from '../messages.ts';

export const REQUEST_STATUSES = ['requested', 'partial', 'on-hold', 'fulfilled', 'denied'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export const LINE_STATUSES = ['requested', 'fulfilled', 'on-hold', 'denied'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];
export const REQUEST_TYPES = ['Material', 'Asset'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];
/** The hold reason that a receive covering the held lines re-opens. */
export const WAITING_DELIVERY = 'waiting_delivery';
/**
 * Spec 01 §9: toast durations and the unread refresh throttle, in milliseconds. Here, beside the
 * words, not with the request schemas: the signed-in frame shows the toasts on every page, and
 * importing them from requests.ts built all its schemas as the frame loaded.
 */
export const NEW_REQUEST_TOAST_MS = 7_000;
export const REOPENED_TOAST_MS = 10_000;
export const UNREAD_REFRESH_THROTTLE_MS = 30_000;

export const REQUEST_MESSAGES = {
  notFound: 'Request not found',
  partNotFound: PART_NOT_FOUND,
  assetNotFound: 'Asset number not found.',
  insufficient: 'Insufficient Quantity',
  lineQuantity: 'Quantity must be at least 1',
  invalidQuantity: 'Quantity must be greater than zero and not more than the line quantity.',
  reasonRequired: 'A reason is required to deny a request.',
  emptyPicklist: 'Add at least one item to the request.',
  lineNotFound: 'That line is not on this request.',
  lineAmbiguous: 'That part is on more than one open line; name the line by line_id.',
  nothingToFulfil: 'Every line is already fulfilled, on hold or denied.',
  notAllSettled: 'The request can be finalised once every line is fulfilled, on hold or denied.',
  managerOnly: MANAGER_ONLY,
  requesterOnly: 'Only the requester or a project admin or manager can change this request.',
  alreadyExists: 'This request already exists.',
  frozen: TRANSACTIONS_FROZEN,
  imageType: 'The image must be a JPEG, PNG, WebP or HEIC file.',
  imageTooLarge: 'The image is too large.',
  submitFailed: 'Failed to submit request',
  newRequestToast: 'New request received',
  reopenedToast: 'A request waiting on delivery has been re-opened! Please see the Open Requests page for more information.',
} as const;

/** Each state's rule, as the state table words it: every refused change names the state and its rule. */
export const STATE_RULES: Record<RequestStatus, string> = {
  requested: 'a requested request is fulfilled (all or part), put on hold or denied',
  partial: 'a partially fulfilled request is fulfilled further, put on hold, denied or finalised',
  'on-hold': 'an on-hold request is re-opened, fulfilled, denied or finalised',
  fulfilled: 'fulfilled is final',
  denied: 'denied is final',
};

export const transitionRefused = (from: RequestStatus, action: string) => `Cannot ${action} a request that is ${from}: ${STATE_RULES[from]}.`;
export const lineRefused = (partNumber: string, status: LineStatus, action: string) => `Cannot ${action} line ${partNumber}: it is ${status}.`;
