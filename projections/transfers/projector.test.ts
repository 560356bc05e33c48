/** The transfers fold, event by event: which rows of `transfers` and `transfer_items` each event writes, and with what. */
import { describe, expect, it } from 'vitest';
import type { PickItem, TransferEvent } from '../../ledger/transfer/events.ts';
import { AT, project, recorded } from '../../test/helpers/projector-events.ts';
import { transfersProjector } from './projector.ts';

const ids = { transferId: 't-1', fromId: 'p-source', toId: 'p-destination' };
const bolt: PickItem = { materialId: 'm-bolt', partNumber: ' Bolt-10 ', partName: 'Hex bolt', qty: 12 };
const cable: PickItem = { materialId: 'm-cable', partNumber: 'CAB-2', partName: 'Patch cable', qty: 3 };
const address = { attn: 'Site office', name: 'North Yard', line1: '1 Quay Road', line2: '', city: 'Leith', state: 'LO', zip: 'EH6 7AA' };

const rows = (event: TransferEvent) => project(transfersProjector, recorded('transfer:t-1', event));
const touched = { kind: 'update', table: 'transfers', key: { id: 't-1' }, set: { updated_at: AT } };
const itemKey = (partKey: string) => ({ transfer_id: 't-1', part_key: partKey });

describe('transfers projector', () => {
  it('inserts a requested transfer with its pick list in order, keyed by the trimmed lower-case part number', () => {
    const ops = rows({
      type: 'TransferRequested',
      data: {
        ...ids,
        type: 'materials',
        fromName: 'Source',
        toName: 'Destination',
        requestedBy: 'Mia Manager',
        requestedById: 'u-mia',
        deliveryMethod: 'label',
        shippingAddress: address,
        pickList: [bolt, cable],
      },
    });
    expect(ops).toEqual([
      {
        kind: 'insert',
        table: 'transfers',
        row: {
          id: 't-1',
          type: 'materials',
          from_id: 'p-source',
          from_name: 'Source',
          to_id: 'p-destination',
          to_name: 'Destination',
          requested_by: 'Mia Manager',
          requested_by_id: 'u-mia',
          delivery_method: 'label',
          shipping_address: JSON.stringify(address),
          tracking_number: null,
          status: 'Requested',
          created_at: AT,
          updated_at: AT,
        },
      },
      {
        kind: 'insert',
        table: 'transfer_items',
        row: {
          ...itemKey('bolt-10'),
          ord: 0,
          material_id: 'm-bolt',
          part_number: ' Bolt-10 ',
          part_name: 'Hex bolt',
          qty: 12,
          sent: 0,
          received: 0,
          status: 'pending',
        },
      },
      {
        kind: 'insert',
        table: 'transfer_items',
        row: {
          ...itemKey('cab-2'),
          ord: 1,
          material_id: 'm-cable',
          part_number: 'CAB-2',
          part_name: 'Patch cable',
          qty: 3,
          sent: 0,
          received: 0,
          status: 'pending',
        },
      },
    ]);
  });

  it('keeps no shipping address for a pickup', () => {
    const [transfer] = rows({
      type: 'TransferRequested',
      data: {
        ...ids,
        type: 'materials',
        fromName: 'Source',
        toName: 'Destination',
        requestedBy: 'Mia Manager',
        requestedById: null,
        deliveryMethod: 'pickup',
        shippingAddress: null,
        pickList: [cable],
      },
    });
    expect(transfer).toMatchObject({ row: { delivery_method: 'pickup', shipping_address: null, requested_by_id: null } });
  });

  it('on a pick list change deletes the removed parts and upserts the rest, changing only order, quantity and names of kept items', () => {
    const ops = rows({ type: 'TransferPicklistChanged', data: { ...ids, pickList: [{ ...cable, qty: 5 }, bolt], removed: ['Nut-4 '] } });
    expect(ops).toEqual([
      touched,
      { kind: 'delete', table: 'transfer_items', key: itemKey('nut-4') },
      {
        kind: 'upsert',
        table: 'transfer_items',
        key: itemKey('cab-2'),
        set: { ord: 0, qty: 5, part_number: 'CAB-2', part_name: 'Patch cable' },
        insertOnly: { ord: 0, material_id: 'm-cable', part_number: 'CAB-2', part_name: 'Patch cable', qty: 5, sent: 0, received: 0, status: 'pending' },
      },
      {
        kind: 'upsert',
        table: 'transfer_items',
        key: itemKey('bolt-10'),
        set: { ord: 1, qty: 12, part_number: ' Bolt-10 ', part_name: 'Hex bolt' },
        insertOnly: { ord: 1, material_id: 'm-bolt', part_number: ' Bolt-10 ', part_name: 'Hex bolt', qty: 12, sent: 0, received: 0, status: 'pending' },
      },
    ]);
  });

  it.each([
    ['TransferAccepted', 'Accepted'],
    ['TransferDenied', 'Denied'],
    ['TransferFulfilled', 'Fulfilled'],
    ['TransferReady', 'Ready'],
    ['TransferReceived', 'Received'],
    ['TransferCompleted', 'Complete'],
  ] as const)('%s sets the status to %s and stamps the change', (type, status) => {
    expect(rows({ type, data: ids })).toEqual([{ kind: 'update', table: 'transfers', key: { id: 't-1' }, set: { status, updated_at: AT } }]);
  });

  it('a shipment records its tracking number with the status', () => {
    expect(rows({ type: 'TransferShipped', data: { ...ids, trackingNumber: '1Z999' } })).toEqual([
      { kind: 'update', table: 'transfers', key: { id: 't-1' }, set: { status: 'Shipped', tracking_number: '1Z999', updated_at: AT } },
    ]);
  });

  it('an item fulfilled adds what was sent and takes the item status the event names', () => {
    expect(rows({ type: 'TransferItemFulfilled', data: { ...ids, partNumber: 'BOLT-10', quantity: 4, status: 'partial' } })).toEqual([
      touched,
      { kind: 'update', table: 'transfer_items', key: itemKey('bolt-10'), set: { status: 'partial' }, add: { sent: 4 } },
    ]);
  });

  it('an item denied takes back only what the denial returned (nothing now, all of it in denials recorded earlier)', () => {
    expect(rows({ type: 'TransferItemDenied', data: { ...ids, partNumber: 'CAB-2', returned: 0 } })).toEqual([
      touched,
      { kind: 'update', table: 'transfer_items', key: itemKey('cab-2'), set: { status: 'denied' }, add: { sent: -0 } },
    ]);
    expect(rows({ type: 'TransferItemDenied', data: { ...ids, partNumber: 'CAB-2', returned: 2 } })[1]).toMatchObject({ add: { sent: -2 } });
  });

  it('an item received in part adds to received and keeps its status; the last part marks it received', () => {
    expect(rows({ type: 'TransferItemReceived', data: { ...ids, partNumber: 'Bolt-10', quantity: 5, complete: false } })).toEqual([
      touched,
      { kind: 'update', table: 'transfer_items', key: itemKey('bolt-10'), set: {}, add: { received: 5 } },
    ]);
    expect(rows({ type: 'TransferItemReceived', data: { ...ids, partNumber: 'Bolt-10', quantity: 7, complete: true } })[1]).toEqual({
      kind: 'update',
      table: 'transfer_items',
      key: itemKey('bolt-10'),
      set: { status: 'received' },
      add: { received: 7 },
    });
  });

  it('writes nothing for an event of another stream', () => {
    expect(project(transfersProjector, recorded('material:x', { type: 'MaterialDefined', data: { transferId: 't-1' } }))).toEqual([]);
  });
});
