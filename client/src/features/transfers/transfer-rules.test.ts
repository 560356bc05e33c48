import { describe, expect, it } from 'vitest';
import type { Transfer, TransferItem } from '@contract/transfers.ts';
import { addToPickList, itemActions, itemNote, matchesTransfer, partialError, sideOf, transferActions } from './transfer-rules.ts';

const item = (over: Partial<TransferItem> = {}): TransferItem => ({
  part_number: 'CAB-1',
  part_name: 'Cable',
  material_id: 'm',
  qty: 6,
  sent: 0,
  received: 0,
  status: 'pending',
  ...over,
});
const transfer = (over: Partial<Transfer> = {}): Transfer => ({
  id: 't',
  Type: 'materials',
  FromID: 'p1',
  ToID: 'p2',
  FromName: 'Quarry Road',
  ToName: 'Mill Lane',
  PickList: [item()],
  requested_by: 'Ben Mill',
  requested_by_id: null,
  DeliveryMethod: 'label',
  shipping_address: null,
  ShippingAddress: '7 Mill Lane, Millbrook',
  TrackingNumber: null,
  Status: 'Requested',
  Date: '2026-11-24T09:00:00.000Z',
  updated_at: '2026-11-24T09:00:00.000Z',
  ...over,
});
const SOURCE = { sourceAdmin: true, destinationAdmin: false };
const DESTINATION = { sourceAdmin: false, destinationAdmin: true };

describe('which side may do what', () => {
  it('knows the side from the current project, and only for an admin', () => {
    expect(sideOf(transfer(), 'p1', true)).toEqual(SOURCE);
    expect(sideOf(transfer(), 'p2', true)).toEqual(DESTINATION);
    expect(sideOf(transfer(), 'p1', false)).toEqual({ sourceAdmin: false, destinationAdmin: false });
  });
  it('offers each state’s actions to the right side only, and none in Complete or Denied', () => {
    expect(transferActions(transfer(), SOURCE)).toEqual(['accept', 'deny']);
    expect(transferActions(transfer(), DESTINATION)).toEqual([]);
    expect(transferActions(transfer({ Status: 'Accepted' }), SOURCE)).toEqual([]);
    expect(transferActions(transfer({ Status: 'Accepted', PickList: [item({ status: 'fulfilled', sent: 6 })] }), SOURCE)).toEqual(['fulfilled']);
    expect(transferActions(transfer({ Status: 'Fulfilled' }), SOURCE)).toEqual(['shipped']);
    expect(transferActions(transfer({ Status: 'Fulfilled', DeliveryMethod: 'pickup' }), SOURCE)).toEqual(['ready']);
    expect(transferActions(transfer({ Status: 'Shipped' }), DESTINATION)).toEqual(['received']);
    expect(transferActions(transfer({ Status: 'Ready' }), SOURCE)).toEqual([]);
    expect(transferActions(transfer({ Status: 'Received', PickList: [item({ status: 'partial', sent: 4 })] }), DESTINATION)).toEqual([]);
    expect(transferActions(transfer({ Status: 'Received', PickList: [item({ status: 'received', sent: 4, received: 4 })] }), DESTINATION)).toEqual([
      'complete',
    ]);
    for (const Status of ['Complete', 'Denied'] as const) {
      expect(transferActions(transfer({ Status }), SOURCE)).toEqual([]);
      expect(transferActions(transfer({ Status }), DESTINATION)).toEqual([]);
    }
  });
  it('offers Mark Fulfilled only when every item is fulfilled or denied', () => {
    const accepted = (...statuses: Array<[TransferItem['status'], number]>) =>
      transferActions(transfer({ Status: 'Accepted', PickList: statuses.map(([status, sent], n) => item({ part_number: `P-${n}`, status, sent })) }), SOURCE);
    // The reported case: A at 3 of 4 and B at 2 of 6, both partial.
    expect(accepted(['partial', 3], ['partial', 2])).toEqual([]);
    expect(accepted(['fulfilled', 6], ['partial', 2])).toEqual([]);
    expect(accepted(['fulfilled', 6], ['pending', 0])).toEqual([]);
    expect(accepted(['fulfilled', 6], ['denied', 2], ['denied', 0])).toEqual(['fulfilled']);
  });
  it('offers Complete only when nothing is still on its way', () => {
    const received = (over: Partial<TransferItem>) => transferActions(transfer({ Status: 'Received', PickList: [item(over)] }), DESTINATION);
    expect(received({ status: 'denied', sent: 2 })).toEqual([]);
    expect(received({ status: 'received', sent: 2, received: 2 })).toEqual(['complete']);
    expect(received({ status: 'denied' })).toEqual(['complete']);
  });
  it('offers Fulfill, Partial (while more than 1 is left) and Deny of a pending or partial item, nothing of a fulfilled one', () => {
    const accepted = transfer({ Status: 'Accepted' });
    expect(itemActions(accepted, item(), SOURCE)).toEqual(['fulfill', 'partial', 'deny']);
    expect(itemActions(accepted, item({ qty: 1 }), SOURCE)).toEqual(['fulfill', 'deny']);
    expect(itemActions(accepted, item({ status: 'partial', sent: 4 }), SOURCE)).toEqual(['fulfill', 'partial', 'deny']);
    expect(itemActions(accepted, item({ status: 'partial', sent: 5 }), SOURCE)).toEqual(['fulfill', 'deny']);
    expect(itemActions(accepted, item({ status: 'fulfilled', sent: 6 }), SOURCE)).toEqual([]);
    expect(itemActions(accepted, item({ status: 'denied', sent: 4 }), SOURCE)).toEqual([]);
    expect(itemActions(accepted, item(), DESTINATION)).toEqual([]);
  });
  it('offers Receive while something of the item is on its way, of a denied remainder too', () => {
    const received = transfer({ Status: 'Received' });
    expect(itemActions(received, item({ status: 'fulfilled', sent: 6 }), DESTINATION)).toEqual(['receive']);
    expect(itemActions(received, item({ status: 'denied', sent: 4 }), DESTINATION)).toEqual(['receive']);
    expect(itemActions(received, item({ status: 'denied' }), DESTINATION)).toEqual([]);
    expect(itemActions(received, item({ status: 'received', sent: 4, received: 4 }), DESTINATION)).toEqual([]);
    expect(itemActions(received, item({ status: 'fulfilled', sent: 6 }), SOURCE)).toEqual([]);
  });
  it('says how much is left of a partial item and how much of a denied one went', () => {
    expect(itemNote(item({ status: 'partial', sent: 2 }))).toBe('4 of 6 left to send');
    expect(itemNote(item({ status: 'denied', sent: 2 }))).toBe('4 denied, 2 sent');
    expect(itemNote(item({ status: 'denied' }))).toBeNull();
    expect(itemNote(item({ status: 'fulfilled', sent: 6 }))).toBeNull();
  });
});

describe('the wizard and the list', () => {
  it('a partial quantity is a whole number above 0 and below what is left to send', () => {
    expect(partialError('4', 6)).toBeNull();
    for (const bad of ['0', '6', '7', '2.5', '', 'x']) expect(partialError(bad, 6)).toBe('Invalid quantity');
  });
  it('adding a part already on the pick list raises its quantity', () => {
    const once = addToPickList([], { part_number: 'CAB-1', part_name: 'Cable', qty: 4 });
    expect(addToPickList(once, { part_number: 'cab-1', part_name: 'Cable', qty: 2 })).toEqual([{ part_number: 'CAB-1', part_name: 'Cable', qty: 6 }]);
    expect(addToPickList(once, { part_number: 'BLT-1', part_name: 'Bolt', qty: 0 })).toEqual([...once, { part_number: 'BLT-1', part_name: 'Bolt', qty: 1 }]);
  });
  it('searches every field of the table and the pick list', () => {
    for (const text of ['quarry', 'mill lane', 'ben', 'label', 'requested', 'cab-1', 'cable', '2026-11-24', 'millbrook'])
      expect(matchesTransfer(transfer(), text), text).toBe(true);
    expect(matchesTransfer(transfer(), 'bolt')).toBe(false);
  });
});
