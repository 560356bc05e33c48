import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { SETTABLE_STATUSES, type SettableStatus, type TransferActor, type TransferCommand } from './commands.ts';
import { transferDecider } from './decide.ts';
import type { TransferEvent, TransferStatus } from './events.ts';
import { actionRefused, notAllReceived, TRANSFER_MESSAGES as M, transitionRefused } from '../../contract/messages/transfers.ts';
import {
  accepted,
  address,
  allReceived,
  bolt,
  cable,
  complete,
  denied,
  DESTINATION,
  deniedItem,
  fulfilled,
  ids,
  MANAGER,
  NOBODY,
  ready,
  receivedItem,
  receivedT,
  requestCommand,
  requested,
  settled,
  shipped,
  SOURCE,
} from './transfer-fixtures.ts';

const spec = deciderSpec(transferDecider);

const setStatus = (status: SettableStatus, actor: TransferActor, trackingNumber: string | null = null): TransferCommand => ({
  type: 'SetTransferStatus',
  data: { status, trackingNumber, actor },
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
    expect(transitionRefused('Accepted', 'Shipped')).toBe(
      'An Accepted transfer cannot become Shipped: an Accepted transfer becomes Fulfilled only when every item is fulfilled or denied.',
    );
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
