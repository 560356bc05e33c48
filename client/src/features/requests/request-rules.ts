/**
 * The pure rules of the request screens (spec 01 §2, §4 Requests, §5, §9): the filters of both
 * pages, what each state allows, the request list a user builds before submitting, when a search
 * starts, whether on hand covers a Fulfill All, and the checks of a partial fulfil. Kept apart from
 * the components so they are tested without rendering.
 */
import { REQUEST_DEFAULT_QUANTITY, REQUEST_MESSAGES, REQUEST_SEARCH_MIN, type RequestFilter, type RequestStatus } from '@contract/requests.ts';
import type { LogDays } from '@contract/vocabulary.ts';
import type { RequestLine } from './requests-api.ts';

export const STATUS_COLORS: Record<RequestStatus, string> = {
  requested: 'blue',
  partial: 'cyan',
  'on-hold': 'yellow',
  fulfilled: 'teal',
  denied: 'red',
};
export const LINE_COLORS: Record<RequestLine['status'], string> = { requested: 'blue', fulfilled: 'teal', 'on-hold': 'yellow', denied: 'red' };

/** Manage Requests: the admin vocabulary, where `open` is requested or partial. */
export const MANAGE_FILTERS: { value: RequestFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'fulfilled', label: 'Fulfilled' },
  { value: 'on-hold', label: 'On Hold' },
  { value: 'denied', label: 'Denied' },
  { value: 'all', label: 'All' },
];
/** The Material Requests page: the other vocabulary, where requested and partial are apart. */
export const MATERIAL_FILTERS: { value: RequestFilter; label: string }[] = [
  { value: 'requested', label: 'Requested' },
  { value: 'partial', label: 'Partial' },
  { value: 'on-hold', label: 'On Hold' },
  { value: 'fulfilled', label: 'Fulfilled' },
  { value: 'denied', label: 'Denied' },
  { value: 'all', label: 'All' },
];
/** Spec 01 §9: 1 Day, 1 Week, 1 Month, 1 Year, All. */
export const TIME_FILTERS: { value: LogDays; label: string }[] = [
  { value: '1', label: '1 Day' },
  { value: '7', label: '1 Week' },
  { value: '30', label: '1 Month' },
  { value: '365', label: '1 Year' },
  { value: 'all', label: 'All' },
];

export const STATUS_LABEL: Record<RequestStatus, string> = {
  requested: 'Requested',
  partial: 'Partial',
  'on-hold': 'On Hold',
  fulfilled: 'Fulfilled',
  denied: 'Denied',
};

export type ManagerAction = 'fulfil' | 'hold' | 'reopen' | 'deny' | 'finalise';

/** The state table of spec 01 §4: what a manager may do to a request in each state. */
export const ACTIONS_BY_STATUS: Record<RequestStatus, readonly ManagerAction[]> = {
  requested: ['fulfil', 'hold', 'deny'],
  partial: ['fulfil', 'hold', 'deny', 'finalise'],
  'on-hold': ['reopen', 'fulfil', 'deny', 'finalise'],
  fulfilled: [],
  denied: [],
};

/** True when every one of the (non-empty) selection allows the action. */
export function allowsAll(statuses: readonly RequestStatus[], action: ManagerAction): boolean {
  return statuses.length > 0 && statuses.every((s) => ACTIONS_BY_STATUS[s].includes(action));
}

/** Lines a fulfil still has to give: requested or on hold. */
export const openLines = (lines: readonly RequestLine[]) => lines.filter((l) => l.status === 'requested' || l.status === 'on-hold');

/** Finalise closes a request once every line is fulfilled, on hold or denied. */
export const everyLineSettled = (lines: readonly RequestLine[]) => lines.every((l) => l.status !== 'requested');

/**
 * Whether on hand covers fulfilling every open line of the given material requests at once (their
 * quantities added up per part): the parts it does not cover, with what is missing. Empty: covered.
 */
export function uncoveredParts(
  requests: readonly { picklist: readonly RequestLine[] }[],
  onHand: ReadonlyMap<string, number>,
): { part: string; needed: number; onHand: number }[] {
  const needed = new Map<string, number>();
  for (const request of requests) for (const line of openLines(request.picklist)) needed.set(line.part_number, (needed.get(line.part_number) ?? 0) + line.qty);
  const short: { part: string; needed: number; onHand: number }[] = [];
  for (const [part, qty] of needed) {
    const have = onHand.get(part) ?? 0;
    if (qty > have) short.push({ part, needed: qty, onHand: have });
  }
  return short;
}

/** A request search asks the server once the text has 2 or more characters (spec 01 §9). */
export const searchReady = (text: string) => text.trim().length >= REQUEST_SEARCH_MIN;

/** One line of the request list a user builds before submitting. */
export interface CartLine {
  number: string;
  name: string;
  qty: number;
  notes: string;
}

/** Adds an item; the same number again adds to its quantity rather than making a second line. */
export function addToCart(lines: readonly CartLine[], item: CartLine): CartLine[] {
  const index = lines.findIndex((l) => l.number === item.number);
  if (index < 0) return [...lines, item];
  return lines.map((l, i) => (i === index ? { ...l, qty: l.qty + item.qty, notes: item.notes || l.notes } : l));
}

export const QUANTITY_MIN_MESSAGE = REQUEST_MESSAGES.lineQuantity;

/** The quantity as typed: a whole number of at least 1 (default 1), or the message saying why not. */
export function quantityError(value: string | number): string | null {
  const qty = typeof value === 'number' ? value : Number(String(value).trim() || REQUEST_DEFAULT_QUANTITY);
  return Number.isInteger(qty) && qty >= 1 ? null : QUANTITY_MIN_MESSAGE;
}

/** A partial fulfil's quantity for one line: above 0 and not above the line (spec 01 §5). */
export function partialError(qty: number | string, line: Pick<RequestLine, 'qty'>): string | null {
  if (qty === '' || qty === 0) return null;
  const n = Number(qty);
  return Number.isInteger(n) && n > 0 && n <= line.qty ? null : REQUEST_MESSAGES.invalidQuantity;
}

/** The hold reason as sent: `waiting_delivery`, the typed reason, or none. */
export function holdReason(kind: 'waiting_delivery' | 'other', text: string): string | null {
  if (kind === 'waiting_delivery') return 'waiting_delivery';
  return text.trim() || null;
}

/** How a request's reason reads: the waiting-on-delivery marker in words. */
export const reasonText = (reason: string | null) => (reason === 'waiting_delivery' ? 'Waiting on delivery' : reason);

/** "R-12", the short number people use for a request. */
export const requestLabel = (request: { num: number }) => `R-${request.num}`;
