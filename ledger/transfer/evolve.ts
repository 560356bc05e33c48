import type { PickItem, TransferEvent } from './events.ts';
import type { TransferItem, TransferState } from './state.ts';

const pending = (p: PickItem): TransferItem => ({ ...p, sent: 0, received: 0, status: 'pending' });

function withItem(state: TransferState, partNumber: string, change: (item: TransferItem) => TransferItem): TransferState {
  return { ...state, items: state.items.map((item) => (item.partNumber === partNumber ? change(item) : item)) };
}

export function evolve(state: TransferState, event: TransferEvent): TransferState {
  switch (event.type) {
    case 'TransferRequested': {
      const d = event.data;
      return {
        status: 'Requested',
        transferId: d.transferId,
        fromId: d.fromId,
        fromName: d.fromName,
        toId: d.toId,
        toName: d.toName,
        deliveryMethod: d.deliveryMethod,
        shippingAddress: d.shippingAddress,
        trackingNumber: null,
        items: d.pickList.map(pending),
      };
    }
    case 'TransferPicklistChanged':
      return { ...state, items: event.data.pickList.map(pending) };
    case 'TransferAccepted':
      return { ...state, status: 'Accepted' };
    case 'TransferDenied':
      return { ...state, status: 'Denied' };
    case 'TransferItemFulfilled': {
      const { quantity, status } = event.data;
      return withItem(state, event.data.partNumber, (item) => ({ ...item, sent: item.sent + quantity, status }));
    }
    case 'TransferItemDenied': {
      const { returned } = event.data;
      return withItem(state, event.data.partNumber, (item) => ({ ...item, sent: item.sent - returned, status: 'denied' }));
    }
    case 'TransferFulfilled':
      return { ...state, status: 'Fulfilled' };
    case 'TransferShipped':
      return { ...state, status: 'Shipped', trackingNumber: event.data.trackingNumber };
    case 'TransferReady':
      return { ...state, status: 'Ready' };
    case 'TransferReceived':
      return { ...state, status: 'Received' };
    case 'TransferItemReceived': {
      const { quantity, complete } = event.data;
      return withItem(state, event.data.partNumber, (item) => ({ ...item, received: item.received + quantity, status: complete ? 'received' : item.status }));
    }
    case 'TransferCompleted':
      return { ...state, status: 'Complete' };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
