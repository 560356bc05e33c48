/**
 * Corrections of a project's stock movements: load the movement a correction names, the stock
 * item's head and its figures from the instant the correction applies on, decide with the pure
 * `decideCorrection`, and append the compensating event to the movement's own stream, dated when
 * it applies. Nothing already recorded changes.
 */
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { CONFLICT_MESSAGE, DomainError } from '../../ledger/errors.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { decideCorrection, type CorrectedMovement, type CorrectionHistory } from '../../ledger/stock-item/correct.ts';
import { stockItemDecider } from '../../ledger/stock-item/decide.ts';
import { stockStreamId, type StockItemEvent, type StockLocation } from '../../ledger/stock-item/events.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';
import { loadCorrectionHistory, loadCorrectionStock, loadMovement } from '../../projections/activity-log/correction-context.ts';
import { stockHeadOf } from '../../projections/material-stock/decision-context.ts';

export const ENTRY_NOT_FOUND = 'Log entry not found in this project';

export interface CorrectionRequest {
  projectId: string;
  /** The global position of the movement to correct. */
  position: number;
  /** What the movement should have been; 0 reverses it. */
  quantity: number;
  reason: string;
  /** When the correction applies; absent means when the corrected movement happened. */
  appliesAt: Date | null;
}

export interface CorrectionOutcome {
  corrects_position: number;
  quantity: number;
  occurred_at: string;
  deltas: { logistics: number; onHand: number; field: number; lost: number };
}

/** A position that is not this project's stock movement: refused when decided, not when loaded, so the batch goes on. */
interface RefusedCorrection extends CommandContext {
  refusal: DomainError;
  streams: Record<string, never>;
}

interface LoadedCorrection extends CommandContext {
  streams: { item: LoadedStream<StockItemState, StockItemEvent> };
  /** The stream as loaded: another command of the same batch on it would make `history` stale. */
  loaded: LoadedStream<StockItemState, StockItemEvent>;
  location: StockLocation;
  materialId: string;
  partNumber: string;
  partName: string;
  movement: CorrectedMovement;
  appliesAt: Date;
  frozen: boolean;
  history: CorrectionHistory;
}

type CorrectionContext = RefusedCorrection | LoadedCorrection;

async function loadOne(
  trx: Parameters<CommandHandler<CorrectionRequest, CorrectionContext, CorrectionOutcome>['load']>[0],
  input: CorrectionRequest,
): Promise<LoadedCorrection> {
  const movement = await loadMovement(trx, input.position);
  const location = movement?.data.location;
  const materialId = movement?.data.materialId;
  // Only this project's stock movements: any other position is as unknown here as a missing one.
  if (
    !movement ||
    !location ||
    !materialId ||
    location.kind !== 'project' ||
    location.id !== input.projectId ||
    movement.stream_id !== stockStreamId(location, materialId)
  ) {
    throw new DomainError('NOT_FOUND', ENTRY_NOT_FOUND);
  }
  const appliesAt = input.appliesAt ?? movement.occurred_at;
  const [stock, history] = await Promise.all([
    loadCorrectionStock(trx, location, materialId),
    loadCorrectionHistory(trx, location, materialId, appliesAt, typeof movement.data.userId === 'string' ? movement.data.userId : null),
  ]);
  const item: LoadedStream<StockItemState, StockItemEvent> = {
    streamId: movement.stream_id,
    head: stockHeadOf(stock),
    state: { ...stockItemDecider.initialState(), exists: stock.stream_version !== null },
    evolve: stockItemDecider.evolve,
  };
  return {
    streams: { item },
    loaded: item,
    location,
    materialId,
    partNumber: stock.part_number ?? String(movement.data.partNumber ?? ''),
    partName: stock.part_name ?? String(movement.data.partName ?? ''),
    movement: { position: movement.position, type: movement.type, data: movement.data, occurredAt: movement.occurred_at, correctedBy: movement.corrected_by },
    appliesAt,
    frozen: stock.frozen,
    history,
  };
}

const correctionHandler: CommandHandler<CorrectionRequest, CorrectionContext, CorrectionOutcome> = {
  name: 'correction',
  // Two corrections of one entry in different processes: the second finds the first on retry.
  retryOn: ['activity_log_corrects'],
  async load(trx, inputs) {
    const contexts: CorrectionContext[] = [];
    for (const input of inputs) {
      try {
        contexts.push(await loadOne(trx, input));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        contexts.push({ refusal: error, streams: {} });
      }
    }
    return contexts;
  },
  decide(input, context, now): Decision<CorrectionOutcome> {
    if ('refusal' in context) throw context.refusal;
    if (context.streams.item !== context.loaded) throw new DomainError('CONFLICT', CONFLICT_MESSAGE);
    const events = decideCorrection({
      type: 'CorrectMovement',
      data: {
        location: context.location,
        materialId: context.materialId,
        partNumber: context.partNumber,
        partName: context.partName,
        movement: context.movement,
        quantity: input.quantity,
        reason: input.reason,
        appliesAt: context.appliesAt,
        now,
        frozen: context.frozen,
        history: context.history,
      },
    });
    const event = events[0]!;
    return {
      appends: [{ streamId: context.streams.item.streamId, events: [{ ...event, occurredAt: context.appliesAt }] }],
      result: {
        corrects_position: context.movement.position,
        quantity: event.data.quantity,
        occurred_at: context.appliesAt.toISOString(),
        deltas: event.data.deltas,
      },
    };
  },
};

/** Corrects one movement of a project's stock with a compensating event. */
export function runCorrection(store: EventStore, request: CorrectionRequest, options: CommandOptions) {
  return runCommand(store, correctionHandler, request, options);
}
