/** Histories and commands the transfer decider's tests share: cable (6) and bolt (2) from P1 to P2. */
import type { TransferActor, TransferCommand } from './commands.ts';
import type { DeliveryMethod, TransferEvent } from './events.ts';

export const ids = { transferId: 't-1', fromId: 'p-1', toId: 'p-2' };
export const SOURCE: TransferActor = { sourceAdmin: true, destinationAdmin: false, destinationRequester: false };
export const DESTINATION: TransferActor = { sourceAdmin: false, destinationAdmin: true, destinationRequester: true };
export const MANAGER: TransferActor = { sourceAdmin: false, destinationAdmin: false, destinationRequester: true };
export const NOBODY: TransferActor = { sourceAdmin: false, destinationAdmin: false, destinationRequester: false };

export const cable = { materialId: 'm-a', partNumber: 'CAB-1', partName: 'Cable', qty: 6 };
export const bolt = { materialId: 'm-b', partNumber: 'BLT-1', partName: 'Bolt', qty: 2 };
export const address = { attn: 'Dock', name: 'P2 site', line1: '1 Main St', line2: '', city: 'Springfield', state: 'IL', zip: '62701' };

export const requested = (method: DeliveryMethod = 'label'): TransferEvent[] => [
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
export const accepted = (m: DeliveryMethod = 'label'): TransferEvent[] => [...requested(m), { type: 'TransferAccepted', data: ids }];
export const fulfilledItem = (partNumber: string, quantity: number, status: 'fulfilled' | 'partial'): TransferEvent => ({
  type: 'TransferItemFulfilled',
  data: { ...ids, partNumber, quantity, status },
});
export const deniedItem = (partNumber: string, returned = 0): TransferEvent => ({ type: 'TransferItemDenied', data: { ...ids, partNumber, returned } });
export const receivedItem = (partNumber: string, quantity: number, complete: boolean): TransferEvent => ({
  type: 'TransferItemReceived',
  data: { ...ids, partNumber, quantity, complete },
});
/** Cable 4 of 6 (partial), then the other 2 (fulfilled); bolt denied: every item settled. */
export const settled = (m: DeliveryMethod = 'label'): TransferEvent[] => [
  ...accepted(m),
  fulfilledItem('CAB-1', 4, 'partial'),
  fulfilledItem('CAB-1', 2, 'fulfilled'),
  deniedItem('BLT-1'),
];
export const fulfilled = (m: DeliveryMethod = 'label'): TransferEvent[] => [...settled(m), { type: 'TransferFulfilled', data: ids }];
export const shipped = (): TransferEvent[] => [...fulfilled('label'), { type: 'TransferShipped', data: { ...ids, trackingNumber: '1Z999' } }];
export const ready = (): TransferEvent[] => [...fulfilled('pickup'), { type: 'TransferReady', data: ids }];
export const receivedT = (m: DeliveryMethod = 'label'): TransferEvent[] => [...(m === 'label' ? shipped() : ready()), { type: 'TransferReceived', data: ids }];
export const allReceived = (): TransferEvent[] => [...receivedT(), receivedItem('CAB-1', 6, true)];
export const complete = (): TransferEvent[] => [...allReceived(), { type: 'TransferCompleted', data: ids }];
export const denied = (): TransferEvent[] => [...requested(), { type: 'TransferDenied', data: ids }];

export const fulfil = (
  items: Array<{ partNumber: string; quantity: number | null }>,
  available: Record<string, number> = { 'CAB-1': 10, 'BLT-1': 10 },
  actor = SOURCE,
  frozen = false,
): TransferCommand => ({
  type: 'FulfilItems',
  data: { items, available, frozen, actor },
});
export const deny = (partNumber: string, actor = SOURCE): TransferCommand => ({ type: 'DenyItem', data: { partNumber, actor } });
export const receive = (partNumber: string, quantity: number, actor = DESTINATION, frozen = false): TransferCommand => ({
  type: 'ReceiveItem',
  data: { partNumber, quantity, frozen, actor },
});

type RequestTransferCommand = Extract<TransferCommand, { type: 'RequestTransfer' }>;

/** P2 asks P1 for the cable and the bolt, as the destination's admin unless told otherwise. */
export const requestCommand = (overrides: Partial<RequestTransferCommand['data']> = {}): RequestTransferCommand => ({
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
