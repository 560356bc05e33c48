/** given(events).when(command).then(events | error): decide/evolve tests with no database. */
import { expect } from 'vitest';
import { DomainError } from '../errors.ts';
import { foldEvents, type Decider } from '../decider.ts';

export function deciderSpec<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return {
    given(events: Event[]) {
      return {
        when(command: Command) {
          const run = () => decider.decide(command, foldEvents(decider, events));
          return {
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
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
