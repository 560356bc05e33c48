/**
 * A command handler for an aggregate whose state is the fold of its own stream. Right for the small
 * streams (a user, a project, the site settings: tens of events at most), where replaying is cheaper
 * than keeping a snapshot in step; the streams of a whole batch are read in one query.
 */
import type { CommandContext, CommandHandler, LoadedStream } from './command.ts';
import type { Decider } from './decider.ts';
import type { Trx } from './event-store/event-store.ts';
import { readStreams } from './event-store/event-store.ts';

export interface FoldedStreamSpec<Input, Command, Event extends { type: string; data: unknown }, State, Lookup, Result> {
  name: string;
  decider: Decider<Command, Event, State>;
  streamId: (input: Input) => string;
  /** Reads the batch needs besides the streams (a user's name, the next project number), one per input. */
  lookup?: (trx: Trx, inputs: readonly Input[]) => Promise<Lookup[]>;
  /** Pure: the aggregate's command from the input, the stream's state and the lookup. */
  command: (input: Input, state: State, lookup: Lookup, now: Date) => Command;
  result?: (input: Input, events: Event[], state: State, lookup: Lookup) => Result;
  retryOn?: readonly string[];
  write?: CommandHandler<Input, FoldedContext<State, Event, Lookup>, Result>['write'];
}

export interface FoldedContext<State, Event, Lookup> extends CommandContext {
  streams: { self: LoadedStream<State, Event> };
  lookup: Lookup;
}

export function foldedStreamHandler<Input, Command, Event extends { type: string; data: unknown }, State, Lookup = undefined, Result = null>(
  spec: FoldedStreamSpec<Input, Command, Event, State, Lookup, Result>,
): CommandHandler<Input, FoldedContext<State, Event, Lookup>, Result> {
  const { decider } = spec;
  return {
    name: spec.name,
    retryOn: spec.retryOn,
    write: spec.write,
    async load(trx, inputs) {
      const ids = inputs.map(spec.streamId);
      const [histories, lookups] = await Promise.all([readStreams(trx, ids), spec.lookup ? spec.lookup(trx, inputs) : Promise.resolve(null)]);
      return inputs.map((_, i) => {
        const history = histories.get(ids[i]!)!;
        const last = history[history.length - 1];
        // The store validated each event against its type's schema as it read it.
        const state = history.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as Event), decider.initialState());
        return {
          streams: { self: { streamId: ids[i]!, head: { version: last?.streamVersion ?? 0, hash: last?.hash ?? null }, state, evolve: decider.evolve } },
          lookup: (lookups ? lookups[i] : undefined) as Lookup,
        };
      });
    },
    decide(input, context, now) {
      const { state } = context.streams.self;
      const events = decider.decide(spec.command(input, state, context.lookup, now), state);
      return {
        appends: [{ streamId: context.streams.self.streamId, events }],
        result: spec.result ? spec.result(input, events, state, context.lookup) : (null as Result),
      };
    },
  };
}
