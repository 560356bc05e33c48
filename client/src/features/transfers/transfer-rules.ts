/**
 * The pure rules of the transfer screens: which actions each side may take in each state (spec 02
 * §4.1, §6; the server decides for real), the search across every field, and the wizard's pick list.
 */
import { TRANSFER_DEFAULT_QUANTITY, TRANSFER_MESSAGES, type Transfer, type TransferItem } from '@contract/transfers.ts';
import { matchesAllWords } from '../../shared/search-term.ts';

export interface Side {
  /** The current project is the source (FromID) and the user is its admin. */
  sourceAdmin: boolean;
  /** The current project is the destination (ToID) and the user is its admin. */
  destinationAdmin: boolean;
}

export function sideOf(t: Pick<Transfer, 'FromID' | 'ToID'>, currentProjectId: string | null, isAdmin: boolean): Side {
  return { sourceAdmin: isAdmin && t.FromID === currentProjectId, destinationAdmin: isAdmin && t.ToID === currentProjectId };
}

export type TransferAction = 'accept' | 'deny' | 'fulfilled' | 'shipped' | 'ready' | 'received' | 'complete';

/** The transfer-level buttons for this side in this state; Complete and Denied show none. */
export function transferActions(t: Pick<Transfer, 'Status' | 'DeliveryMethod' | 'PickList'>, side: Side): TransferAction[] {
  switch (t.Status) {
    case 'Requested':
      return side.sourceAdmin ? ['accept', 'deny'] : [];
    case 'Accepted':
      return side.sourceAdmin && t.PickList.every(isSettled) ? ['fulfilled'] : [];
    case 'Fulfilled':
      return side.sourceAdmin ? [t.DeliveryMethod === 'label' ? 'shipped' : 'ready'] : [];
    case 'Shipped':
    case 'Ready':
      return side.destinationAdmin ? ['received'] : [];
    case 'Received':
      return side.destinationAdmin && t.PickList.every((i) => inTransit(i) === 0 && (i.status === 'received' || i.status === 'denied')) ? ['complete'] : [];
    default:
      return [];
  }
}

/** Nothing left to decide for the item while Accepted: all of it sent, or what was not sent denied. */
const isSettled = (item: TransferItem) => item.status !== 'pending' && item.status !== 'partial';
/** Units of the item on their way: sent and not yet received. */
export const inTransit = (item: TransferItem) => item.sent - item.received;
/** Units of the item not sent yet. */
export const leftToSend = (item: TransferItem) => item.qty - item.sent;

export type ItemAction = 'fulfill' | 'partial' | 'deny' | 'receive';

/**
 * Per item, for the source while Accepted: a pending or partial item offers Fulfill (the rest),
 * Partial (only while more than 1 is left to send) and Deny (what was not sent); a fulfilled or
 * denied item offers nothing. For the destination while Received: Receive while any is on its way.
 */
export function itemActions(t: Pick<Transfer, 'Status'>, item: TransferItem, side: Side): ItemAction[] {
  if (t.Status === 'Accepted' && side.sourceAdmin) {
    if (isSettled(item)) return [];
    return leftToSend(item) > 1 ? ['fulfill', 'partial', 'deny'] : ['fulfill', 'deny'];
  }
  if (t.Status === 'Received' && side.destinationAdmin && inTransit(item) > 0) return ['receive'];
  return [];
}

/** "Invalid quantity" unless a whole number above 0 and below what is left to send (spec 02 §5). */
export function partialError(value: string | number, left: number): string | null {
  const n = typeof value === 'number' ? value : Number(value.trim());
  return Number.isInteger(n) && n > 0 && n < left ? null : TRANSFER_MESSAGES.invalidQuantity;
}

/** A line under an item's status when the status alone would leave a person asking how much. */
export function itemNote(item: TransferItem): string | null {
  if (item.status === 'partial') return `${leftToSend(item)} of ${item.qty} left to send`;
  if (item.status === 'denied' && item.sent > 0) return `${leftToSend(item)} denied, ${item.sent} sent`;
  return null;
}

/** Search across all fields of the table and the pick list. */
export function matchesTransfer(t: Transfer, search: string): boolean {
  const fields = [
    t.Date.slice(0, 10),
    t.Type,
    t.FromName,
    t.ToName,
    t.requested_by,
    t.DeliveryMethod,
    t.Status,
    t.TrackingNumber ?? '',
    t.ShippingAddress ?? '',
    ...t.PickList.flatMap((i) => [i.part_number, i.part_name]),
  ];
  return matchesAllWords(fields, search);
}

export interface DraftItem {
  part_number: string;
  part_name: string;
  qty: number;
}

/** Adds a part to the wizard's pick list; a part already on it has its quantity raised. */
export function addToPickList(list: readonly DraftItem[], item: DraftItem): DraftItem[] {
  const qty = Number.isInteger(item.qty) && item.qty >= 1 ? item.qty : TRANSFER_DEFAULT_QUANTITY;
  const at = list.findIndex((i) => i.part_number.toLowerCase() === item.part_number.toLowerCase());
  if (at < 0) return [...list, { ...item, qty }];
  return list.map((i, n) => (n === at ? { ...i, qty: i.qty + qty } : i));
}

export const STATUS_COLORS: Record<Transfer['Status'], string> = {
  Requested: 'blue',
  Accepted: 'indigo',
  Denied: 'red',
  Fulfilled: 'violet',
  Shipped: 'orange',
  Ready: 'orange',
  Received: 'teal',
  Complete: 'green',
};

export const ITEM_COLORS: Record<TransferItem['status'], string> = {
  pending: 'gray',
  fulfilled: 'violet',
  partial: 'yellow',
  denied: 'red',
  received: 'green',
};
