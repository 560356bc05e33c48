import { describe, expect, it } from 'vitest';
import { foldEvents } from '../decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { SettableStatus, TransferActor, TransferCommand } from './commands.ts';
import { transferDecider } from './decide.ts';
import type { TransferEvent } from './events.ts';
import { actionRefused, itemRefused, notAllReceived, receiveTooMany, STATE_RULES, TRANSFER_MESSAGES as M } from '../../contract/messages/transfers.ts';
import { stockMovesOf } from './stock-moves.ts';
import {
  accepted,
  allReceived,
  bolt,
  cable,
  DESTINATION,
  deny,
  deniedItem,
  fulfil,
  fulfilled,
  fulfilledItem,
  ids,
  receive,
  receivedItem,
  receivedT,
  requested,
  settled,
  shipped,
  SOURCE,
} from './transfer-fixtures.ts';

const spec = deciderSpec(transferDecider);
const setStatus = (status: SettableStatus, actor: TransferActor): TransferCommand => ({
  type: 'SetTransferStatus',
  data: { status, trackingNumber: null, actor },
});
const fulfilledEvent: TransferEvent = { type: 'TransferFulfilled', data: ids };

describe('Accepted → Fulfilled only when every item is fulfilled or denied', () => {
  const refusal = (open: string) =>
    `An Accepted transfer cannot become Fulfilled: an Accepted transfer becomes Fulfilled only when every item is fulfilled or denied. Still open: ${open}.`;
  it('is refused while an item is pending, naming the rule and the item', () => {
    spec
      .given([...accepted(), fulfilledItem('CAB-1', 6, 'fulfilled')])
      .when(setStatus('Fulfilled', SOURCE))
      .thenThrows(refusal('BLT-1 (pending)'), 'DOMAIN_RULE');
    expect(refusal('x')).toContain(STATE_RULES.Accepted);
  });
  it('is refused while an item is partial: its remainder is neither sent nor denied', () => {
    spec
      .given([...accepted(), fulfilledItem('CAB-1', 3, 'partial'), fulfilledItem('BLT-1', 1, 'partial')])
      .when(setStatus('Fulfilled', SOURCE))
      .thenThrows(refusal('CAB-1 (partial, 3 of 6 sent), BLT-1 (partial, 1 of 2 sent)'), 'DOMAIN_RULE');
    spec
      .given([...accepted(), fulfilledItem('CAB-1', 4, 'partial'), deniedItem('BLT-1')])
      .when(setStatus('Fulfilled', SOURCE))
      .thenThrows(refusal('CAB-1 (partial, 4 of 6 sent)'), 'DOMAIN_RULE');
  });
  it('is allowed once every item is fulfilled (in one go or in parts) or denied', () => {
    spec.given(settled()).when(setStatus('Fulfilled', SOURCE)).then([fulfilledEvent]);
    spec
      .given([...accepted(), deniedItem('CAB-1'), deniedItem('BLT-1')])
      .when(setStatus('Fulfilled', SOURCE))
      .then([fulfilledEvent]);
    spec
      .given([...accepted(), fulfilledItem('CAB-1', 4, 'partial'), deniedItem('CAB-1'), deniedItem('BLT-1')])
      .when(setStatus('Fulfilled', SOURCE))
      .then([fulfilledEvent]);
  });
});

describe('fulfilling items', () => {
  it('pending → fulfilled with the whole quantity, → partial with less (source admin, while Accepted)', () => {
    spec
      .given(accepted())
      .when(fulfil([{ partNumber: 'CAB-1', quantity: null }]))
      .then([fulfilledItem('CAB-1', 6, 'fulfilled')]);
    spec
      .given(accepted())
      .when(fulfil([{ partNumber: 'cab-1', quantity: 4 }]))
      .then([fulfilledItem('CAB-1', 4, 'partial')]);
    spec
      .given(accepted())
      .when(fulfil([{ partNumber: 'CAB-1', quantity: 6 }]))
      .then([fulfilledItem('CAB-1', 6, 'fulfilled')]);
  });
  it('a partial item is fulfilled further, by how many more, up to its quantity', () => {
    const partial = [...accepted(), fulfilledItem('CAB-1', 3, 'partial')];
    spec
      .given(partial)
      .when(fulfil([{ partNumber: 'CAB-1', quantity: 2 }]))
      .then([fulfilledItem('CAB-1', 2, 'partial')]);
    spec
      .given(partial)
      .when(fulfil([{ partNumber: 'CAB-1', quantity: 3 }]))
      .then([fulfilledItem('CAB-1', 3, 'fulfilled')]);
    spec
      .given(partial)
      .when(fulfil([{ partNumber: 'CAB-1', quantity: null }]))
      .then([fulfilledItem('CAB-1', 3, 'fulfilled')]);
    spec
      .given(partial)
      .when(fulfil([{ partNumber: 'CAB-1', quantity: 4 }]))
      .thenThrows(M.invalidQuantity, 'VALIDATION');
    spec
      .given(partial)
      .when(fulfil([{ partNumber: 'CAB-1', quantity: 3 }], { 'CAB-1': 2, 'BLT-1': 2 }))
      .thenThrows(M.exceedsStock, 'DOMAIN_RULE');
    const state = foldEvents(transferDecider, [...partial, fulfilledItem('CAB-1', 2, 'partial'), fulfilledItem('CAB-1', 1, 'fulfilled')]);
    expect(state.items[0]).toEqual({ ...cable, sent: 6, received: 0, status: 'fulfilled' });
  });
  it('an empty fulfil sends every pending item in full and the rest of every partial one', () => {
    spec
      .given(accepted())
      .when(fulfil([]))
      .then([fulfilledItem('CAB-1', 6, 'fulfilled'), fulfilledItem('BLT-1', 2, 'fulfilled')]);
    spec
      .given([...accepted(), fulfilledItem('CAB-1', 4, 'partial')])
      .when(fulfil([]))
      .then([fulfilledItem('CAB-1', 2, 'fulfilled'), fulfilledItem('BLT-1', 2, 'fulfilled')]);
    spec.given(settled()).when(fulfil([])).thenThrows(M.nothingPending, 'DOMAIN_RULE');
  });
  it('refuses more than the source has on hand, counting every item of the command', () => {
    spec
      .given(accepted())
      .when(fulfil([{ partNumber: 'CAB-1', quantity: null }], { 'CAB-1': 5, 'BLT-1': 9 }))
      .thenThrows(M.exceedsStock, 'DOMAIN_RULE');
    spec
      .given(accepted())
      .when(fulfil([{ partNumber: 'CAB-1', quantity: 4 }], { 'CAB-1': 4, 'BLT-1': 0 }))
      .then([fulfilledItem('CAB-1', 4, 'partial')]);
  });
  it('a quantity is a whole number above 0 and at most what is left to send, else Invalid quantity', () => {
    for (const quantity of [0, -1, 7, 2.5])
      spec
        .given(accepted())
        .when(fulfil([{ partNumber: 'CAB-1', quantity }]))
        .thenThrows(M.invalidQuantity, 'VALIDATION');
  });
  it('refuses the destination admin, another state, an item fulfilled or denied, a part not on the list, a frozen ledger', () => {
    spec
      .given(accepted())
      .when(fulfil([], undefined, DESTINATION))
      .thenThrows(M.sourceAdminOnly, 'FORBIDDEN');
    spec.given(requested()).when(fulfil([])).thenThrows(actionRefused('Requested', 'fulfil items'), 'DOMAIN_RULE');
    spec.given(fulfilled()).when(fulfil([])).thenThrows(actionRefused('Fulfilled', 'fulfil items'), 'DOMAIN_RULE');
    spec
      .given(settled())
      .when(fulfil([{ partNumber: 'CAB-1', quantity: 1 }]))
      .thenThrows(itemRefused('CAB-1', 'fulfilled', 'only a pending or partial item can be fulfilled'), 'DOMAIN_RULE');
    spec
      .given(settled())
      .when(fulfil([{ partNumber: 'BLT-1', quantity: 1 }]))
      .thenThrows(itemRefused('BLT-1', 'denied', 'only a pending or partial item can be fulfilled'), 'DOMAIN_RULE');
    spec
      .given(accepted())
      .when(fulfil([{ partNumber: 'NOPE', quantity: 1 }]))
      .thenThrows('Part NOPE is not on this transfer.', 'NOT_FOUND');
    spec
      .given(accepted())
      .when(fulfil([], undefined, SOURCE, true))
      .thenThrows(M.frozen, 'FROZEN');
  });
});

describe('denying items', () => {
  it('a pending item is denied whole and moves nothing', () => {
    spec
      .given(accepted())
      .when(deny('BLT-1'))
      .then([deniedItem('BLT-1', 0)]);
  });
  it("a partial item's remainder is denied: what was sent stays on its way to the destination", () => {
    const history = [...accepted(), fulfilledItem('CAB-1', 4, 'partial')];
    spec
      .given(history)
      .when(deny('CAB-1'))
      .then([deniedItem('CAB-1', 0)]);
    const state = foldEvents(transferDecider, [...history, deniedItem('CAB-1', 0)]);
    expect(state.items[0]).toEqual({ ...cable, sent: 4, received: 0, status: 'denied' });
    expect(stockMovesOf(deniedItem('CAB-1', 0), foldEvents(transferDecider, history))).toEqual([]);
  });
  it('a fulfilled item cannot be denied: all of it is on its way', () => {
    const history = [...accepted(), fulfilledItem('CAB-1', 6, 'fulfilled')];
    const refusal = itemRefused('CAB-1', 'fulfilled', 'all of it has been sent, so nothing is left to deny');
    spec.given(history).when(deny('CAB-1')).thenThrows(refusal, 'DOMAIN_RULE');
    spec
      .given(history)
      .when({ type: 'ChangePicklist', data: { pickList: [{ ...cable, status: 'denied' }, bolt], actor: SOURCE } })
      .thenThrows(refusal, 'DOMAIN_RULE');
  });
  it('refuses an item denied twice, the destination admin, and any state but Accepted', () => {
    spec
      .given(settled())
      .when(deny('BLT-1'))
      .thenThrows(itemRefused('BLT-1', 'denied', 'it is already denied'), 'DOMAIN_RULE');
    spec.given(accepted()).when(deny('BLT-1', DESTINATION)).thenThrows(M.sourceAdminOnly, 'FORBIDDEN');
    spec.given(fulfilled()).when(deny('CAB-1')).thenThrows(actionRefused('Fulfilled', 'deny an item'), 'DOMAIN_RULE');
  });
});

describe('receiving items', () => {
  it('by the destination admin while Received, in parts, never more than was sent', () => {
    spec
      .given(receivedT())
      .when(receive('CAB-1', 6))
      .then([receivedItem('CAB-1', 6, true)]);
    spec
      .given(receivedT())
      .when(receive('CAB-1', 4))
      .then([receivedItem('CAB-1', 4, false)]);
    spec
      .given([...receivedT(), receivedItem('CAB-1', 4, false)])
      .when(receive('CAB-1', 2))
      .then([receivedItem('CAB-1', 2, true)]);
    spec.given(receivedT()).when(receive('CAB-1', 7)).thenThrows(receiveTooMany(6), 'DOMAIN_RULE');
    spec
      .given(receivedT())
      .when(receive('CAB-1', 6, SOURCE))
      .thenThrows(M.destinationAdminOnly, 'FORBIDDEN');
    spec.given(shipped()).when(receive('CAB-1', 6)).thenThrows(actionRefused('Shipped', 'receive items'), 'DOMAIN_RULE');
    spec
      .given(receivedT())
      .when(receive('CAB-1', 6, DESTINATION, true))
      .thenThrows(M.frozen, 'FROZEN');
  });
  it('refuses an item with nothing on its way', () => {
    spec
      .given(receivedT())
      .when(receive('BLT-1', 1))
      .thenThrows(itemRefused('BLT-1', 'denied', 'nothing of it is on its way'), 'DOMAIN_RULE');
    spec
      .given(allReceived())
      .when(receive('CAB-1', 1))
      .thenThrows(itemRefused('CAB-1', 'received', 'nothing of it is on its way'), 'DOMAIN_RULE');
  });
  it('what was sent of an item whose remainder was denied is received, and Complete waits for it', () => {
    const history = [
      ...accepted('pickup'),
      fulfilledItem('CAB-1', 4, 'partial'),
      deniedItem('CAB-1'),
      deniedItem('BLT-1'),
      fulfilledEvent,
      { type: 'TransferReady', data: ids },
      { type: 'TransferReceived', data: ids },
    ] satisfies TransferEvent[];
    spec
      .given(history)
      .when(setStatus('Complete', DESTINATION))
      .thenThrows(notAllReceived(['CAB-1']), 'DOMAIN_RULE');
    spec
      .given(history)
      .when(receive('CAB-1', 4))
      .then([receivedItem('CAB-1', 4, true)]);
    spec
      .given([...history, receivedItem('CAB-1', 4, true)])
      .when(setStatus('Complete', DESTINATION))
      .then([{ type: 'TransferCompleted', data: ids }]);
  });
  it('folds the item figures', () => {
    const state = foldEvents(transferDecider, [...receivedT(), receivedItem('CAB-1', 3, false)]);
    expect(state.items).toEqual([
      { ...cable, sent: 6, received: 3, status: 'fulfilled' },
      { ...bolt, sent: 0, received: 0, status: 'denied' },
    ]);
  });
});

describe('the stock an item decision moves', () => {
  const before = foldEvents(transferDecider, accepted());
  const moves = (event: TransferEvent, state = before) =>
    stockMovesOf(event, state).map((m) => [m.side, m.event.type, m.event.data.location.id, 'quantity' in m.event.data ? m.event.data.quantity : null]);
  it('fulfil: source on hand into in transit, destination incoming', () => {
    expect(moves(fulfilledItem('CAB-1', 4, 'partial'))).toEqual([
      ['source', 'MaterialSentOnTransfer', 'p-1', 4],
      ['destination', 'MaterialIncomingOnTransfer', 'p-2', 4],
    ]);
  });
  it('a denial that gave units back (recorded before denials stopped at what was not sent) returns them to the source', () => {
    const afterFulfil = foldEvents(transferDecider, [...accepted(), fulfilledItem('CAB-1', 4, 'partial')]);
    expect(moves(deniedItem('CAB-1', 4), afterFulfil)).toEqual([
      ['source', 'MaterialReturnedFromTransfer', 'p-1', 4],
      ['destination', 'MaterialIncomingCancelled', 'p-2', 4],
    ]);
    expect(foldEvents(transferDecider, [...accepted(), fulfilledItem('CAB-1', 4, 'partial'), deniedItem('CAB-1', 4)]).items[0]).toMatchObject({
      sent: 0,
      status: 'denied',
    });
    expect(moves(deniedItem('BLT-1', 0))).toEqual([]);
  });
  it('receive: out of the source in transit into the destination on hand', () => {
    expect(moves(receivedItem('CAB-1', 4, true))).toEqual([
      ['source', 'MaterialDeliveredOnTransfer', 'p-1', 4],
      ['destination', 'MaterialReceivedOnTransfer', 'p-2', 4],
    ]);
  });
  it('a status change moves no stock', () => {
    expect(moves({ type: 'TransferAccepted', data: ids })).toEqual([]);
  });
});
