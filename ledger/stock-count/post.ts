/**
 * Posting a count: the session's event, the stock adjustments and the asset events, or a
 * DomainError naming the line.
 */
import type { AssetInstanceEvent } from '../asset/events.ts';
import type { StockCounted } from '../stock-item/events.ts';
import type { CountSessionCommand } from './commands.ts';
import type { CountEvent } from './events.ts';
import type { CountSessionState } from './state.ts';

export interface PostDecision {
  count: CountEvent[];
  /** One per counted part line with a difference, dated (occurredAt) when the line was counted. */
  stock: Array<StockCounted & { occurredAt: Date }>;
  assets: AssetInstanceEvent[];
}

export function decidePost(command: Extract<CountSessionCommand, { type: 'PostCount' }>, state: CountSessionState): PostDecision {
  void command;
  void state;
  throw new Error('decidePost: to be written');
}
