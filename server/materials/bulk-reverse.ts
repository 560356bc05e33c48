/**
 * Reverses an applied bulk file in one command: the opposite movement of each of its rows (decided
 * by bulk-decide.ts), appended together under a new batch id whose events name the batch they undo.
 * Two reversals racing append to the same streams, so the loser is decided again and finds the
 * batch already reversed.
 */
import { randomUUID } from 'node:crypto';
import type { CommandContext, CommandHandler, CommandOptions, LoadedStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { stockStreamId, type StockItemEvent, type StockLocation } from '../../ledger/stock-item/events.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';
import { loadStock } from '../../projections/material-stock/decision-context.ts';
import { planReversal, type AppliedMovement } from './bulk-decide.ts';

interface ReverseInput {
  location: StockLocation;
  batchId: string;
  reversalId: string;
}

interface ReverseContext extends CommandContext {
  streams: Record<string, LoadedStream<StockItemState, StockItemEvent>>;
  movements: AppliedMovement[];
  alreadyReversed: boolean;
  frozen: boolean;
}

export interface Reversal {
  batchId: string;
  reverses: string;
  rows: number;
}

const reverseHandler: CommandHandler<ReverseInput, ReverseContext, Reversal> = {
  name: 'bulk-reverse',
  async load(trx, inputs) {
    // Reversals are rare and one at a time: three small indexed reads each.
    const contexts: ReverseContext[] = [];
    for (const input of inputs) {
      const logged = await trx
        .selectFrom('activity_log')
        .select(['material_id', 'part_number', 'part_name', 'log_type', 'quantity'])
        .where('batch_id', '=', input.batchId)
        .where('location_kind', '=', input.location.kind)
        .where('location_id', '=', input.location.id)
        .orderBy('position')
        .execute();
      const reversal = await trx.selectFrom('activity_log').select('position').where('reverses_batch_id', '=', input.batchId).limit(1).executeTakeFirst();
      const movements = logged
        .filter((r) => r.log_type === 'Receive' || r.log_type === 'Return')
        .map((r) => ({
          materialId: r.material_id,
          partNumber: r.part_number,
          partName: r.part_name,
          logType: r.log_type as AppliedMovement['logType'],
          quantity: r.quantity,
        }));
      const partNumbers = [...new Set(movements.map((m) => m.partNumber))];
      // With no movement there is nothing to load, but the freeze flag still comes from one lookup row.
      const loaded = await loadStock(
        trx,
        (partNumbers.length > 0 ? partNumbers : ['']).map((partNumber) => ({ location: input.location, partNumber, userId: null })),
      );
      const context: ReverseContext = { streams: {}, movements, alreadyReversed: reversal !== undefined, frozen: loaded[0]?.row.frozen ?? false };
      for (const { stream } of loaded) if (stream) context.streams[stream.streamId] = stream;
      contexts.push(context);
    }
    return contexts;
  },
  decide(input, context) {
    const states = new Map<string, StockItemState>();
    for (const m of context.movements) {
      const stream = context.streams[stockStreamId(input.location, m.materialId)];
      if (stream) states.set(m.materialId, stream.state);
    }
    const plan = planReversal({
      location: input.location,
      movements: context.movements,
      states,
      alreadyReversed: context.alreadyReversed,
      frozen: context.frozen,
    });
    return { appends: plan.appends, result: { batchId: input.reversalId, reverses: input.batchId, rows: plan.rows } };
  },
};

/** Appends the opposite of every movement of an applied bulk batch, as one batch of its own. */
export async function reverseBulk(store: EventStore, options: CommandOptions, location: StockLocation, batchId: string): Promise<Reversal> {
  const reversalId = randomUUID();
  const outcome = await runCommand(
    store,
    reverseHandler,
    { location, batchId, reversalId },
    // No idempotency key: a repeated request is refused as already reversed, which is the truth.
    { metadata: { ...options.metadata, source: 'bulk-reversal', batchId: reversalId, reversesBatchId: batchId } },
  );
  return outcome.result;
}
