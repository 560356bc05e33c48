/**
 * The transfer aggregate (spec 02 §4.1): Requested → Accepted or Denied (source admin); Accepted →
 * Fulfilled once every item is fulfilled or denied; Fulfilled → Shipped (label, with a tracking
 * number) or Ready (pickup) (source admin); Shipped or Ready → Received (destination admin);
 * Received → Complete once nothing of any item is still on its way (destination admin). Complete and
 * Denied are final.
 *
 * Items while Accepted (source admin): pending → fulfilled (all of it sent) or partial (some sent);
 * partial → fulfilled or still partial as more is sent; pending or partial → denied, which stops
 * what was not sent. Units once sent are never taken back: they stay in transit until the
 * destination receives them, so a partial item whose remainder is denied still arrives in part, and
 * a fulfilled item cannot be denied. While Received (destination admin) whatever is in transit is
 * received, in one go or in parts. Anything else is refused naming the state and its rule.
 *
 * The stock each item decision moves follows from these events (stock-moves.ts); the source's on
 * hand arrives in the command so the rule "no more than on hand" is decided here.
 */
import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { PickListEntry, SettableStatus, TransferActor, TransferCommand } from './commands.ts';
import type { TransferEvent, TransferStatus } from './events.ts';
import { evolve } from './evolve.ts';
import {
  actionRefused,
  itemRefused,
  notAllReceived,
  notAllSettled,
  notOnList,
  receiveTooMany,
  TRANSFER_MESSAGES as M,
  transitionRefused,
} from '../../contract/messages/transfers.ts';
import { initialTransferState, inTransitOf, type TransferItem, type TransferState } from './state.ts';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function requireExisting(state: TransferState): TransferStatus {
  if (state.status === 'none') throw new DomainError('NOT_FOUND', M.notFound);
  return state.status;
}

function requireSource(actor: TransferActor): void {
  if (!actor.sourceAdmin) throw new DomainError('FORBIDDEN', M.sourceAdminOnly);
}

function requireDestination(actor: TransferActor): void {
  if (!actor.destinationAdmin) throw new DomainError('FORBIDDEN', M.destinationAdminOnly);
}

function requireStatus(status: TransferStatus, allowed: TransferStatus[], action: string): void {
  if (!allowed.includes(status)) throw new DomainError('DOMAIN_RULE', actionRefused(status, action));
}

function findItem(state: TransferState, partNumber: string): TransferItem {
  const item = state.items.find((i) => same(i.partNumber, partNumber));
  if (!item) throw new DomainError('NOT_FOUND', notOnList(partNumber));
  return item;
}

/** An item with something still to decide while Accepted: nothing sent yet, or part of it sent. */
const isOpen = (item: TransferItem) => item.status === 'pending' || item.status === 'partial';

function checkPickList(pickList: PickListEntry[]): void {
  if (pickList.length === 0) throw new DomainError('VALIDATION', M.emptyPicklist);
  const seen = new Set<string>();
  for (const item of pickList) {
    if (!Number.isInteger(item.qty) || item.qty < 1) throw new DomainError('VALIDATION', M.invalidQuantity);
    const key = item.partNumber.trim().toLowerCase();
    if (seen.has(key)) throw new DomainError('VALIDATION', M.duplicateItem);
    seen.add(key);
  }
}

/** Which side may set each status, from which states, and what else it needs. */
const TRANSITIONS: Record<SettableStatus, { from: TransferStatus[]; side: 'source' | 'destination' }> = {
  Accepted: { from: ['Requested'], side: 'source' },
  Denied: { from: ['Requested'], side: 'source' },
  Fulfilled: { from: ['Accepted'], side: 'source' },
  Shipped: { from: ['Fulfilled'], side: 'source' },
  Ready: { from: ['Fulfilled'], side: 'source' },
  Received: { from: ['Shipped', 'Ready'], side: 'destination' },
  Complete: { from: ['Received'], side: 'destination' },
};

function setStatus(state: TransferState, data: Extract<TransferCommand, { type: 'SetTransferStatus' }>['data']): TransferEvent[] {
  const status = requireExisting(state);
  const { status: to, actor } = data;
  const rule = TRANSITIONS[to];
  if (!rule.from.includes(status)) throw new DomainError('DOMAIN_RULE', transitionRefused(status, to));
  if (rule.side === 'source') requireSource(actor);
  else requireDestination(actor);
  const ids = { transferId: state.transferId, fromId: state.fromId, toId: state.toId };
  switch (to) {
    case 'Accepted':
      return [{ type: 'TransferAccepted', data: ids }];
    case 'Denied':
      return [{ type: 'TransferDenied', data: ids }];
    case 'Fulfilled': {
      const open = state.items.filter((i) => i.status === 'pending' || i.status === 'partial');
      if (open.length > 0) throw new DomainError('DOMAIN_RULE', notAllSettled(open));
      return [{ type: 'TransferFulfilled', data: ids }];
    }
    case 'Shipped': {
      if (state.deliveryMethod !== 'label') throw new DomainError('DOMAIN_RULE', 'A pickup transfer is marked Ready, not Shipped.');
      const trackingNumber = data.trackingNumber?.trim() ?? '';
      if (!trackingNumber) throw new DomainError('VALIDATION', M.trackingRequired);
      return [{ type: 'TransferShipped', data: { ...ids, trackingNumber } }];
    }
    case 'Ready':
      if (state.deliveryMethod !== 'pickup') throw new DomainError('DOMAIN_RULE', 'A transfer delivered by label is marked Shipped, not Ready.');
      return [{ type: 'TransferReady', data: ids }];
    case 'Received':
      return [{ type: 'TransferReceived', data: ids }];
    case 'Complete': {
      const done = (i: TransferItem) => inTransitOf(i) === 0 && (i.status === 'received' || i.status === 'denied');
      const open = state.items.filter((i) => !done(i)).map((i) => i.partNumber);
      if (open.length > 0) throw new DomainError('DOMAIN_RULE', notAllReceived(open));
      return [{ type: 'TransferCompleted', data: ids }];
    }
    default: {
      const unknown: never = to;
      throw new Error(`unknown status ${String(unknown)}`);
    }
  }
}

function fulfil(state: TransferState, data: Extract<TransferCommand, { type: 'FulfilItems' }>['data']): TransferEvent[] {
  const status = requireExisting(state);
  requireSource(data.actor);
  requireStatus(status, ['Accepted'], 'fulfil items');
  if (data.frozen) throw new DomainError('FROZEN', M.frozen);
  const wanted =
    data.items.length > 0
      ? data.items.map((w) => ({ item: findItem(state, w.partNumber), quantity: w.quantity }))
      : state.items.filter(isOpen).map((item) => ({ item, quantity: null }));
  if (wanted.length === 0) throw new DomainError('DOMAIN_RULE', M.nothingPending);
  const taken = new Map<string, number>();
  const events: TransferEvent[] = [];
  for (const { item, quantity } of wanted) {
    if (!isOpen(item)) throw new DomainError('DOMAIN_RULE', itemRefused(item.partNumber, item.status, 'only a pending or partial item can be fulfilled'));
    // A quantity is how many more to send; none sends the rest.
    const left = item.qty - item.sent;
    const q = quantity ?? left;
    if (!Number.isInteger(q) || q < 1 || q > left) throw new DomainError('VALIDATION', M.invalidQuantity);
    const key = item.partNumber.toLowerCase();
    const available = (data.available[item.partNumber] ?? 0) - (taken.get(key) ?? 0);
    if (q > available) throw new DomainError('DOMAIN_RULE', M.exceedsStock);
    taken.set(key, (taken.get(key) ?? 0) + q);
    events.push({
      type: 'TransferItemFulfilled',
      data: {
        transferId: state.transferId,
        fromId: state.fromId,
        toId: state.toId,
        partNumber: item.partNumber,
        quantity: q,
        status: q === left ? 'fulfilled' : 'partial',
      },
    });
  }
  return events;
}

function denyItem(state: TransferState, data: Extract<TransferCommand, { type: 'DenyItem' }>['data']): TransferEvent[] {
  const status = requireExisting(state);
  requireSource(data.actor);
  requireStatus(status, ['Accepted'], 'deny an item');
  const item = findItem(state, data.partNumber);
  if (item.status === 'denied') throw new DomainError('DOMAIN_RULE', itemRefused(item.partNumber, item.status, 'it is already denied'));
  if (!isOpen(item)) throw new DomainError('DOMAIN_RULE', itemRefused(item.partNumber, item.status, 'all of it has been sent, so nothing is left to deny'));
  // Only what was not sent is denied: the units on their way stay in transit to the destination.
  return [
    {
      type: 'TransferItemDenied',
      data: { transferId: state.transferId, fromId: state.fromId, toId: state.toId, partNumber: item.partNumber, returned: 0 },
    },
  ];
}

/** PATCH …/picklist: while Requested the requester rewrites the list; while Accepted the source denies items through it. */
function changePicklist(state: TransferState, data: Extract<TransferCommand, { type: 'ChangePicklist' }>['data']): TransferEvent[] {
  const status = requireExisting(state);
  checkPickList(data.pickList);
  if (status === 'Requested') {
    if (!data.actor.destinationRequester) throw new DomainError('FORBIDDEN', M.requesterOnly);
    const pickList = data.pickList.map(({ materialId, partNumber, partName, qty }) => ({ materialId, partNumber, partName, qty }));
    const unchanged =
      pickList.length === state.items.length && pickList.every((p) => state.items.some((i) => same(i.partNumber, p.partNumber) && i.qty === p.qty));
    if (unchanged) return [];
    const removed = state.items.filter((i) => !pickList.some((p) => same(p.partNumber, i.partNumber))).map((i) => i.partNumber);
    return [{ type: 'TransferPicklistChanged', data: { transferId: state.transferId, fromId: state.fromId, toId: state.toId, pickList, removed } }];
  }
  if (status === 'Accepted') {
    requireSource(data.actor);
    const events: TransferEvent[] = [];
    for (const entry of data.pickList) {
      const item = findItem(state, entry.partNumber);
      if (entry.qty !== item.qty) throw new DomainError('DOMAIN_RULE', actionRefused(status, 'change quantities'));
      if (entry.status === 'denied' && item.status !== 'denied') events.push(...denyItem(state, { partNumber: item.partNumber, actor: data.actor }));
    }
    if (data.pickList.length !== state.items.length) throw new DomainError('DOMAIN_RULE', actionRefused(status, 'add or remove items'));
    return events;
  }
  throw new DomainError('DOMAIN_RULE', actionRefused(status, 'change the pick list'));
}

function receiveItem(state: TransferState, data: Extract<TransferCommand, { type: 'ReceiveItem' }>['data']): TransferEvent[] {
  const status = requireExisting(state);
  requireDestination(data.actor);
  requireStatus(status, ['Received'], 'receive items');
  if (data.frozen) throw new DomainError('FROZEN', M.frozen);
  const item = findItem(state, data.partNumber);
  const remaining = inTransitOf(item);
  if (remaining === 0) throw new DomainError('DOMAIN_RULE', itemRefused(item.partNumber, item.status, 'nothing of it is on its way'));
  if (!Number.isInteger(data.quantity) || data.quantity < 1) throw new DomainError('VALIDATION', M.invalidQuantity);
  if (data.quantity > remaining) throw new DomainError('DOMAIN_RULE', receiveTooMany(remaining));
  return [
    {
      type: 'TransferItemReceived',
      data: {
        transferId: state.transferId,
        fromId: state.fromId,
        toId: state.toId,
        partNumber: item.partNumber,
        quantity: data.quantity,
        complete: data.quantity === remaining,
      },
    },
  ];
}

export function decide(command: TransferCommand, state: TransferState): TransferEvent[] {
  switch (command.type) {
    case 'RequestTransfer': {
      if (state.status !== 'none') throw new DomainError('CONFLICT', M.alreadyExists);
      const d = command.data;
      if (!d.actor.destinationRequester) throw new DomainError('FORBIDDEN', M.requesterOnly);
      if (d.fromId === d.toId) throw new DomainError('VALIDATION', M.sameProject);
      if (d.fromHidden) throw new DomainError('DOMAIN_RULE', M.hiddenSource);
      checkPickList(d.pickList);
      const a = d.shippingAddress;
      if (d.deliveryMethod === 'label' && (!a?.name.trim() || !a.line1.trim() || !a.city.trim() || !a.state.trim() || !a.zip.trim())) {
        throw new DomainError('VALIDATION', M.addressRequired);
      }
      return [
        {
          type: 'TransferRequested',
          data: {
            transferId: d.transferId,
            type: 'materials',
            fromId: d.fromId,
            fromName: d.fromName,
            toId: d.toId,
            toName: d.toName,
            requestedBy: d.requestedBy,
            requestedById: d.requestedById,
            deliveryMethod: d.deliveryMethod,
            shippingAddress: d.deliveryMethod === 'label' ? a : null,
            pickList: d.pickList,
          },
        },
      ];
    }
    case 'ChangePicklist':
      return changePicklist(state, command.data);
    case 'SetTransferStatus':
      return setStatus(state, command.data);
    case 'FulfilItems':
      return fulfil(state, command.data);
    case 'DenyItem':
      return denyItem(state, command.data);
    case 'ReceiveItem':
      return receiveItem(state, command.data);
    default: {
      const unknown: never = command;
      throw new Error(`unknown transfer command ${JSON.stringify(unknown)}`);
    }
  }
}

export const transferDecider: Decider<TransferCommand, TransferEvent, TransferState> = { initialState: initialTransferState, decide, evolve };
