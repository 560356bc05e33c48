/**
 * given(events per stream).when(command).then(events per stream | error), for commands decided on
 * several streams at once (a warehouse-to-project move, a transfer, a receive that defines a new
 * part): no database. A refusal means no stream gets any event. The sides may be one aggregate
 * (one decider folds them all) or different ones (a decider per side, each side typed by its own).
 */
import { expect } from 'vitest';
import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';

/** What a spec needs of an aggregate: how to fold its events. */
// biome-ignore lint/suspicious/noExplicitAny: any event and state, narrowed per side by StateOf and EventOf
type Fold<Event = any, State = any> = Pick<Decider<unknown, Event, State>, 'initialState' | 'evolve'>;
type StateOf<F> = F extends { initialState: () => infer State } ? State : never;
type EventOf<F> = F extends { evolve: (state: never, event: infer Event) => unknown } ? Event : never;
type States<Folds> = { [Side in keyof Folds]: StateOf<Folds[Side]> };
type Events<Folds> = { [Side in keyof Folds]: EventOf<Folds[Side]>[] };

/** Every side folded by the same aggregate's decider: `multiStreamSpec(stockItemDecider, ['warehouse', 'project'], decide)`. */
export function multiStreamSpec<Command, Event, State, Side extends string>(
  stream: Fold<Event, State>,
  sides: readonly Side[],
  decide: (command: Command, states: Record<Side, State>) => Record<Side, Event[]>,
): Spec<Command, Record<Side, Event[]>>;
/** A decider per side: `multiStreamSpec({ material: materialDecider, item: stockItemDecider }, decide)`. */
export function multiStreamSpec<Command, Folds extends Record<string, Fold>>(
  streams: Folds,
  decide: (command: Command, states: States<Folds>) => Events<Folds>,
): Spec<Command, Events<Folds>>;
export function multiStreamSpec(
  first: Fold | Record<string, Fold>,
  second: readonly string[] | ((command: unknown, states: Record<string, unknown>) => Record<string, unknown[]>),
  third?: (command: unknown, states: Record<string, unknown>) => Record<string, unknown[]>,
) {
  const folds: Record<string, Fold> =
    typeof second === 'function' ? (first as Record<string, Fold>) : Object.fromEntries(second.map((side) => [side, first as Fold]));
  const decide = typeof second === 'function' ? second : third!;
  return spec(folds, decide);
}

interface Spec<Command, SideEvents> {
  given(history: Partial<SideEvents>): {
    when(command: Command): {
      /** Sides left out are expected to get no event. */
      then(expected: Partial<SideEvents>): void;
      thenThrows(message: string, code?: DomainError['code']): void;
    };
  };
}

function spec(
  folds: Record<string, Fold>,
  decide: (command: unknown, states: Record<string, unknown>) => Record<string, unknown[]>,
): Spec<unknown, Record<string, unknown[]>> {
  const sides = Object.keys(folds);
  const fold = (side: string, events: unknown[] = []) => events.reduce(folds[side]!.evolve, folds[side]!.initialState());
  return {
    given(history) {
      const states = Object.fromEntries(sides.map((side) => [side, fold(side, history[side])]));
      return {
        when(command) {
          const run = () => decide(command, states);
          return {
            then(expected) {
              expect(run()).toEqual(Object.fromEntries(sides.map((side) => [side, expected[side] ?? []])));
            },
            thenThrows(message, code) {
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
