/**
 * Transfers racing for the same stock: ten accepted transfers of 3 units each out of a project
 * holding 10, all fulfilled at the same moment. Exactly 3 go (9 units in transit, 1 on hand), each
 * refused one changes nothing, and the transfers' items agree with the stock figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../ledger/errors.ts';
import type { TransferActor } from '../../ledger/transfer/commands.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { runStock } from '../materials/stock-commands.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { runTransfer } from './transfer-commands.ts';

const BOTH: TransferActor = { sourceAdmin: true, destinationAdmin: true, destinationRequester: true };
let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let from: string;
let to: string;
const transfers: string[] = [];
const options = { metadata: SYSTEM_ACTOR };

beforeAll(async () => {
  runtime = await openTestRuntime();
  from = await createProject(runtime.store, { name: 'Race from', customer: null, number: 'RF-1' }, options);
  to = await createProject(runtime.store, { name: 'Race to', customer: null, number: 'RT-1' }, options);
  await runStock(
    runtime.store,
    { type: 'receive', location: { kind: 'project', id: from }, partNumber: 'LAST-10', quantity: 10, partName: 'Scarce part', partNickname: 'Scarce' },
    options,
  );
  for (let i = 0; i < 10; i += 1) {
    const transferId = crypto.randomUUID();
    await runTransfer(
      runtime.store,
      {
        type: 'request',
        transferId,
        fromId: from,
        toId: to,
        requestedBy: 'Race',
        requestedById: null,
        deliveryMethod: 'pickup',
        shippingAddress: null,
        pickList: [{ partNumber: 'LAST-10', qty: 3 }],
      },
      BOTH,
      options,
    );
    await runTransfer(runtime.store, { type: 'status', transferId, status: 'Accepted', trackingNumber: null }, BOTH, options);
    transfers.push(transferId);
  }
});
afterAll(async () => {
  await runtime.close();
});

describe('fulfilling transfers that race for the last units', () => {
  it('lets exactly 3 of 10 simultaneous fulfils of 3 from 10 succeed; the rest are refused and change nothing', async () => {
    const outcomes = await Promise.allSettled(
      transfers.map((transferId) => runTransfer(runtime.store, { type: 'fulfil', transferId, items: [] }, BOTH, options)),
    );
    const done = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(done).toHaveLength(3);
    for (const reason of refused) {
      expect(reason).toBeInstanceOf(DomainError);
      expect((reason as DomainError).message).toBe('Requested quantity exceeds available stock');
    }
    const stock = await runtime.store.db
      .selectFrom('material_stock')
      .select(['location_id', 'logistics_qty', 'on_hand', 'in_transit', 'incoming'])
      .orderBy('location_id')
      .execute();
    expect(stock.find((s) => s.location_id === from)).toMatchObject({ logistics_qty: 10, on_hand: 1, in_transit: 9, incoming: 0 });
    expect(stock.find((s) => s.location_id === to)).toMatchObject({ logistics_qty: 0, on_hand: 0, in_transit: 0, incoming: 9 });
    const items = await runtime.store.db.selectFrom('transfer_items').select(['status', 'sent']).execute();
    expect(items.filter((i) => i.status === 'fulfilled').map((i) => i.sent)).toEqual([3, 3, 3]);
    expect(items.filter((i) => i.status === 'pending')).toHaveLength(7);
  });
});
