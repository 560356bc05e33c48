/**
 * Events of a project's label database, one stream per project (`labels:<project_id>`). Labels are
 * on the ledger rather than in a plain table so the database has a history: who imported which
 * labels and who deleted them, replayable into the read table (`labels`) like every other read
 * model. An import is recorded in events of at most LABELS_PER_EVENT labels each, never one event
 * per label; a delete is one event naming every label it removed.
 */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import type { Change } from '../topics.ts';

/** The most labels one LabelsImported event carries. */
export const LABELS_PER_EVENT = 1_000;

const importedLabel = z.object({
  id: z.uuid(),
  lines: z.array(z.string()),
  system: z.string().nullable(),
  clusterPod: z.string().nullable(),
});
export type ImportedLabel = z.infer<typeof importedLabel>;

const removedLabel = z.object({ id: z.uuid(), system: z.string().nullable(), clusterPod: z.string().nullable() });
export type RemovedLabel = z.infer<typeof removedLabel>;

export const labelEventSchemas = {
  /** One batch of an import; `importId` ties the batches of one import together. */
  LabelsImported: z.object({
    projectId: z.uuid(),
    importId: z.uuid(),
    labels: z.array(importedLabel).min(1).max(LABELS_PER_EVENT),
    /** The template a raw import was formatted with, when there was one. */
    templateId: z.uuid().nullable().optional(),
  }),
  /** Labels removed from the label database; their import events keep what they said. */
  LabelsDeleted: z.object({ projectId: z.uuid(), labels: z.array(removedLabel).min(1) }),
  /** A whole import reversed in one event: every label of it still live, removed together. */
  LabelsImportUndone: z.object({ projectId: z.uuid(), importId: z.uuid(), labels: z.array(removedLabel).min(1) }),
} as const;

type Schemas = typeof labelEventSchemas;
export type LabelEvent = { [T in keyof Schemas]: { type: T; data: z.infer<Schemas[T]> } }[keyof Schemas];
export type LabelEventType = LabelEvent['type'];
export const LABEL_EVENT_TYPES = Object.keys(labelEventSchemas) as LabelEventType[];

export const labelsStreamId = (projectId: string) => `labels:${projectId}`;

export const isLabelEvent = (event: RecordedEvent): event is RecordedEvent & LabelEvent => Object.hasOwn(labelEventSchemas, event.type);

export const labelTopics = (event: LabelEvent): Change[] => [{ projectId: event.data.projectId, topics: ['labels'] }];
