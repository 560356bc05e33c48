/** Events of one catalogue material's stream (`material:<id>`), shared by every project and warehouse. */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import { EVERY_PROJECT } from '../../contract/topics.ts';
import type { Change } from '../topics.ts';

export const materialDefinedSchema = z.object({
  materialId: z.string().min(1),
  partNumber: z.string().min(1),
  partName: z.string().min(1),
  partNickname: z.string(),
});

/** Always carries the full resulting values, so a reader never needs the earlier events. */
export const materialDetailsEditedSchema = z.object({
  materialId: z.string().min(1),
  partNumber: z.string().min(1),
  partName: z.string().min(1),
  partNickname: z.string(),
  previousPartNumber: z.string().min(1),
  note: z.string().nullable(),
});

export type MaterialEvent =
  | { type: 'MaterialDefined'; data: z.infer<typeof materialDefinedSchema> }
  | { type: 'MaterialDetailsEdited'; data: z.infer<typeof materialDetailsEditedSchema> };

export const materialEventSchemas = {
  MaterialDefined: materialDefinedSchema,
  MaterialDetailsEdited: materialDetailsEditedSchema,
} as const;

export const materialStreamId = (materialId: string) => `material:${materialId}`;

export const isMaterialEvent = (event: RecordedEvent): event is RecordedEvent & MaterialEvent => Object.hasOwn(materialEventSchemas, event.type);

/** The catalogue is shared: names and numbers change in every project that holds the part. */
export const materialTopics = (): Change[] => [{ projectId: EVERY_PROJECT, topics: ['inventory', 'logs', 'catalog'] }];
