/**
 * Events of one material's stock in one location (`stock:<kind>:<id>:<materialId>`). Each carries
 * the part number and name as they were at the time, so the logs read without the catalogue.
 */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import type { Change } from '../topics.ts';

export const STOCK_LOCATION_KINDS = ['project', 'warehouse'] as const;
export const stockLocationSchema = z.object({
  kind: z.enum(STOCK_LOCATION_KINDS),
  id: z.string().min(1),
});
export type StockLocation = z.infer<typeof stockLocationSchema>;

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

export const materialReceivedSchema = stockEventBase.extend({ quantity });
export const materialReturnedSchema = stockEventBase.extend({ quantity, binInfo: z.string().nullable() });
export const materialAssignedSchema = stockEventBase.extend({ quantity, userId: z.string().min(1), userName: z.string() });
export const materialUnassignedSchema = stockEventBase.extend({ quantity, userId: z.string().min(1), userName: z.string() });
export const materialMarkedLostSchema = stockEventBase.extend({
  quantity,
  source: lostSourceSchema,
  userId: z.string().min(1).nullable(),
  userName: z.string().nullable(),
  note: z.string().nullable(),
});
export const materialMarkedFoundSchema = stockEventBase.extend({
  quantity,
  destination: foundDestinationSchema,
  userId: z.string().min(1).nullable(),
  userName: z.string().nullable(),
  note: z.string().nullable(),
});
/** A null threshold means the default (spec §9: low 15, critical 0). */
export const stockWarningsSetSchema = stockEventBase.extend({ lowThreshold: threshold, criticalThreshold: threshold });

export type MaterialReceived = { type: 'MaterialReceived'; data: z.infer<typeof materialReceivedSchema> };
export type MaterialReturned = { type: 'MaterialReturned'; data: z.infer<typeof materialReturnedSchema> };
export type MaterialAssigned = { type: 'MaterialAssigned'; data: z.infer<typeof materialAssignedSchema> };
export type MaterialUnassigned = { type: 'MaterialUnassigned'; data: z.infer<typeof materialUnassignedSchema> };
export type MaterialMarkedLost = { type: 'MaterialMarkedLost'; data: z.infer<typeof materialMarkedLostSchema> };
export type MaterialMarkedFound = { type: 'MaterialMarkedFound'; data: z.infer<typeof materialMarkedFoundSchema> };
export type StockWarningsSet = { type: 'StockWarningsSet'; data: z.infer<typeof stockWarningsSetSchema> };

export type StockItemEvent =
  | MaterialReceived
  | MaterialReturned
  | MaterialAssigned
  | MaterialUnassigned
  | MaterialMarkedLost
  | MaterialMarkedFound
  | StockWarningsSet;

export const stockItemEventSchemas = {
  MaterialReceived: materialReceivedSchema,
  MaterialReturned: materialReturnedSchema,
  MaterialAssigned: materialAssignedSchema,
  MaterialUnassigned: materialUnassignedSchema,
  MaterialMarkedLost: materialMarkedLostSchema,
  MaterialMarkedFound: materialMarkedFoundSchema,
  StockWarningsSet: stockWarningsSetSchema,
} as const;

export const STOCK_ITEM_EVENT_TYPES = Object.keys(stockItemEventSchemas) as StockItemEvent['type'][];

export const stockStreamId = (location: StockLocation, materialId: string) => `stock:${location.kind}:${location.id}:${materialId}`;

export const isStockItemEvent = (event: RecordedEvent): event is RecordedEvent & StockItemEvent => Object.hasOwn(stockItemEventSchemas, event.type);

/** A project's stock changes its inventory and its logs (a warehouse's, none of a project's). */
export function stockItemTopics(event: StockItemEvent): Change[] {
  const { location } = event.data;
  return location.kind === 'project' ? [{ projectId: location.id, topics: ['inventory', 'logs'] }] : [];
}
