/**
 * Events of one stock count session (`count:<sessionId>`): opened with its plan, lines counted (and
 * counted again), recounts asked for, counters changed, then posted or cancelled. Posting also
 * appends `StockCounted` to each stock stream with a difference (ledger/stock-item/events.ts) and,
 * for serialized assets, marks missing ones lost and lost ones seen found, all in one command.
 */
import { z } from 'zod';
import { placeSchema } from '../../contract/place.ts';
import type { RecordedEvent } from '../event-store/types.ts';
import type { Change } from '../topics.ts';
import { EVERY_PROJECT } from '../../contract/topics.ts';

export const countStreamId = (sessionId: string) => `count:${sessionId}`;

const location = z.object({ kind: z.enum(['project', 'warehouse']), id: z.string().min(1) });
const person = z.object({ userId: z.string().min(1), userName: z.string() });

/** What one line counts: a part (at a warehouse place, or in the project), or one serialized asset. */
export const countLineSchema = z.object({
  lineId: z.string().min(1),
  seq: z.number().int().positive(),
  kind: z.enum(['part', 'asset']),
  materialId: z.string().nullable(),
  partNumber: z.string().nullable(),
  partName: z.string().nullable(),
  place: placeSchema.nullable(),
  instanceId: z.string().nullable(),
  assetNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
});
export type CountLine = z.infer<typeof countLineSchema>;

export const countEventSchemas = {
  CountSessionOpened: z.object({
    sessionId: z.string().min(1),
    location,
    name: z.string(),
    locationLabel: z.string(),
    /** The choice in words ("All parts", "Part numbers starting PN-", "Cycle: not counted for the longest, 50"). */
    scopeLabel: z.string(),
    dueDate: z.string().nullable(),
    blind: z.boolean(),
    doubleCount: z.boolean(),
    includeAssets: z.boolean(),
    counters: z.array(person),
    lines: z.array(countLineSchema),
  }),
  /**
   * A line counted by one person at one instant (the event's occurred_at is the same instant). A
   * line the plan did not list arrives with `planned: false` and its descriptor; `round` starts at
   * 1 and rises with each recount, so a recount's counts replace the earlier round's.
   */
  CountLineCounted: z.object({
    sessionId: z.string().min(1),
    location,
    line: countLineSchema,
    planned: z.boolean(),
    counted: z.number().int().nonnegative(),
    countedAt: z.string(),
    counterId: z.string().min(1),
    counterName: z.string(),
    round: z.number().int().positive(),
    /**
     * The round's counts after this one (one per counter, at most two on a double count; this
     * count last): what the line's read row shows, without reading it back to fold.
     */
    roundCounts: z.array(z.object({ counterId: z.string().min(1), counterName: z.string(), counted: z.number().int().nonnegative(), countedAt: z.string() })),
    /**
     * The line had no count in any round before this one: the session's lines counted rise by one
     * (and its line total, for a line the plan did not list). A counter's repeat count of the same
     * round looks like a first one from round and counts alone, so decide says it.
     */
    firstCount: z.boolean(),
    /** The line was waiting for a recount, which this count answers: the session's recounts pending fall by one. */
    answersRecount: z.boolean(),
  }),
  CountRecountRequested: z.object({
    sessionId: z.string().min(1),
    location,
    /** Lines newly asked for (none already waiting for a recount): the session's recounts pending rise by their number. */
    lineIds: z.array(z.string().min(1)).min(1),
    note: z.string().nullable(),
  }),
  CountCountersChanged: z.object({ sessionId: z.string().min(1), location, counters: z.array(person) }),
  CountSessionPosted: z.object({
    sessionId: z.string().min(1),
    location,
    linesCounted: z.number().int().nonnegative(),
    linesWithVariance: z.number().int().nonnegative(),
    linesNotCounted: z.number().int().nonnegative(),
    adjustments: z.number().int().nonnegative(),
    assetsLost: z.number().int().nonnegative(),
    assetsFound: z.number().int().nonnegative(),
    /**
     * What review found on each counted line, as posted: what the books held at its counted instant
     * and the difference (parts), or found / missing / unexpected (assets). Kept on the session's
     * own stream so its read rows (last counted, since last count) fold from it alone.
     */
    results: z.array(
      z.object({
        lineId: z.string().min(1),
        expected: z.number().int().nullable(),
        difference: z.number().int().nullable(),
        assetResult: z.enum(['found', 'missing', 'unexpected']).nullable(),
      }),
    ),
  }),
  CountSessionCancelled: z.object({ sessionId: z.string().min(1), location, reason: z.string().nullable() }),
} as const;

type Schemas = typeof countEventSchemas;
export type CountEvent = { [T in keyof Schemas]: { type: T; data: z.infer<Schemas[T]> } }[keyof Schemas];
export type CountEventType = CountEvent['type'];
export const COUNT_EVENT_TYPES = Object.keys(countEventSchemas) as CountEventType[];

export const isCountEvent = (event: RecordedEvent): event is RecordedEvent & CountEvent => Object.hasOwn(countEventSchemas, event.type);

/** A count changes its location's count screens (a warehouse's are on every project's warehouse screens). */
export function countTopics(event: CountEvent): Change[] {
  const { location } = event.data;
  return [{ projectId: location.kind === 'warehouse' ? EVERY_PROJECT : location.id, topics: ['counts'] }];
}
