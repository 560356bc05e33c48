/**
 * Re-open on receive over every request waiting on delivery (spec 01 §4 Requests): after material
 * arrives in a project, each request on hold with `waiting_delivery` whose held lines the project's
 * on hand covers is re-opened. Oldest first, and the stock one re-opened request counts on is not
 * counted again for the next, so the requests re-opened are exactly those that can now be
 * fulfilled. One decision over all the waiting requests' streams: (command, states) → events per
 * stream, each request judged by the request's own `ReopenOnReceive` rule.
 */
import type { RequestCommand } from './commands.ts';
import { requestDecider } from './decide.ts';
import type { RequestEvent } from './events.ts';
import type { RequestState } from './state.ts';

export type ReopenOnReceive = Extract<RequestCommand, { type: 'ReopenOnReceive' }>;

/**
 * `states` by stream, oldest request first (the allocation follows the record's order); every
 * stream gets its events, empty for a request that stays on hold.
 */
export function decideReopenOnReceive<Stream extends string>(command: ReopenOnReceive, states: Record<Stream, RequestState>): Record<Stream, RequestEvent[]> {
  const available = { ...command.data.available };
  const events = {} as Record<Stream, RequestEvent[]>;
  for (const stream of Object.keys(states) as Stream[]) {
    const state = states[stream];
    events[stream] = requestDecider.decide({ type: 'ReopenOnReceive', data: { available } }, state);
    if (events[stream].length === 0) continue;
    for (const line of state.lines) {
      if (line.status === 'on-hold' && line.materialId) available[line.materialId] = (available[line.materialId] ?? 0) - line.qty;
    }
  }
  return events;
}
