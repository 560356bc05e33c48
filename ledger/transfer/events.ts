/**
 * Events of one transfer between two projects (`transfer:<id>`), each with its actor in the event's
 * metadata. The items' stock moves are events of the stock streams, appended by the same command
 * (see stock-moves.ts); these record the transfer's own states and its items' states.
 */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import type { Change } from '../topics.ts';

export const TRANSFER_STATUSES = ['Requested', 'Accepted', 'Denied', 'Fulfilled', 'Shipped', 'Ready', 'Received', 'Complete'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];
export const ITEM_STATUSES = ['pending', 'fulfilled', 'partial', 'denied', 'received'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const DELIVERY_METHODS = ['pickup', 'label'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

export const shippingAddressSchema = z.object({
  attn: z.string(),
  name: z.string(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

export const pickItemSchema = z.object({ materialId: z.string().min(1), partNumber: z.string(), partName: z.string(), qty: z.number().int().positive() });
export type PickItem = z.infer<typeof pickItemSchema>;

/** Every event names both projects, so each says for itself whose screens it changes. */
const base = z.object({ transferId: z.string().min(1), fromId: z.string().min(1), toId: z.string().min(1) });
const quantity = z.number().int().positive();

export const transferRequestedSchema = base.extend({
  type: z.literal('materials'),
  fromName: z.string(),
  toName: z.string(),
  requestedBy: z.string(),
  requestedById: z.string().nullable(),
  deliveryMethod: z.enum(DELIVERY_METHODS),
  shippingAddress: shippingAddressSchema.nullable(),
  pickList: z.array(pickItemSchema).min(1),
});
/** `removed`: the part numbers that left the list. */
export const transferPicklistChangedSchema = base.extend({ pickList: z.array(pickItemSchema).min(1), removed: z.array(z.string()) });
export const transferStatusSchema = base;
export const transferShippedSchema = base.extend({ trackingNumber: z.string().min(1) });
/** `quantity`: how many more were sent; `status`: fulfilled once all of the item has gone, partial while some of it has not. */
export const transferItemFulfilledSchema = base.extend({ partNumber: z.string(), quantity, status: z.enum(['fulfilled', 'partial']) });
/**
 * A denial stops what was not sent; what was sent stays in transit. `returned`: units given back to
 * the source's on hand, always 0 now; denials recorded earlier gave back all that had been sent.
 */
export const transferItemDeniedSchema = base.extend({ partNumber: z.string(), returned: z.number().int().nonnegative() });
export const transferItemReceivedSchema = base.extend({ partNumber: z.string(), quantity, complete: z.boolean() });

export type TransferRequested = { type: 'TransferRequested'; data: z.infer<typeof transferRequestedSchema> };
export type TransferPicklistChanged = { type: 'TransferPicklistChanged'; data: z.infer<typeof transferPicklistChangedSchema> };
export type TransferAccepted = { type: 'TransferAccepted'; data: z.infer<typeof transferStatusSchema> };
export type TransferDenied = { type: 'TransferDenied'; data: z.infer<typeof transferStatusSchema> };
export type TransferItemFulfilled = { type: 'TransferItemFulfilled'; data: z.infer<typeof transferItemFulfilledSchema> };
export type TransferItemDenied = { type: 'TransferItemDenied'; data: z.infer<typeof transferItemDeniedSchema> };
export type TransferFulfilled = { type: 'TransferFulfilled'; data: z.infer<typeof transferStatusSchema> };
export type TransferShipped = { type: 'TransferShipped'; data: z.infer<typeof transferShippedSchema> };
export type TransferReady = { type: 'TransferReady'; data: z.infer<typeof transferStatusSchema> };
export type TransferReceived = { type: 'TransferReceived'; data: z.infer<typeof transferStatusSchema> };
export type TransferItemReceived = { type: 'TransferItemReceived'; data: z.infer<typeof transferItemReceivedSchema> };
export type TransferCompleted = { type: 'TransferCompleted'; data: z.infer<typeof transferStatusSchema> };

export type TransferEvent =
  | TransferRequested
  | TransferPicklistChanged
  | TransferAccepted
  | TransferDenied
  | TransferItemFulfilled
  | TransferItemDenied
  | TransferFulfilled
  | TransferShipped
  | TransferReady
  | TransferReceived
  | TransferItemReceived
  | TransferCompleted;

export const transferEventSchemas = {
  TransferRequested: transferRequestedSchema,
  TransferPicklistChanged: transferPicklistChangedSchema,
  TransferAccepted: transferStatusSchema,
  TransferDenied: transferStatusSchema,
  TransferItemFulfilled: transferItemFulfilledSchema,
  TransferItemDenied: transferItemDeniedSchema,
  TransferFulfilled: transferStatusSchema,
  TransferShipped: transferShippedSchema,
  TransferReady: transferStatusSchema,
  TransferReceived: transferStatusSchema,
  TransferItemReceived: transferItemReceivedSchema,
  TransferCompleted: transferStatusSchema,
} as const;

export const TRANSFER_EVENT_TYPES = Object.keys(transferEventSchemas) as TransferEvent['type'][];
export const transferStreamId = (transferId: string) => `transfer:${transferId}`;
export const isTransferEvent = (event: RecordedEvent): event is RecordedEvent & TransferEvent => Object.hasOwn(transferEventSchemas, event.type);

/** A transfer shows on both projects' Transfer Requests screens. */
export function transferTopics(event: TransferEvent): Change[] {
  return [event.data.fromId, event.data.toId].map((projectId) => ({ projectId, topics: ['transfers'] }));
}
