import type { CountEvent } from './events.ts';
import type { CountSessionState } from './state.ts';

export function evolve(state: CountSessionState, event: CountEvent): CountSessionState {
  void event;
  return state;
}
