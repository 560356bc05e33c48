/**
 * One side of a multiStreamSpec that holds several streams of one aggregate (the stock of each part
 * a transfer moves, the instances a request gives): each event folds into its own stream's state,
 * found by the stream id the event names, as the command's decide receives them.
 */
import type { Decider } from '../decider.ts';

export function byStream<Event, State>(
  decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  streamIdOf: (event: Event) => string,
): Pick<Decider<unknown, Event, Record<string, State>>, 'initialState' | 'evolve'> {
  return {
    initialState: () => ({}),
    evolve(states, event) {
      const streamId = streamIdOf(event);
      return { ...states, [streamId]: decider.evolve(states[streamId] ?? decider.initialState(), event) };
    },
  };
}
