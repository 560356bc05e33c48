/**
 * The stock a transfer's item decisions move, as events of the two projects' stock streams: a pure
 * function of the transfer event and the transfer as it stood before it, so the command appends the
 * transfer's events and these in one transaction and the numbers can never disagree with the items.
 *
 *   item fulfilled (q)            source: on hand −q, in transit +q   destination: incoming +q
 *   item denied, q returned       source: in transit −q, on hand +q   destination: incoming −q
 *   item received (q)             source: in transit −q, logistics −q destination: incoming −q, on hand +q, logistics +q
 *
 * A denial now returns nothing (what was sent stays on its way); the move for returned units folds
 * the denials recorded before, which gave back everything sent.
 */
import type { StockItemEvent, TransferStockEventType } from '../stock-item/events.ts';
import type { TransferEvent } from './events.ts';
import type { TransferState } from './state.ts';

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
        data: { ...common, location: { kind: 'project' as const, id: state.fromId }, projectId: state.toId, projectLabel: state.toName },
      },
    },
    {
      side: 'destination' as const,
      materialId: item.materialId,
      event: {
        type: destinationType,
        data: { ...common, location: { kind: 'project' as const, id: state.toId }, projectId: state.fromId, projectLabel: state.fromName },
      },
    },
  ]);
}
