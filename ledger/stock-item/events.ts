/**
 * Events of one material's stock in one location (`stock:<kind>:<id>:<materialId>`). Each carries
 * the part number and name as they were at the time, so the logs read without the catalogue.
 */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import { EVERY_PROJECT } from '../../contract/topics.ts';
import type { Change } from '../topics.ts';
import { placeSchema } from '../../contract/place.ts';

export const STOCK_LOCATION_KINDS = ['project', 'warehouse'] as const;
export const stockLocationSchema = z.object({
  kind: z.enum(STOCK_LOCATION_KINDS),
  id: z.string().min(1),
});
export type StockLocation = z.infer<typeof stockLocationSchema>;

/** A project's stock location. */
export const projectLocation = (id: string): StockLocation => ({ kind: 'project', id });

export const LOST_SOURCES = ['on_hand', 'field_assigned'] as const;
export const lostSourceSchema = z.enum(LOST_SOURCES);
export type LostSource = z.infer<typeof lostSourceSchema>;

export const FOUND_DESTINATIONS = ['on_hand', 'field_assigned'] as const;
export const foundDestinationSchema = z.enum(FOUND_DESTINATIONS);
export type FoundDestination = z.infer<typeof foundDestinationSchema>;

const stockEventBase = z.object({
  location: stockLocationSchema,
  materialId: z.string().min(1),
  partNumber: z.string(),
  partName: z.string(),
});

const quantity = z.number().int().positive();
const threshold = z.number().nonnegative().nullable();

/** Where in a warehouse the units are; absent on a project's stock. */
const place = placeSchema.optional();

export const materialReceivedSchema = stockEventBase.extend({ quantity, place });
export const materialReturnedSchema = stockEventBase.extend({ quantity, binInfo: z.string().nullable(), place });
export const materialAssignedSchema = stockEventBase.extend({ quantity, userId: z.string().min(1), userName: z.string() });
export const materialUnassignedSchema = stockEventBase.extend({ quantity, userId: z.string().min(1), userName: z.string() });
export const materialMarkedLostSchema = stockEventBase.extend({
  quantity,
  source: lostSourceSchema,
  userId: z.string().min(1).nullable(),
  userName: z.string().nullable(),
  note: z.string().nullable(),
  place,
});
export const materialMarkedFoundSchema = stockEventBase.extend({
  quantity,
  destination: foundDestinationSchema,
  userId: z.string().min(1).nullable(),
  userName: z.string().nullable(),
  note: z.string().nullable(),
  place,
});
/** A null threshold means the default (spec §9: low 15, critical 0). */
export const stockWarningsSetSchema = stockEventBase.extend({ lowThreshold: threshold, criticalThreshold: threshold });

/** Units moved between two places of one warehouse: its numbers stay, its places change. */
export const materialRelocatedSchema = stockEventBase.extend({ quantity, from: placeSchema, to: placeSchema, note: z.string().nullable() });
/**
 * The two halves of a move between a warehouse and a project, appended together by one command to
 * the two stock streams: the warehouse's units leave (or enter) a place, the project's on hand
 * rises (or falls). Each half names the other side as it was called at the time.
 */
const otherProject = { projectId: z.string().min(1), projectLabel: z.string() };
const otherWarehouse = { warehouseId: z.string().min(1), warehouseLabel: z.string(), place: placeSchema };
export const materialAssignedToProjectSchema = stockEventBase.extend({ quantity, place: placeSchema, ...otherProject, note: z.string().nullable() });
/** `settles`: how much of what this warehouse had assigned to the project the units take back (the rest came from elsewhere). */
export const materialUnassignedFromProjectSchema = stockEventBase.extend({
  quantity,
  place: placeSchema,
  ...otherProject,
  settles: z.number().int().nonnegative(),
  note: z.string().nullable(),
});
export const materialReceivedFromWarehouseSchema = stockEventBase.extend({ quantity, ...otherWarehouse, note: z.string().nullable() });
export const materialReturnedToWarehouseSchema = stockEventBase.extend({ quantity, ...otherWarehouse, note: z.string().nullable() });

/**
 * The halves of a transfer between two projects, appended by the transfer's commands to the source's
 * and the destination's stock streams. Fulfilling takes units out of the source's on hand into its
 * in-transit quantity (still part of its logistics until delivered) and tells the destination they
 * are incoming; receiving delivers them out of the source's books into the destination's on hand;
 * an item denied after fulfilment returns its units to the source's on hand. Each names the transfer
 * and the other project as it was called at the time.
 */
export const transferStockSchema = stockEventBase.extend({
  quantity,
  transferId: z.string().min(1),
  projectId: z.string().min(1),
  projectLabel: z.string(),
});

/**
 * A compensating event: a mistaken movement of this stream is never edited; this event names it
 * (its global position, type, quantity and when it happened), says why, and carries the deltas that
 * take the figures from what the movement did to what it should have done (the corrected quantity;
 * 0 reverses it). It is dated (occurred_at) when the correction applies, at or after the movement.
 */
export const CORRECTABLE_TYPES = [
  'MaterialReceived',
  'MaterialReturned',
  'MaterialAssigned',
  'MaterialUnassigned',
  'MaterialMarkedLost',
  'MaterialMarkedFound',
] as const;
export type CorrectableType = (typeof CORRECTABLE_TYPES)[number];
export const stockMovementCorrectedSchema = stockEventBase.extend({
  corrects: z.object({ position: z.number().int().positive(), type: z.enum(CORRECTABLE_TYPES), quantity, occurredAt: z.string() }),
  /** What the movement should have been: 0 reverses it. */
  quantity: z.number().int().nonnegative(),
  reason: z.string().min(1),
  /** The user whose field-assigned quantity the corrected movement changed, if any. */
  userId: z.string().min(1).nullable(),
  userName: z.string().nullable(),
  deltas: z.object({ logistics: z.number().int(), onHand: z.number().int(), field: z.number().int(), lost: z.number().int() }),
});

/**
 * A stock count's adjustment of one counted line, appended when its session is posted and dated
 * (occurred_at) at the instant the line was counted. It says what was counted against what the
 * ledger held at that place at that instant, and carries the deltas that make the books agree:
 * a shortage goes from on hand into lost; a surplus first takes back units written off as lost
 * (found), and what it finds beyond them raises logistics (units the books never had). A type of
 * its own rather than a lost or found: it names its session and line, records what it was measured
 * against, and a surplus beyond lost outstanding is no movement the other types can say.
 */
export const stockCountedSchema = stockEventBase.extend({
  sessionId: z.string().min(1),
  sessionName: z.string(),
  lineId: z.string().min(1),
  /** The difference's size (|counted − expected|, never 0): what the log's quantity column shows. */
  quantity,
  counted: z.number().int().nonnegative(),
  expected: z.number().int().nonnegative(),
  counterId: z.string().min(1),
  counterName: z.string(),
  place,
  deltas: z.object({ logistics: z.number().int(), onHand: z.number().int(), lost: z.number().int() }),
});

export type MaterialReceived = { type: 'MaterialReceived'; data: z.infer<typeof materialReceivedSchema> };
export type MaterialReturned = { type: 'MaterialReturned'; data: z.infer<typeof materialReturnedSchema> };
export type MaterialAssigned = { type: 'MaterialAssigned'; data: z.infer<typeof materialAssignedSchema> };
export type MaterialUnassigned = { type: 'MaterialUnassigned'; data: z.infer<typeof materialUnassignedSchema> };
export type MaterialMarkedLost = { type: 'MaterialMarkedLost'; data: z.infer<typeof materialMarkedLostSchema> };
export type MaterialMarkedFound = { type: 'MaterialMarkedFound'; data: z.infer<typeof materialMarkedFoundSchema> };
export type StockWarningsSet = { type: 'StockWarningsSet'; data: z.infer<typeof stockWarningsSetSchema> };
export type MaterialRelocated = { type: 'MaterialRelocated'; data: z.infer<typeof materialRelocatedSchema> };
export type MaterialAssignedToProject = { type: 'MaterialAssignedToProject'; data: z.infer<typeof materialAssignedToProjectSchema> };
export type MaterialUnassignedFromProject = { type: 'MaterialUnassignedFromProject'; data: z.infer<typeof materialUnassignedFromProjectSchema> };
export type MaterialReceivedFromWarehouse = { type: 'MaterialReceivedFromWarehouse'; data: z.infer<typeof materialReceivedFromWarehouseSchema> };
export type MaterialReturnedToWarehouse = { type: 'MaterialReturnedToWarehouse'; data: z.infer<typeof materialReturnedToWarehouseSchema> };

export type StockMovementCorrected = { type: 'StockMovementCorrected'; data: z.infer<typeof stockMovementCorrectedSchema> };
export type StockCounted = { type: 'StockCounted'; data: z.infer<typeof stockCountedSchema> };

export type TransferStockEventType =
  | 'MaterialSentOnTransfer'
  | 'MaterialIncomingOnTransfer'
  | 'MaterialDeliveredOnTransfer'
  | 'MaterialReceivedOnTransfer'
  | 'MaterialReturnedFromTransfer'
  | 'MaterialIncomingCancelled';
export type TransferStockEvent = { type: TransferStockEventType; data: z.infer<typeof transferStockSchema> };

export type StockItemEvent =
  | MaterialReceived
  | MaterialReturned
  | MaterialAssigned
  | MaterialUnassigned
  | MaterialMarkedLost
  | MaterialMarkedFound
  | StockWarningsSet
  | MaterialRelocated
  | MaterialAssignedToProject
  | MaterialUnassignedFromProject
  | MaterialReceivedFromWarehouse
  | MaterialReturnedToWarehouse
  | TransferStockEvent
  | StockMovementCorrected
  | StockCounted;

export const stockItemEventSchemas = {
  MaterialReceived: materialReceivedSchema,
  MaterialReturned: materialReturnedSchema,
  MaterialAssigned: materialAssignedSchema,
  MaterialUnassigned: materialUnassignedSchema,
  MaterialMarkedLost: materialMarkedLostSchema,
  MaterialMarkedFound: materialMarkedFoundSchema,
  StockWarningsSet: stockWarningsSetSchema,
  MaterialRelocated: materialRelocatedSchema,
  MaterialAssignedToProject: materialAssignedToProjectSchema,
  MaterialUnassignedFromProject: materialUnassignedFromProjectSchema,
  MaterialReceivedFromWarehouse: materialReceivedFromWarehouseSchema,
  MaterialReturnedToWarehouse: materialReturnedToWarehouseSchema,
  MaterialSentOnTransfer: transferStockSchema,
  MaterialIncomingOnTransfer: transferStockSchema,
  MaterialDeliveredOnTransfer: transferStockSchema,
  MaterialReceivedOnTransfer: transferStockSchema,
  MaterialReturnedFromTransfer: transferStockSchema,
  MaterialIncomingCancelled: transferStockSchema,
  StockMovementCorrected: stockMovementCorrectedSchema,
  StockCounted: stockCountedSchema,
} as const;

export const STOCK_ITEM_EVENT_TYPES = Object.keys(stockItemEventSchemas) as StockItemEvent['type'][];

export const stockStreamId = (location: StockLocation, materialId: string) => `stock:${location.kind}:${location.id}:${materialId}`;
/** The stream a stock event belongs to, as its own data names it. */
export const stockStreamOf = (event: StockItemEvent) => stockStreamId(event.data.location, event.data.materialId);

export const isStockItemEvent = (event: RecordedEvent): event is RecordedEvent & StockItemEvent => Object.hasOwn(stockItemEventSchemas, event.type);

/**
 * A project's stock changes its inventory and its logs; a warehouse's changes what every warehouse
 * screen shows (and the project side of a move names its own project through its own event).
 */
export function stockItemTopics(event: StockItemEvent): Change[] {
  const { location } = event.data;
  return location.kind === 'project' ? [{ projectId: location.id, topics: ['inventory', 'logs'] }] : [{ projectId: EVERY_PROJECT, topics: ['warehouses'] }];
}
