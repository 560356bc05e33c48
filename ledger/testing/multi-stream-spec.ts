/**
 * given(events per stream).when(command).then(events per stream | error), for commands decided on
 * several streams at once (a warehouse-to-project move, a transfer): no database. A refusal means
 * no stream gets any event.
 */
import { expect } from 'vitest';
import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';

export function multiStreamSpec<Command, Event, State, Side extends string>(
  stream: Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>,
  sides: readonly Side[],
  decide: (command: Command, states: Record<Side, State>) => Record<Side, Event[]>,
) {
  const fold = (events: Event[] = []) => events.reduce(stream.evolve, stream.initialState());
  return {
    given(history: Partial<Record<Side, Event[]>>) {
      const states = Object.fromEntries(sides.map((side) => [side, fold(history[side])])) as Record<Side, State>;
      return {
        when(command: Command) {
          const run = () => decide(command, states);
          return {
            /** Sides left out are expected to get no event. */
            then(expected: Partial<Record<Side, Event[]>>) {
              expect(run()).toEqual(Object.fromEntries(sides.map((side) => [side, expected[side] ?? []])));
            },
            thenThrows(message: string, code?: DomainError['code']) {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught, 'expected a DomainError').toBeInstanceOf(DomainError);
              expect((caught as DomainError).message).toBe(message);
              if (code) expect((caught as DomainError).code).toBe(code);
            },
          };
        },
      };
    },
  };
}
