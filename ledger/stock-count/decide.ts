/**
 * The rules of a stock count. Counting: only the session's counters, only while it is open, never
 * dated in the future or before it opened; a double count needs two different people; a recount
 * starts a new round whose counts replace the old. Posting: no line waiting for a recount or a
 * second count, no double count that disagrees; each counted part line with a difference becomes a
 * `StockCounted` dated when it was counted, refused (naming the line) when the place moved since so
 * far that the difference would take a figure below zero; missing assets are marked lost and lost
 * ones seen are marked found.
 */
import type { Decider } from '../decider.ts';
import type { AssetInstanceEvent } from '../asset/events.ts';
import type { StockCounted } from '../stock-item/events.ts';
import type { CountSessionCommand } from './commands.ts';
import type { CountEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { initialCountSessionState, type CountSessionState } from './state.ts';

export interface PostDecision {
  count: CountEvent[];
  /** One per counted part line with a difference, dated (occurredAt) when the line was counted. */
  stock: Array<StockCounted & { occurredAt: Date }>;
  assets: AssetInstanceEvent[];
}

/** Every command but posting: the session's own events. */
export function decide(command: Exclude<CountSessionCommand, { type: 'PostCount' }>, state: CountSessionState): CountEvent[] {
  void command;
  void state;
  throw new Error('decide: to be written');
}

/** Posting: the session's event, the stock adjustments and the asset events, or a DomainError naming the line. */
export function decidePost(command: Extract<CountSessionCommand, { type: 'PostCount' }>, state: CountSessionState): PostDecision {
  void command;
  void state;
  throw new Error('decidePost: to be written');
}

export const countSessionDecider: Decider<Exclude<CountSessionCommand, { type: 'PostCount' }>, CountEvent, CountSessionState> = {
  initialState: initialCountSessionState,
  decide,
  evolve,
};
