/**
 * The shape every aggregate follows: `decide` turns a command and the current state into events
 * (or throws a DomainError with the user-facing message); `evolve` folds one event into state.
 * Both are pure: time and ids arrive in the command.
 */
export interface Decider<Command, Event, State> {
  initialState: () => State;
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
}

export function foldEvents<Event, State>(decider: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>, events: Event[]): State {
  return events.reduce(decider.evolve, decider.initialState());
}
