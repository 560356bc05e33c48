import { describe, expect, it } from 'vitest';
import { foldEvents } from '../decider.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { SETTABLE_STATUSES, type SettableStatus, type TransferActor, type TransferCommand } from './commands.ts';
import { transferDecider } from './decide.ts';
import type { DeliveryMethod, TransferEvent, TransferStatus } from './events.ts';
import { actionRefused, itemRefused, notAllReceived, notAllSettled, receiveTooMany, TRANSFER_MESSAGES as M, transitionRefused } from './messages.ts';
import { stockMovesOf } from './stock-moves.ts';

const spec = deciderSpec(transferDecider);

const ids = { transferId: 't-1', fromId: 'p-1', toId: 'p-2' };
const SOURCE: TransferActor = { sourceAdmin: true, destinationAdmin: false, destinationRequester: false };
const DESTINATION: TransferActor = { sourceAdmin: false, destinationAdmin: true, destinationRequester: true };
const MANAGER: TransferActor = { sourceAdmin: false, destinationAdmin: false, destinationRequester: true };
const NOBODY: TransferActor = { sourceAdmin: false, destinationAdmin: false, destinationRequester: false };

const cable = { materialId: 'm-a', partNumber: 'CAB-1', partName: 'Cable', qty: 6 };
const bolt = { materialId: 'm-b', partNumber: 'BLT-1', partName: 'Bolt', qty: 2 };
const address = { attn: 'Dock', name: 'P2 site', line1: '1 Main St', line2: '', city: 'Springfield', state: 'IL', zip: '62701' };

const requestCommand = (overrides: Partial<Extract<TransferCommand, { type: 'RequestTransfer' }>['data']> = {}): TransferCommand => ({
  type: 'RequestTransfer',
  data: {
    ...ids,
    fromName: 'P1',
    fromHidden: false,
    toName: 'P2',
    requestedBy: 'Dee Admin',
    requestedById: 'u-2',
    deliveryMethod: 'label',
    shippingAddress: address,
    pickList: [cable, bolt],
    actor: DESTINATION,
    ...overrides,
  },
});

const requested = (method: DeliveryMethod = 'label'): TransferEvent[] => [
  {
    type: 'TransferRequested',
    data: {
      ...ids,
      type: 'materials',
      fromName: 'P1',
      toName: 'P2',
      requestedBy: 'Dee Admin',
      requestedById: 'u-2',
      deliveryMethod: method,
      shippingAddress: method === 'label' ? address : null,
      pickList: [cable, bolt],
    },
  },
];
const accepted = (m: DeliveryMethod = 'label'): TransferEvent[] => [...requested(m), { type: 'TransferAccepted', data: ids }];
const fulfilledItem = (partNumber: string, quantity: number, status: 'fulfilled' | 'partial'): TransferEvent => ({
  type: 'TransferItemFulfilled',
  data: { ...ids, partNumber, quantity, status },
});
const deniedItem = (partNumber: string, returned = 0): TransferEvent => ({ type: 'TransferItemDenied', data: { ...ids, partNumber, returned } });
const receivedItem = (partNumber: string, quantity: number, complete: boolean): TransferEvent => ({
  type: 'TransferItemReceived',
  data: { ...ids, partNumber, quantity, complete },
});
/** Cable 4 of 6 (partial), bolt denied: every item settled. */
const settled = (m: DeliveryMethod = 'label'): TransferEvent[] => [...accepted(m), fulfilledItem('CAB-1', 4, 'partial'), deniedItem('BLT-1')];
const fulfilled = (m: DeliveryMethod = 'label'): TransferEvent[] => [...settled(m), { type: 'TransferFulfilled', data: ids }];
const shipped = (): TransferEvent[] => [...fulfilled('label'), { type: 'TransferShipped', data: { ...ids, trackingNumber: '1Z999' } }];
const ready = (): TransferEvent[] => [...fulfilled('pickup'), { type: 'TransferReady', data: ids }];
const receivedT = (m: DeliveryMethod = 'label'): TransferEvent[] => [...(m === 'label' ? shipped() : ready()), { type: 'TransferReceived', data: ids }];
const allReceived = (): TransferEvent[] => [...receivedT(), receivedItem('CAB-1', 4, true)];
const complete = (): TransferEvent[] => [...allReceived(), { type: 'TransferCompleted', data: ids }];
const denied = (): TransferEvent[] => [...requested(), { type: 'TransferDenied', data: ids }];

const setStatus = (status: SettableStatus, actor: TransferActor, trackingNumber: string | null = null): TransferCommand => ({
  type: 'SetTransferStatus',
  data: { status, trackingNumber, actor },
});
const fulfil = (
  items: Array<{ partNumber: string; quantity: number | null }>,
  available: Record<string, number> = { 'CAB-1': 10, 'BLT-1': 10 },
  actor = SOURCE,
  frozen = false,
): TransferCommand => ({
  type: 'FulfilItems',
  data: { items, available, frozen, actor },
});
const receive = (partNumber: string, quantity: number, actor = DESTINATION, frozen = false): TransferCommand => ({
  type: 'ReceiveItem',
  data: { partNumber, quantity, frozen, actor },
});

/**
 * Every state with a history that reaches it, ready for the move the table allows out of it (items
 * settled before Fulfilled, received before Complete), so only the table and the actor decide.
 */
const STATES: Record<TransferStatus, TransferEvent[]> = {
  Requested: requested(),
  Accepted: settled(),
  Denied: denied(),
  Fulfilled: fulfilled(),
  Shipped: shipped(),
  Ready: ready(),
  Received: allReceived(),
  Complete: complete(),
};

/** The state table of spec 02 §4.1: which status each state may become, and whose admin sets it. */
const TABLE: Array<{ from: TransferStatus; to: SettableStatus; side: 'source' | 'destination'; expect: TransferEvent }> = [
  { from: 'Requested', to: 'Accepted', side: 'source', expect: { type: 'TransferAccepted', data: ids } },
  { from: 'Requested', to: 'Denied', side: 'source', expect: { type: 'TransferDenied', data: ids } },
  { from: 'Accepted', to: 'Fulfilled', side: 'source', expect: { type: 'TransferFulfilled', data: ids } },
  { from: 'Fulfilled', to: 'Shipped', side: 'source', expect: { type: 'TransferShipped', data: { ...ids, trackingNumber: '1Z999' } } },
  { from: 'Shipped', to: 'Received', side: 'destination', expect: { type: 'TransferReceived', data: ids } },
  { from: 'Ready', to: 'Received', side: 'destination', expect: { type: 'TransferReceived', data: ids } },
  { from: 'Received', to: 'Complete', side: 'destination', expect: { type: 'TransferCompleted', data: ids } },
];

describe('the transfer state table', () => {
  for (const row of TABLE) {
    const right = row.side === 'source' ? SOURCE : DESTINATION;
    const wrong = row.side === 'source' ? DESTINATION : SOURCE;
    const wrongMessage = row.side === 'source' ? M.sourceAdminOnly : M.destinationAdminOnly;
    const tracking = row.to === 'Shipped' ? '1Z999' : null;
    it(`${row.from} → ${row.to} by the ${row.side} project's admin`, () => {
      spec
        .given(STATES[row.from])
        .when(setStatus(row.to, right, tracking))
        .then([row.expect]);
    });
    it(`${row.from} → ${row.to} is refused to the other project's admin`, () => {
      spec
        .given(STATES[row.from])
        .when(setStatus(row.to, wrong, tracking))
        .thenThrows(wrongMessage, 'FORBIDDEN');
    });
    it(`${row.from} → ${row.to} is refused to someone who is admin of neither`, () => {
      spec
        .given(STATES[row.from])
        .when(setStatus(row.to, NOBODY, tracking))
        .thenThrows(wrongMessage, 'FORBIDDEN');
    });
  }
  it('Fulfilled → Ready by the source admin for a pickup', () => {
    spec
      .given(fulfilled('pickup'))
      .when(setStatus('Ready', SOURCE))
      .then([{ type: 'TransferReady', data: ids }]);
    spec.given(fulfilled('pickup')).when(setStatus('Ready', DESTINATION)).thenThrows(M.sourceAdminOnly, 'FORBIDDEN');
  });

  const allowed = new Set(TABLE.map((r) => `${r.from}→${r.to}`).concat('Fulfilled→Ready'));
  for (const from of Object.keys(STATES) as TransferStatus[]) {
    for (const to of SETTABLE_STATUSES) {
      if (allowed.has(`${from}→${to}`)) continue;
      it(`${from} → ${to} is refused, naming the state and its rule, even to an admin of both`, () => {
        const both = { sourceAdmin: true, destinationAdmin: true, destinationRequester: true };
        spec
          .given(STATES[from])
          .when(setStatus(to, both, '1Z999'))
          .thenThrows(transitionRefused(from, to), 'DOMAIN_RULE');
      });
    }
  }

  it('names the state and the rule in its refusals', () => {
    expect(transitionRefused('Complete', 'Accepted')).toBe('A Complete transfer cannot become Accepted: Complete is final.');
    expect(transitionRefused('Denied', 'Fulfilled')).toBe('A Denied transfer cannot become Fulfilled: Denied is final.');
  });

  it('Accepted → Fulfilled only when every item is fulfilled, partial or denied', () => {
    spec
      .given([...accepted(), fulfilledItem('CAB-1', 6, 'fulfilled')])
      .when(setStatus('Fulfilled', SOURCE))
      .thenThrows(notAllSettled(['BLT-1']), 'DOMAIN_RULE');
    spec
      .given([...accepted(), deniedItem('CAB-1'), deniedItem('BLT-1')])
      .when(setStatus('Fulfilled', SOURCE))
      .then([{ type: 'TransferFulfilled', data: ids }]);
  });
  it('Shipped needs a tracking number and delivery by label; Ready needs pickup', () => {
    spec
      .given(fulfilled('label'))
      .when(setStatus('Shipped', SOURCE, '  '))
      .thenThrows(M.trackingRequired, 'VALIDATION');
    spec.given(fulfilled('label')).when(setStatus('Ready', SOURCE)).thenThrows('A transfer delivered by label is marked Shipped, not Ready.', 'DOMAIN_RULE');
    spec
      .given(fulfilled('pickup'))
      .when(setStatus('Shipped', SOURCE, '1Z'))
      .thenThrows('A pickup transfer is marked Ready, not Shipped.', 'DOMAIN_RULE');
  });
  it('Received → Complete only when every item that was sent is received', () => {
    spec
      .given(receivedT())
      .when(setStatus('Complete', DESTINATION))
      .thenThrows(notAllReceived(['CAB-1']), 'DOMAIN_RULE');
    spec
      .given([...receivedT(), receivedItem('CAB-1', 3, false)])
      .when(setStatus('Complete', DESTINATION))
      .thenThrows(notAllReceived(['CAB-1']), 'DOMAIN_RULE');
  });
  it('a transfer that does not exist is not found', () => {
    spec.given([]).when(setStatus('Accepted', SOURCE)).thenThrows(M.notFound, 'NOT_FOUND');
  });
});

describe('requesting a transfer', () => {
  it('records the request with its pick list and address', () => {
    spec.given([]).when(requestCommand()).then(requested('label'));
  });
  it('drops the address of a pickup', () => {
    spec
      .given([])
      .when(requestCommand({ deliveryMethod: 'pickup' }))
      .then(requested('pickup'));
  });
  it('lets a manager of the destination request, and nobody else', () => {
    spec
      .given([])
      .when(requestCommand({ actor: MANAGER }))
      .then(requested('label'));
    spec
      .given([])
      .when(requestCommand({ actor: SOURCE }))
      .thenThrows(M.requesterOnly, 'FORBIDDEN');
  });
  it('refuses the same project on both sides, a hidden source, an empty list, a twice-named part, a label without address', () => {
    spec
      .given([])
      .when(requestCommand({ toId: 'p-1' }))
      .thenThrows(M.sameProject, 'VALIDATION');
    spec
      .given([])
      .when(requestCommand({ fromHidden: true }))
      .thenThrows(M.hiddenSource, 'DOMAIN_RULE');
    spec
      .given([])
      .when(requestCommand({ pickList: [] }))
      .thenThrows(M.emptyPicklist, 'VALIDATION');
    spec
      .given([])
      .when(requestCommand({ pickList: [cable, { ...cable, partNumber: 'cab-1' }] }))
      .thenThrows(M.duplicateItem, 'VALIDATION');
    spec
      .given([])
      .when(requestCommand({ shippingAddress: null }))
      .thenThrows(M.addressRequired, 'VALIDATION');
    spec
      .given([])
      .when(requestCommand({ shippingAddress: { ...address, zip: ' ' } }))
      .thenThrows(M.addressRequired, 'VALIDATION');
  });
  it('is refused twice', () => {
    spec.given(requested()).when(requestCommand()).thenThrows(M.alreadyExists, 'CONFLICT');
  });
});

describe('the pick list', () => {
  const change = (pickList: Array<typeof cable & { status?: 'denied' }>, actor = DESTINATION): TransferCommand => ({
    type: 'ChangePicklist',
    data: { pickList, actor },
  });
  it('is rewritten by the requester while Requested, naming what left', () => {
    spec
      .given(requested())
      .when(change([{ ...cable, qty: 3 }]))
      .then([{ type: 'TransferPicklistChanged', data: { ...ids, pickList: [{ ...cable, qty: 3 }], removed: ['BLT-1'] } }]);
    spec
      .given(requested())
      .when(change([cable, bolt]))
      .then([]);
    spec
      .given(requested())
      .when(change([cable], SOURCE))
      .thenThrows(M.requesterOnly, 'FORBIDDEN');
  });
  it('denies items through it while Accepted (source admin), and changes nothing else', () => {
    spec
      .given(accepted())
      .when(change([cable, { ...bolt, status: 'denied' }], SOURCE))
      .then([deniedItem('BLT-1')]);
    spec
      .given(accepted())
      .when(change([cable, { ...bolt, status: 'denied' }], DESTINATION))
      .thenThrows(M.sourceAdminOnly, 'FORBIDDEN');
    spec
      .given(accepted())
      .when(change([{ ...cable, qty: 5 }, bolt], SOURCE))
      .thenThrows(actionRefused('Accepted', 'change quantities'), 'DOMAIN_RULE');
    spec
      .given(accepted())
      .when(change([cable], SOURCE))
      .thenThrows(actionRefused('Accepted', 'add or remove items'), 'DOMAIN_RULE');
  });
  it('is refused in every later state', () => {
    for (const from of ['Denied', 'Fulfilled', 'Shipped', 'Ready', 'Received', 'Complete'] as const) {
      spec
        .given(STATES[from])
        .when(change([cable, bolt], { sourceAdmin: true, destinationAdmin: true, destinationRequester: true }))
        .thenThrows(actionRefused(from, 'change the pick list'), 'DOMAIN_RULE');
    }
  });
});

describe('item states', () => {
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
  it('an empty fulfil takes every pending item in full', () => {
    spec
      .given(accepted())
      .when(fulfil([]))
      .then([fulfilledItem('CAB-1', 6, 'fulfilled'), fulfilledItem('BLT-1', 2, 'fulfilled')]);
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
  it('a partial quantity is a whole number above 0 and at most the item quantity, else Invalid quantity', () => {
    for (const quantity of [0, -1, 7, 2.5])
      spec
        .given(accepted())
        .when(fulfil([{ partNumber: 'CAB-1', quantity }]))
        .thenThrows(M.invalidQuantity, 'VALIDATION');
  });
  it('refuses the destination admin, another state, an item not pending or not on the list', () => {
    spec
      .given(accepted())
      .when(fulfil([], undefined, DESTINATION))
      .thenThrows(M.sourceAdminOnly, 'FORBIDDEN');
    spec.given(requested()).when(fulfil([])).thenThrows(actionRefused('Requested', 'fulfil items'), 'DOMAIN_RULE');
    spec.given(fulfilled()).when(fulfil([])).thenThrows(actionRefused('Fulfilled', 'fulfil items'), 'DOMAIN_RULE');
    spec
      .given(settled())
      .when(fulfil([{ partNumber: 'CAB-1', quantity: 1 }]))
      .thenThrows(itemRefused('CAB-1', 'partial', 'only a pending item can be fulfilled'), 'DOMAIN_RULE');
    spec
      .given(settled())
      .when(fulfil([{ partNumber: 'BLT-1', quantity: 1 }]))
      .thenThrows(itemRefused('BLT-1', 'denied', 'only a pending item can be fulfilled'), 'DOMAIN_RULE');
    spec
      .given(accepted())
      .when(fulfil([{ partNumber: 'NOPE', quantity: 1 }]))
      .thenThrows('Part NOPE is not on this transfer.', 'NOT_FOUND');
  });
  it('refuses while transactions are frozen', () => {
    spec
      .given(accepted())
      .when(fulfil([], undefined, SOURCE, true))
      .thenThrows(M.frozen, 'FROZEN');
  });
  it('pending → denied moves nothing; fulfilled or partial → denied gives the units back; denied twice is refused', () => {
    const deny = (partNumber: string, actor = SOURCE): TransferCommand => ({ type: 'DenyItem', data: { partNumber, actor } });
    spec
      .given(accepted())
      .when(deny('BLT-1'))
      .then([deniedItem('BLT-1', 0)]);
    spec
      .given([...accepted(), fulfilledItem('CAB-1', 4, 'partial')])
      .when(deny('CAB-1'))
      .then([deniedItem('CAB-1', 4)]);
    spec
      .given(settled())
      .when(deny('BLT-1'))
      .thenThrows(itemRefused('BLT-1', 'denied', 'it is already denied'), 'DOMAIN_RULE');
    spec.given(accepted()).when(deny('BLT-1', DESTINATION)).thenThrows(M.sourceAdminOnly, 'FORBIDDEN');
    spec.given(fulfilled()).when(deny('CAB-1')).thenThrows(actionRefused('Fulfilled', 'deny an item'), 'DOMAIN_RULE');
  });
  it('fulfilled or partial → received by the destination admin while Received, in parts, never more than was sent', () => {
    spec
      .given(receivedT())
      .when(receive('CAB-1', 4))
      .then([receivedItem('CAB-1', 4, true)]);
    spec
      .given(receivedT())
      .when(receive('CAB-1', 3))
      .then([receivedItem('CAB-1', 3, false)]);
    spec
      .given([...receivedT(), receivedItem('CAB-1', 3, false)])
      .when(receive('CAB-1', 1))
      .then([receivedItem('CAB-1', 1, true)]);
    spec.given(receivedT()).when(receive('CAB-1', 5)).thenThrows(receiveTooMany(4), 'DOMAIN_RULE');
    spec
      .given(receivedT())
      .when(receive('CAB-1', 4, SOURCE))
      .thenThrows(M.destinationAdminOnly, 'FORBIDDEN');
    spec
      .given(receivedT())
      .when(receive('BLT-1', 1))
      .thenThrows(itemRefused('BLT-1', 'denied', 'only a fulfilled or partial item can be received'), 'DOMAIN_RULE');
    spec
      .given(allReceived())
      .when(receive('CAB-1', 1))
      .thenThrows(itemRefused('CAB-1', 'received', 'only a fulfilled or partial item can be received'), 'DOMAIN_RULE');
    spec.given(shipped()).when(receive('CAB-1', 4)).thenThrows(actionRefused('Shipped', 'receive items'), 'DOMAIN_RULE');
    spec
      .given(receivedT())
      .when(receive('CAB-1', 4, DESTINATION, true))
      .thenThrows(M.frozen, 'FROZEN');
  });
  it('folds the item figures', () => {
    const state = foldEvents(transferDecider, [...receivedT(), receivedItem('CAB-1', 3, false)]);
    expect(state.items).toEqual([
      { ...cable, sent: 4, received: 3, status: 'partial' },
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
  it('deny after fulfil returns to the source; deny of a pending item moves nothing', () => {
    const afterFulfil = foldEvents(transferDecider, [...accepted(), fulfilledItem('CAB-1', 4, 'partial')]);
    expect(moves(deniedItem('CAB-1', 4), afterFulfil)).toEqual([
      ['source', 'MaterialReturnedFromTransfer', 'p-1', 4],
      ['destination', 'MaterialIncomingCancelled', 'p-2', 4],
    ]);
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
