/**
 * Events of the site's saved label media (`label-media:site`): sheets and rolls saved by name so a
 * print can pick them again. One stream for the whole site, so the rules over all of them (names
 * unique without regard to case, at most MEDIA_LIMITS.saved) are decided on one state.
 */
import { z } from 'zod';
import { EVERY_PROJECT } from '../../contract/topics.ts';
import type { RecordedEvent } from '../event-store/types.ts';
import type { Change } from '../topics.ts';

export const LABEL_MEDIA_STREAM = 'label-media:site';

/**
 * A medium as it was saved. Read without the contract's refinements (fits the page, size limits):
 * a saved event stays readable if the rules for new media tighten later.
 */
const unit = z.enum(['mm', 'in']);
const storedSheet = z.object({
  kind: z.literal('sheet'),
  unit,
  page_width_mm: z.number(),
  page_height_mm: z.number(),
  rows: z.number(),
  columns: z.number(),
  label_width_mm: z.number(),
  label_height_mm: z.number(),
  margin_top_mm: z.number(),
  margin_left_mm: z.number(),
  gap_x_mm: z.number(),
  gap_y_mm: z.number(),
  corner_radius_mm: z.number(),
});
const storedRoll = z.object({
  kind: z.literal('roll'),
  unit,
  label_width_mm: z.number(),
  label_height_mm: z.number(),
  dpi: z.union([z.literal(203), z.literal(300)]),
});
export const storedMedium = z.discriminatedUnion('kind', [storedSheet, storedRoll]);
export type StoredMedium = z.infer<typeof storedMedium>;

const content = { mediumId: z.uuid(), name: z.string(), medium: storedMedium };

export const labelMediaEventSchemas = {
  LabelMediumSaved: z.object(content),
  LabelMediumChanged: z.object(content),
  LabelMediumDeleted: z.object({ mediumId: z.uuid() }),
} as const;

type Schemas = typeof labelMediaEventSchemas;
export type LabelMediaEvent = { [T in keyof Schemas]: { type: T; data: z.infer<Schemas[T]> } }[keyof Schemas];
export type LabelMediaEventType = LabelMediaEvent['type'];
export const LABEL_MEDIA_EVENT_TYPES = Object.keys(labelMediaEventSchemas) as LabelMediaEventType[];

export const isLabelMediaEvent = (event: RecordedEvent): event is RecordedEvent & LabelMediaEvent => Object.hasOwn(labelMediaEventSchemas, event.type);

/** Saved media are the site's: every project's print dialog lists them. */
export const labelMediaTopics = (): Change[] => [{ projectId: EVERY_PROJECT, topics: ['labels'] }];
