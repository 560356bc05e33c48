/**
 * A transfer command decided together with the stock of both projects, and the stock each item
 * decision moves: the transfer's own rules decide (with the source's on hand read from its stock
 * streams), and every item event becomes the events of the two projects' stock streams, so the
 * command appends them all in one transaction and the numbers can never disagree with the items.
 *
 *   item fulfilled (q)            source: on hand −q, in transit +q   destination: incoming +q
 *   item denied, q returned       source: in transit −q, on hand +q   destination: incoming −q
 *   item received (q)             source: in transit −q, logistics −q destination: incoming −q, on hand +q, logistics +q
 *
 * A denial now returns nothing (what was sent stays on its way); the move for returned units folds
 * the denials recorded before, which gave back everything sent. A refusal moves nothing anywhere.
 * Scanned lines are decided one after another on the transfer and stock the earlier lines left, so
 * a part scanned twice sends (or receives) both; a refused line refuses them all, naming its part.
 */
import { lineRefused } from '../../contract/messages/transfers.ts';
import { DomainError } from '../errors.ts';
import { stockItemDecider } from '../stock-item/decide.ts';
import { type StockItemEvent, projectLocation, stockStreamId, stockStreamOf, type TransferStockEventType } from '../stock-item/events.ts';
import type { StockItemState } from '../stock-item/state.ts';
import type { TransferStockCommand } from './commands.ts';
import { transferDecider } from './decide.ts';
import type { TransferEvent } from './events.ts';
import type { TransferState } from './state.ts';

/** The transfer and the stock streams of its parts in both projects, by stream id (a stream never written is absent). */
export interface TransferStockStates {
  transfer: TransferState;
  stock: Record<string, StockItemState>;
}

/** The transfer's events, and the stock events of both projects in order; each names its stream by its location and material. */
export interface TransferStockEvents {
  transfer: TransferEvent[];
  stock: StockItemEvent[];
}

export interface StockMove {
  side: 'source' | 'destination';
  materialId: string;
  event: StockItemEvent;
}

export function stockMovesOf(event: TransferEvent, state: TransferState): StockMove[] {
  let moves: Array<[TransferStockEventType, TransferStockEventType]>;
  let quantity: number;
  switch (event.type) {
    case 'TransferItemFulfilled':
      moves = [['MaterialSentOnTransfer', 'MaterialIncomingOnTransfer']];
      quantity = event.data.quantity;
      break;
    case 'TransferItemDenied':
      moves = event.data.returned > 0 ? [['MaterialReturnedFromTransfer', 'MaterialIncomingCancelled']] : [];
      quantity = event.data.returned;
      break;
    case 'TransferItemReceived':
      moves = [['MaterialDeliveredOnTransfer', 'MaterialReceivedOnTransfer']];
      quantity = event.data.quantity;
      break;
    default:
      return [];
  }
  const item = state.items.find((i) => i.partNumber === event.data.partNumber);
  if (!item) throw new Error(`transfer ${state.transferId} has no item ${event.data.partNumber}`);
  const common = { materialId: item.materialId, partNumber: item.partNumber, partName: item.partName, quantity, transferId: state.transferId };
  return moves.flatMap(([sourceType, destinationType]) => [
    {
      side: 'source' as const,
      materialId: item.materialId,
      event: {
        type: sourceType,
        data: { ...common, location: projectLocation(state.fromId), projectId: state.toId, projectLabel: state.toName },
      },
    },
    {
      side: 'destination' as const,
      materialId: item.materialId,
      event: {
        type: destinationType,
        data: { ...common, location: projectLocation(state.toId), projectId: state.fromId, projectLabel: state.fromName },
      },
    },
  ]);
}

/** The source's on hand of each item, by part number, as a fulfil is decided on it. */
function onHandOf({ transfer, stock }: TransferStockStates): Record<string, number> {
  const source = projectLocation(transfer.fromId);
  return Object.fromEntries(transfer.items.map((item) => [item.partNumber, stock[stockStreamId(source, item.materialId)]?.onHand ?? 0]));
}

function decideLines(command: Extract<TransferStockCommand, { type: 'FulfilLines' | 'ReceiveLines' }>, states: TransferStockStates): TransferStockEvents {
  const { lines, frozen, actor } = command.data;
  let current: TransferStockStates = { transfer: states.transfer, stock: { ...states.stock } };
  const out: TransferStockEvents = { transfer: [], stock: [] };
  for (const [i, { partNumber, quantity }] of lines.entries()) {
    const one: TransferStockCommand =
      command.type === 'FulfilLines'
        ? { type: 'FulfilItems', data: { items: [{ partNumber, quantity }], frozen, actor } }
        : { type: 'ReceiveItem', data: { partNumber, quantity, frozen, actor } };
    let decided: TransferStockEvents;
    try {
      decided = decideTransferStock(one, current);
    } catch (error) {
      if (error instanceof DomainError) throw new DomainError(error.code, lineRefused(partNumber, error.message), `lines.${i}`);
      throw error;
    }
    const stock = { ...current.stock };
    for (const event of decided.stock) {
      const streamId = stockStreamOf(event);
      stock[streamId] = stockItemDecider.evolve(stock[streamId] ?? stockItemDecider.initialState(), event);
    }
    current = { transfer: decided.transfer.reduce(transferDecider.evolve, current.transfer), stock };
    out.transfer.push(...decided.transfer);
    out.stock.push(...decided.stock);
  }
  return out;
}

export function decideTransferStock(command: TransferStockCommand, states: TransferStockStates): TransferStockEvents {
  if (command.type === 'FulfilLines' || command.type === 'ReceiveLines') return decideLines(command, states);
  const events =
    command.type === 'FulfilItems'
      ? transferDecider.decide({ type: 'FulfilItems', data: { ...command.data, available: onHandOf(states) } }, states.transfer)
      : transferDecider.decide(command, states.transfer);
  const stock: StockItemEvent[] = [];
  let current = states.transfer;
  for (const event of events) {
    stock.push(...stockMovesOf(event, current).map((move) => move.event));
    current = transferDecider.evolve(current, event);
  }
  return { transfer: events, stock };
}
