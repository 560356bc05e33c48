/**
 * Transfers between projects as the API speaks them (spec 02 §2.3, §3, §4.1, §5, §7, §8).
 *
 * Paths (every one answers 401 signed out; 403 to a caller without the role named; 422 with the state
 * table's rule, naming the state, for a change the table does not allow):
 *
 *   GET   /api/transfers/project/{id}          → { items: Transfer[] } (member of the project; both directions, newest first)
 *   GET   /api/transfers/{id}                  → Transfer (member of either project)
 *   POST  /api/transfers                       body createTransferBody → { id } (admin or manager of ToID)
 *   PATCH /api/transfers/{id}/status           body statusBody → Transfer (Accepted, Denied, Fulfilled, Shipped + TrackingNumber,
 *                                              Ready: source admin; Received, Complete: destination admin)
 *   PATCH /api/transfers/{id}/picklist         body picklistBody → Transfer (Requested: the requester's side rewrites it;
 *                                              Accepted: the source admin denies items with status `denied`)
 *   POST  /api/transfers/{id}/fulfill          body fulfillBody or empty → Transfer (source admin, while Accepted): empty
 *                                              sends the rest of every pending or partial item; `part_number` with `quantity`
 *                                              sends that many more of one item (partial until all of it has gone). Moves the
 *                                              units out of the source's on hand into in transit, in one transaction with the
 *                                              transfer.
 *   POST  /api/transfers/{id}/items/deny       body denyItemBody → Transfer (source admin, while Accepted): denies what was
 *                                              not sent of a pending or partial item; units already sent stay in transit and
 *                                              are received as usual; a fulfilled item cannot be denied
 *   POST  /api/transfers/{id}/items/receive    body receiveItemBody → Transfer (destination admin, while Received): the units
 *                                              leave the source's in transit and enter the destination's on hand
 *                                              (fulfill and receive also take `lines: [{ part_number, quantity }]`, scanned:
 *                                              one command, all lines or none; a refusal names the part of its line)
 *   POST  /api/transfers/history               body historyBody → { items: TransferHistoryEntry[] } (from the ledger)
 *   POST  /api/notify-transfer                 body notifyBody → { queued } (an e-mail to the other project's admins, via the outbox)
 *   GET   /api/inventory/materials/search-projects?q=   → string[] (ids of projects holding a matching part on hand;
 *   GET   /api/materials/search-projects?q=              at least 2 characters; hidden projects left out)
 *   GET   /api/materials/{project}/search?q=             → { items } (existing: a project's parts, first 10, members)
 *   GET   /api/transfers/source-projects       → { items: SourceProject[] } (projects a transfer can come from: not hidden)
 *   GET   /api/transfers/source-items?project_id=&q=   → { items: SourceItem[] } (a source's parts on hand, first 10,
 *                                              to anyone signed in: the wizard's item search in a project one is not in)
 *
 * Realtime: every transfer change names the topic `transfers` for both projects; item moves also
 * name each project's `inventory` and `logs`.
 */
import { z } from 'zod';
import { id, quantity, text } from './fields.ts';
import { MAX_LENGTH } from './limits.ts';
import { TRANSFER_MESSAGES } from './messages/transfers.ts';
import { PART_NUMBER_REQUIRED, QUANTITY_REQUIRED } from './messages.ts';
import { SCAN_BATCH_MAX, SCAN_BATCH_MESSAGES } from './scan.ts';

export { TRANSFER_MESSAGES };

export const TRANSFER_STATUSES = ['Requested', 'Accepted', 'Denied', 'Fulfilled', 'Shipped', 'Ready', 'Received', 'Complete'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const SETTABLE_STATUSES = ['Accepted', 'Denied', 'Fulfilled', 'Shipped', 'Ready', 'Received', 'Complete'] as const;
export const ITEM_STATUSES = ['pending', 'fulfilled', 'partial', 'denied', 'received'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const DELIVERY_METHODS = ['pickup', 'label'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
/** Spec 02 §9: default quantity 1, minimum 1; searches from 2 characters. */
export const TRANSFER_DEFAULT_QUANTITY = 1;
export const TRANSFER_SEARCH_MIN = 2;

/** The spec's error texts (02 §8), for the screens. */
export const TRANSFER_ERRORS = {
  fetch: 'Failed to fetch transfer logs',
  create: 'Failed to create transfer request',
  status: 'Failed to update status',
  picklist: 'Failed to update pick list',
  log: 'Failed to log transfer action',
  fulfill: 'Failed to fulfill transfer',
  receive: 'Failed to receive item',
  changeProjects: 'Remove all items to change projects',
} as const;

/** Longest text of each transfer field, in characters. */
export const TRANSFER_LIMITS = { addressField: 200, trackingNumber: 100, name: 200, pickList: 200 } as const;

const partNumber = text({ label: 'Part number', max: MAX_LENGTH.partNumber, required: PART_NUMBER_REQUIRED });
const addressField = (label: string) => text({ label, max: TRANSFER_LIMITS.addressField });

export const shippingAddress = z.object({
  attn: addressField('Attn').default(''),
  name: addressField('Name').default(''),
  line1: addressField('Address line 1').default(''),
  line2: addressField('Address line 2').default(''),
  city: addressField('City').default(''),
  state: addressField('State').default(''),
  zip: addressField('Zip').default(''),
});
export type ShippingAddress = z.infer<typeof shippingAddress>;

export const pickListItem = z.object({
  part_number: partNumber,
  part_name: text({ label: 'Part name', max: MAX_LENGTH.partName }).optional(),
  qty: quantity({ positive: 'Item quantity must be at least 1' }),
  status: z.enum(ITEM_STATUSES).optional(),
});

export const createTransferBody = z.object({
  Type: z.literal('materials').default('materials'),
  FromID: id('From project', 'FromID must be a valid project id'),
  ToID: id('To project', 'ToID must be a valid project id'),
  PickList: z.array(pickListItem).min(1, TRANSFER_MESSAGES.emptyPicklist).max(TRANSFER_LIMITS.pickList),
  /** Taken from the session; accepted for the spec's body shape and otherwise ignored. */
  requested_by: text({ label: 'Requested by', max: TRANSFER_LIMITS.name }).optional(),
  requested_by_id: z.string().max(64).optional(),
  DeliveryMethod: z.enum(DELIVERY_METHODS, { error: 'DeliveryMethod must be pickup or label' }),
  shipping_address: shippingAddress.nullish(),
});
export type CreateTransferBody = z.input<typeof createTransferBody>;

export const transferParams = z.object({ id: id('Transfer id', 'id must be a valid transfer id') });
export const projectTransfersParams = z.object({ id: id('Project id', 'id must be a valid project id') });

export const statusBody = z.object({
  status: z.enum(SETTABLE_STATUSES, { error: `status must be one of ${SETTABLE_STATUSES.join(', ')}` }),
  TrackingNumber: text({ label: 'Tracking number', max: TRANSFER_LIMITS.trackingNumber }).optional(),
});
export const picklistBody = z.object({ pickList: z.array(pickListItem).min(1, TRANSFER_MESSAGES.emptyPicklist).max(TRANSFER_LIMITS.pickList) });
/** Scanned lines, one command: every line applied or none; a part scanned on two lines counts both. */
const scannedLines = z
  .array(z.object({ part_number: partNumber, quantity: quantity() }))
  .min(1, SCAN_BATCH_MESSAGES.emptyBatch)
  .max(SCAN_BATCH_MAX, SCAN_BATCH_MESSAGES.tooMany);
export const fulfillBody = z
  .object({
    part_number: partNumber.optional(),
    /** How many more to send: above 0; at most what is left of the item is the rule's (`Invalid quantity`), decided with the item. */
    quantity: quantity({ positive: 'Partial quantity must be a whole number above 0.' }).optional(),
    /** Scanned lines instead of one part: each sends that many more of its part. */
    lines: scannedLines.optional(),
  })
  .nullish();
export const denyItemBody = z.object({ part_number: partNumber });
/** One part (part_number and quantity), or scanned lines received as one command. */
export const receiveItemBody = z
  .object({ part_number: partNumber.optional(), quantity: quantity().optional(), lines: scannedLines.optional() })
  .superRefine((body, ctx) => {
    if (body.lines) return;
    if (body.part_number === undefined) ctx.addIssue({ code: 'custom', path: ['part_number'], message: PART_NUMBER_REQUIRED });
    if (body.quantity === undefined) ctx.addIssue({ code: 'custom', path: ['quantity'], message: QUANTITY_REQUIRED });
  });
export const historyBody = z.object({
  transfer_id: id('Transfer', 'transfer_id must be a valid transfer id'),
  /** The spec's logging fields: the ledger already holds who did what, so these only filter (item_number) or are ignored. */
  user_id: z.string().max(64).optional(),
  item_number: text({ label: 'Item number', max: MAX_LENGTH.partNumber }).optional(),
  action: text({ label: 'Action', max: 100 }).optional(),
  quantity: z.number().optional(),
});
export const notifyBody = z.object({ transfer_id: id('Transfer', 'transfer_id must be a valid transfer id') });
export const searchProjectsQuery = z.object({ q: text({ label: 'Search', max: MAX_LENGTH.search }).default('') });

export const transferItem = z.object({
  part_number: z.string(),
  part_name: z.string(),
  material_id: z.string(),
  qty: z.number(),
  /** Units taken out of the source's on hand for it (in transit until received). A denied item may have some: its remainder was denied. */
  sent: z.number(),
  received: z.number(),
  status: z.enum(ITEM_STATUSES),
});
export type TransferItem = z.infer<typeof transferItem>;

export const transferSchema = z.object({
  id: z.string(),
  Type: z.literal('materials'),
  FromID: z.string(),
  ToID: z.string(),
  FromName: z.string(),
  ToName: z.string(),
  PickList: z.array(transferItem),
  requested_by: z.string(),
  requested_by_id: z.string().nullable(),
  DeliveryMethod: z.enum(DELIVERY_METHODS),
  shipping_address: shippingAddress.nullable(),
  /** The address on one line, for the table and the review. */
  ShippingAddress: z.string().nullable(),
  TrackingNumber: z.string().nullable(),
  Status: z.enum(TRANSFER_STATUSES),
  Date: z.string(),
  updated_at: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

export const transferList = z.object({ items: z.array(transferSchema) });
export const createdTransfer = z.object({ id: z.string() });

export const transferHistoryEntry = z.object({
  position: z.number(),
  date: z.string(),
  action: z.string(),
  user: z.string(),
  user_id: z.string().nullable(),
  item_number: z.string().nullable(),
  quantity: z.number().nullable(),
  detail: z.string().nullable(),
});
export type TransferHistoryEntry = z.infer<typeof transferHistoryEntry>;
export const transferHistory = z.object({ items: z.array(transferHistoryEntry) });
export const notifyAnswer = z.object({ queued: z.number() });
export const projectIdList = z.array(z.string());

/** "Attn Dock, P2 site, 1 Main St, Springfield, IL 62701". */
export function formatAddress(a: ShippingAddress | null): string | null {
  if (!a) return null;
  const cityLine = [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.attn ? `Attn ${a.attn}` : '', a.name, a.line1, a.line2, cityLine].filter((s) => s?.trim()).join(', ');
}

export const sourceProject = z.object({ id: z.string(), project_name: z.string(), project_number: z.string() });
export type SourceProject = z.infer<typeof sourceProject>;
export const sourceItem = z.object({
  material_id: z.string(),
  part_number: z.string(),
  part_name: z.string(),
  part_nickname: z.string(),
  on_hand: z.number(),
  display: z.string(),
});
export type SourceItem = z.infer<typeof sourceItem>;
export const sourceItemsQuery = z.object({
  project_id: id('Project id', 'project_id must be a valid project id'),
  q: text({ label: 'Search', max: MAX_LENGTH.search }).default(''),
});
/** The wizard's item search shows the first 10 (spec 02 §9). */
export const SOURCE_ITEMS_LIMIT = 10;
