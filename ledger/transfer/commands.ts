import type { DeliveryMethod, PickItem, ShippingAddress } from './events.ts';

/**
 * What the caller is in the two projects, resolved before deciding: an admin of the source project
 * (or a superadmin) acts for the source, an admin of the destination for the destination. Creating
 * and editing a request also admits the destination's managers.
 */
export interface TransferActor {
  sourceAdmin: boolean;
  destinationAdmin: boolean;
  destinationRequester: boolean;
}

/** The statuses a person sets with PATCH …/status. */
export const SETTABLE_STATUSES = ['Accepted', 'Denied', 'Fulfilled', 'Shipped', 'Ready', 'Received', 'Complete'] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

/** An item of a pick list as a person sends it: the status matters only for a deny while Accepted. */
export interface PickListEntry extends PickItem {
  status?: 'denied' | 'pending' | 'fulfilled' | 'partial' | 'received';
}

export type TransferCommand =
  | {
      type: 'RequestTransfer';
      data: {
        transferId: string;
        fromId: string;
        fromName: string;
        fromHidden: boolean;
        toId: string;
        toName: string;
        requestedBy: string;
        requestedById: string | null;
        deliveryMethod: DeliveryMethod;
        shippingAddress: ShippingAddress | null;
        pickList: PickItem[];
        actor: TransferActor;
      };
    }
  | { type: 'ChangePicklist'; data: { pickList: PickListEntry[]; actor: TransferActor } }
  | { type: 'SetTransferStatus'; data: { status: SettableStatus; trackingNumber: string | null; actor: TransferActor } }
  | {
      type: 'FulfilItems';
      data: FulfilItems & {
        /** The source project's on hand of each part, by part number. */
        available: Record<string, number>;
      };
    }
  | { type: 'DenyItem'; data: { partNumber: string; actor: TransferActor } }
  | { type: 'ReceiveItem'; data: { partNumber: string; quantity: number; frozen: boolean; actor: TransferActor } };

interface FulfilItems {
  /** Empty: every pending item in full. A quantity below the item's makes it partial. */
  items: Array<{ partNumber: string; quantity: number | null }>;
  frozen: boolean;
  actor: TransferActor;
}

/**
 * A transfer command decided together with both projects' stock (stock-moves.ts): a fulfil reads
 * the source's on hand from the source's stock streams, so it carries none.
 */
export type TransferStockCommand =
  | Exclude<TransferCommand, { type: 'FulfilItems' }>
  | { type: 'FulfilItems'; data: FulfilItems }
  /** Scanned lines: each sends (or receives) that many more of its part, decided in order on what the lines before left. */
  | { type: 'FulfilLines'; data: ScannedLines }
  | { type: 'ReceiveLines'; data: ScannedLines };

interface ScannedLines {
  lines: ScannedLine[];
  frozen: boolean;
  actor: TransferActor;
}

export interface ScannedLine {
  partNumber: string;
  quantity: number;
}
