/**
 * Streams loaded by folding their own events, and a command handler for an aggregate whose state is
 * that fold. Right for the small streams (a user, a project, a request, the site settings: tens of
 * events at most), where replaying is cheaper than keeping a snapshot in step; the streams of a whole
 * batch are read in one query.
 */
import type { CommandContext, CommandHandler, LoadedStream } from './command.ts';
import type { Decider } from './decider.ts';
import type { Trx } from './event-store/event-store.ts';
import { readStreams } from './event-store/event-store.ts';
import { checkedEvent } from './checked-event.ts';

/**
 * Reads the streams in one query and folds each with the decider: one loaded stream per id, in the
 * order asked (a stream with no events yet is the decider's initial state at version 0).
 */
export async function loadFolded<Command, Event extends { type: string; data: unknown }, State>(
  trx: Trx,
  decider: Pick<Decider<Command, Event, State>, 'initialState' | 'evolve'>,
  streamIds: readonly string[],
): Promise<LoadedStream<State, Event>[]> {
  const histories = await readStreams(trx, streamIds);
  return streamIds.map((streamId) => {
    const history = histories.get(streamId) ?? [];
    const last = history[history.length - 1];
    const state = history.reduce((s, e) => decider.evolve(s, checkedEvent<Event>(e)), decider.initialState());
    return { streamId, head: { version: last?.streamVersion ?? 0, hash: last?.hash ?? null }, state, evolve: decider.evolve };
  });
}

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
      const [streams, lookups] = await Promise.all([
        loadFolded(trx, decider, inputs.map(spec.streamId)),
        spec.lookup ? spec.lookup(trx, inputs) : Promise.resolve(null),
      ]);
      return streams.map((self, i) => ({ streams: { self }, lookup: (lookups ? lookups[i] : undefined) as Lookup }));
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
