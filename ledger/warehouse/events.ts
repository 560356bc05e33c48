/** Events of one warehouse's stream (`warehouse:<id>`): its creation, details and whether it is in use. */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import { EVERY_PROJECT } from '../../contract/topics.ts';
import type { Change } from '../topics.ts';

const details = { name: z.string(), location: z.string().nullable(), capacitySummary: z.string().nullable() };

export const warehouseEventSchemas = {
  WarehouseCreated: z.object({ warehouseId: z.uuid(), numId: z.number().int().positive(), ...details }),
  WarehouseEdited: z.object({ warehouseId: z.uuid(), ...details }),
  /** Out of use: gone from pickers, refusing movements; its history and number are kept. */
  WarehouseDeactivated: z.object({ warehouseId: z.uuid() }),
  WarehouseReactivated: z.object({ warehouseId: z.uuid() }),
} as const;

type Schemas = typeof warehouseEventSchemas;
export type WarehouseEvent = { [T in keyof Schemas]: { type: T; data: z.infer<Schemas[T]> } }[keyof Schemas];
export type WarehouseEventType = WarehouseEvent['type'];
export const WAREHOUSE_EVENT_TYPES = Object.keys(warehouseEventSchemas) as WarehouseEventType[];

export const warehouseStreamId = (warehouseId: string) => `warehouse:${warehouseId}`;

export const isWarehouseEvent = (event: RecordedEvent): event is RecordedEvent & WarehouseEvent => Object.hasOwn(warehouseEventSchemas, event.type);

/** Every screen with a warehouse picker shows every warehouse. */
export const warehouseTopics = (): Change[] => [{ projectId: EVERY_PROJECT, topics: ['warehouses'] }];
