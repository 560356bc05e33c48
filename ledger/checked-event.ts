/**
 * An event whose data a schema has already checked (the store as it reads a stream, an auditor's
 * bundle as it is parsed), typed as its aggregate's event: zod cannot tie a union member's `type` to
 * its `data`, so this is the one place that says so. A leaf module with no imports, so the folds, the
 * corrections and the offline auditor can all use it without an import cycle.
 */
export function checkedEvent<Event extends { type: string; data: unknown }>(event: { type: string; data: unknown }): Event {
  return { type: event.type, data: event.data } as Event;
}
