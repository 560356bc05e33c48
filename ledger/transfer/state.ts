import type { DeliveryMethod, ItemStatus, ShippingAddress, TransferStatus } from './events.ts';

export interface TransferItem {
  materialId: string;
  partNumber: string;
  partName: string;
  qty: number;
  /** Units taken out of the source's on hand for this item (in transit until received). */
  sent: number;
  received: number;
  status: ItemStatus;
}

/** One transfer, folded from its own (short) stream. */
export interface TransferState {
  /** 'none' before it is requested. */
  status: TransferStatus | 'none';
  transferId: string;
  fromId: string;
  fromName: string;
  toId: string;
  toName: string;
  deliveryMethod: DeliveryMethod;
  shippingAddress: ShippingAddress | null;
  trackingNumber: string | null;
  items: TransferItem[];
}

export const initialTransferState = (): TransferState => ({
  status: 'none',
  transferId: '',
  fromId: '',
  fromName: '',
  toId: '',
  toName: '',
  deliveryMethod: 'pickup',
  shippingAddress: null,
  trackingNumber: null,
  items: [],
});

/** Units of an item on the way: sent and not yet received. */
export const inTransitOf = (item: TransferItem) => item.sent - item.received;
