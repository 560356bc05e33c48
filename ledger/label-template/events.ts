/**
 * Events of a label template (`label-template:<id>`): a template formats the columns of a raw
 * import into the lines of a label (spec 02 §3, Label template). On the ledger like the labels, so
 * a label can be traced to the template version it was formatted with.
 */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import type { Change } from '../topics.ts';

const field = z.object({ name: z.string(), prependText: z.string(), appendText: z.string() });
const line = z.object({
  id: z.string(),
  fields: z.array(field),
  separator: z.string(),
  casing: z.enum(['none', 'uppercase', 'lowercase']),
  leaveBlankIfNoData: z.boolean().optional(),
});
export const templateDataSchema = z.object({ columns: z.array(z.string()), lines: z.array(line) });
export type TemplateDataValue = z.infer<typeof templateDataSchema>;

const content = { templateId: z.uuid(), projectId: z.uuid(), name: z.string(), templateData: templateDataSchema };

export const labelTemplateEventSchemas = {
  LabelTemplateCreated: z.object(content),
  LabelTemplateChanged: z.object(content),
  LabelTemplateDeleted: z.object({ templateId: z.uuid(), projectId: z.uuid() }),
} as const;

type Schemas = typeof labelTemplateEventSchemas;
export type LabelTemplateEvent = { [T in keyof Schemas]: { type: T; data: z.infer<Schemas[T]> } }[keyof Schemas];
export type LabelTemplateEventType = LabelTemplateEvent['type'];
export const LABEL_TEMPLATE_EVENT_TYPES = Object.keys(labelTemplateEventSchemas) as LabelTemplateEventType[];

export const labelTemplateStreamId = (templateId: string) => `label-template:${templateId}`;

export const isLabelTemplateEvent = (event: RecordedEvent): event is RecordedEvent & LabelTemplateEvent => Object.hasOwn(labelTemplateEventSchemas, event.type);

export const labelTemplateTopics = (event: LabelTemplateEvent): Change[] => [{ projectId: event.data.projectId, topics: ['labels'] }];
