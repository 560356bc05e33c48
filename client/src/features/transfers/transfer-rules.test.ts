import { describe, expect, it } from 'vitest';
import type { Transfer, TransferItem } from '@contract/transfers.ts';
import { addToPickList, itemActions, matchesTransfer, partialError, sideOf, transferActions } from './transfer-rules.ts';

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
    expect(transferActions(transfer({ Status: 'Accepted', PickList: [item({ status: 'partial', sent: 4 })] }), SOURCE)).toEqual(['fulfilled']);
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
  it('offers Partial only when the quantity is above 1, and Receive only while something is on its way', () => {
    const accepted = transfer({ Status: 'Accepted' });
    expect(itemActions(accepted, item(), SOURCE)).toEqual(['fulfill', 'partial', 'deny']);
    expect(itemActions(accepted, item({ qty: 1 }), SOURCE)).toEqual(['fulfill', 'deny']);
    expect(itemActions(accepted, item({ status: 'fulfilled', sent: 6 }), SOURCE)).toEqual(['deny']);
    expect(itemActions(accepted, item(), DESTINATION)).toEqual([]);
    const received = transfer({ Status: 'Received' });
    expect(itemActions(received, item({ status: 'partial', sent: 4 }), DESTINATION)).toEqual(['receive']);
    expect(itemActions(received, item({ status: 'received', sent: 4, received: 4 }), DESTINATION)).toEqual([]);
    expect(itemActions(received, item({ status: 'partial', sent: 4 }), SOURCE)).toEqual([]);
  });
});

describe('the wizard and the list', () => {
  it('a partial quantity is a whole number above 0 and below the item quantity', () => {
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
