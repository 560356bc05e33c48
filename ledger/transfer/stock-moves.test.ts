import { describe, it } from 'vitest';
import { stockItemDecider } from '../stock-item/decide.ts';
import { type StockItemEvent, stockStreamOf, type TransferStockEventType } from '../stock-item/events.ts';
import { byStream } from '../testing/by-stream.ts';
import { multiStreamSpec } from '../testing/multi-stream-spec.ts';
import type { TransferActor, TransferStockCommand } from './commands.ts';
import { transferDecider } from './decide.ts';
import { actionRefused, itemRefused, notOnList, receiveTooMany, TRANSFER_MESSAGES as M } from '../../contract/messages/transfers.ts';
import { decideTransferStock } from './stock-moves.ts';
import {
  accepted,
  bolt,
  cable,
  DESTINATION,
  deniedItem,
  fulfilled,
  fulfilledItem,
  ids,
  MANAGER,
  receivedItem,
  receivedT,
  requestCommand,
  requested,
  SOURCE,
} from './transfer-fixtures.ts';

const spec = multiStreamSpec({ transfer: transferDecider, stock: byStream(stockItemDecider, stockStreamOf) }, decideTransferStock);

type Part = typeof cable;
const P1 = { kind: 'project' as const, id: ids.fromId };
const P2 = { kind: 'project' as const, id: ids.toId };
const onHand = (part: Part, quantity: number, location = P1): StockItemEvent => ({
  type: 'MaterialReceived',
  data: { location, materialId: part.materialId, partNumber: part.partNumber, partName: part.partName, quantity },
});
const move = (type: TransferStockEventType, part: Part, quantity: number): StockItemEvent => {
  const [location, other] =
    type === 'MaterialSentOnTransfer' || type === 'MaterialDeliveredOnTransfer' ? [P1, { id: 'p-2', label: 'P2' }] : [P2, { id: 'p-1', label: 'P1' }];
  const { materialId, partNumber, partName } = part;
  return { type, data: { location, materialId, partNumber, partName, quantity, transferId: ids.transferId, projectId: other.id, projectLabel: other.label } };
};
const sent = (part: Part, quantity: number) => [move('MaterialSentOnTransfer', part, quantity), move('MaterialIncomingOnTransfer', part, quantity)];
const delivered = (part: Part, quantity: number) => [move('MaterialDeliveredOnTransfer', part, quantity), move('MaterialReceivedOnTransfer', part, quantity)];

const fulfil = (items: Array<{ partNumber: string; quantity: number | null }>, actor: TransferActor = SOURCE, frozen = false): TransferStockCommand => ({
  type: 'FulfilItems',
  data: { items, frozen, actor },
});
const receive = (partNumber: string, quantity: number, frozen = false): TransferStockCommand => ({
  type: 'ReceiveItem',
  data: { partNumber, quantity, frozen, actor: DESTINATION },
});
const stocked = [onHand(cable, 10), onHand(bolt, 10)];

describe('fulfilling items moves the source on hand into transit and announces it to the destination', () => {
  it('one item in full', () => {
    spec
      .given({ transfer: accepted(), stock: stocked })
      .when(fulfil([{ partNumber: 'CAB-1', quantity: null }]))
      .then({ transfer: [fulfilledItem('CAB-1', 6, 'fulfilled')], stock: sent(cable, 6) });
  });

  it('part of an item, then the rest', () => {
    spec
      .given({ transfer: accepted(), stock: stocked })
      .when(fulfil([{ partNumber: 'cab-1', quantity: 4 }]))
      .then({ transfer: [fulfilledItem('CAB-1', 4, 'partial')], stock: sent(cable, 4) });
    spec
      .given({ transfer: [...accepted(), fulfilledItem('CAB-1', 4, 'partial')], stock: [...stocked, ...sent(cable, 4)] })
      .when(fulfil([{ partNumber: 'CAB-1', quantity: null }]))
      .then({ transfer: [fulfilledItem('CAB-1', 2, 'fulfilled')], stock: sent(cable, 2) });
  });

  it('every pending item at once, each moving its own part', () => {
    spec
      .given({ transfer: accepted(), stock: stocked })
      .when(fulfil([]))
      .then({ transfer: [fulfilledItem('CAB-1', 6, 'fulfilled'), fulfilledItem('BLT-1', 2, 'fulfilled')], stock: [...sent(cable, 6), ...sent(bolt, 2)] });
  });

  it("refuses more than the source's on hand, and moves nothing of the other items", () => {
    spec
      .given({ transfer: accepted(), stock: [onHand(cable, 10), onHand(bolt, 1)] })
      .when(fulfil([]))
      .thenThrows(M.exceedsStock, 'DOMAIN_RULE');
    spec
      .given({ transfer: accepted(), stock: [onHand(cable, 5)] })
      .when(fulfil([{ partNumber: 'CAB-1', quantity: 6 }]))
      .thenThrows(M.exceedsStock, 'DOMAIN_RULE');
  });

  it("counts the source's stock, not the destination's", () => {
    spec
      .given({ transfer: accepted(), stock: [onHand(cable, 10, P2)] })
      .when(fulfil([{ partNumber: 'CAB-1', quantity: 1 }]))
      .thenThrows(M.exceedsStock, 'DOMAIN_RULE');
  });

  it('refuses while transactions are frozen, for anyone but the source admin, and outside Accepted', () => {
    spec
      .given({ transfer: accepted(), stock: stocked })
      .when(fulfil([], SOURCE, true))
      .thenThrows(M.frozen, 'FROZEN');
    spec.given({ transfer: accepted(), stock: stocked }).when(fulfil([], DESTINATION)).thenThrows(M.sourceAdminOnly, 'FORBIDDEN');
    spec.given({ transfer: requested(), stock: stocked }).when(fulfil([])).thenThrows(actionRefused('Requested', 'fulfil items'), 'DOMAIN_RULE');
  });
});

describe('denying items moves no stock', () => {
  it('the remainder of a partial item is denied; what was sent stays in transit', () => {
    spec
      .given({ transfer: [...accepted(), fulfilledItem('CAB-1', 4, 'partial')], stock: [...stocked, ...sent(cable, 4)] })
      .when({ type: 'DenyItem', data: { partNumber: 'CAB-1', actor: SOURCE } })
      .then({ transfer: [deniedItem('CAB-1')] });
  });

  it('through the pick list while Accepted', () => {
    spec
      .given({ transfer: accepted(), stock: stocked })
      .when({ type: 'ChangePicklist', data: { pickList: [cable, { ...bolt, status: 'denied' }], actor: SOURCE } })
      .then({ transfer: [deniedItem('BLT-1')] });
  });

  it('refuses a fulfilled item: all of it is on its way', () => {
    spec
      .given({ transfer: [...accepted(), fulfilledItem('CAB-1', 6, 'fulfilled')], stock: [...stocked, ...sent(cable, 6)] })
      .when({ type: 'DenyItem', data: { partNumber: 'CAB-1', actor: SOURCE } })
      .thenThrows(itemRefused('CAB-1', 'fulfilled', 'all of it has been sent, so nothing is left to deny'), 'DOMAIN_RULE');
  });
});

describe('receiving items takes them out of transit into the destination on hand', () => {
  const inTransit = [...stocked, ...sent(cable, 4), ...sent(cable, 2)];

  it('all of an item, or part of it', () => {
    spec
      .given({ transfer: receivedT(), stock: inTransit })
      .when(receive('CAB-1', 6))
      .then({ transfer: [receivedItem('CAB-1', 6, true)], stock: delivered(cable, 6) });
    spec
      .given({ transfer: receivedT(), stock: inTransit })
      .when(receive('CAB-1', 4))
      .then({ transfer: [receivedItem('CAB-1', 4, false)], stock: delivered(cable, 4) });
  });

  it('refuses more than is on its way, an item with nothing on its way, and a frozen site', () => {
    spec.given({ transfer: receivedT(), stock: inTransit }).when(receive('CAB-1', 7)).thenThrows(receiveTooMany(6), 'DOMAIN_RULE');
    spec
      .given({ transfer: receivedT(), stock: inTransit })
      .when(receive('BLT-1', 1))
      .thenThrows(itemRefused('BLT-1', 'denied', 'nothing of it is on its way'), 'DOMAIN_RULE');
    spec
      .given({ transfer: receivedT(), stock: inTransit })
      .when(receive('CAB-1', 6, true))
      .thenThrows(M.frozen, 'FROZEN');
  });
});

describe('the rest of a transfer moves no stock', () => {
  it('a request, and a status change', () => {
    spec
      .given({})
      .when(requestCommand({ actor: MANAGER }))
      .then({ transfer: requested() });
    spec
      .given({ transfer: fulfilled('pickup'), stock: stocked })
      .when({ type: 'SetTransferStatus', data: { status: 'Ready', trackingNumber: null, actor: SOURCE } })
      .then({ transfer: [{ type: 'TransferReady', data: ids }] });
  });
});

describe('scanned lines are one command: every line decided on what the lines before it left, all or none', () => {
  const lines = (type: 'FulfilLines' | 'ReceiveLines', scanned: Array<[string, number]>, actor = type === 'FulfilLines' ? SOURCE : DESTINATION) =>
    ({ type, data: { lines: scanned.map(([partNumber, quantity]) => ({ partNumber, quantity })), frozen: false, actor } }) as TransferStockCommand;

  it('fulfils each line, a part scanned twice sending both', () => {
    spec
      .given({ transfer: accepted(), stock: stocked })
      .when(
        lines('FulfilLines', [
          ['CAB-1', 4],
          ['blt-1', 2],
          ['CAB-1', 2],
        ]),
      )
      .then({
        transfer: [fulfilledItem('CAB-1', 4, 'partial'), fulfilledItem('BLT-1', 2, 'fulfilled'), fulfilledItem('CAB-1', 2, 'fulfilled')],
        stock: [...sent(cable, 4), ...sent(bolt, 2), ...sent(cable, 2)],
      });
  });

  it("refuses the line that would send more than the source's on hand left by the lines before, naming its part", () => {
    spec
      .given({ transfer: accepted(), stock: [onHand(cable, 5), onHand(bolt, 10)] })
      .when(
        lines('FulfilLines', [
          ['BLT-1', 1],
          ['CAB-1', 4],
          ['CAB-1', 2],
        ]),
      )
      .thenThrows(`Part CAB-1: ${M.exceedsStock}`, 'DOMAIN_RULE');
  });

  it('refuses a part not on the transfer with the refusal that names it, and the transfer-wide rules as they are', () => {
    spec
      .given({ transfer: accepted(), stock: stocked })
      .when(
        lines('FulfilLines', [
          ['CAB-1', 1],
          ['XYZ-9', 1],
        ]),
      )
      .thenThrows(notOnList('XYZ-9'), 'NOT_FOUND');
    spec
      .given({ transfer: accepted(), stock: stocked })
      .when(lines('FulfilLines', [['CAB-1', 1]], DESTINATION))
      .thenThrows(M.sourceAdminOnly, 'FORBIDDEN');
  });

  it('receives each line, and refuses more than is on its way across the lines', () => {
    const inTransit = [...stocked, ...sent(cable, 6)];
    spec
      .given({ transfer: receivedT(), stock: inTransit })
      .when(
        lines('ReceiveLines', [
          ['CAB-1', 4],
          ['CAB-1', 2],
        ]),
      )
      .then({ transfer: [receivedItem('CAB-1', 4, false), receivedItem('CAB-1', 2, true)], stock: [...delivered(cable, 4), ...delivered(cable, 2)] });
    spec
      .given({ transfer: receivedT(), stock: inTransit })
      .when(
        lines('ReceiveLines', [
          ['CAB-1', 4],
          ['CAB-1', 3],
        ]),
      )
      .thenThrows(`Part CAB-1: ${receiveTooMany(2)}`, 'DOMAIN_RULE');
  });
});
