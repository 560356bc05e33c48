/**
 * The demo site's transfers (`npm run seed:demo`): one in every state between the demo projects,
 * made by issuing the real commands, so stock really sits in transit where a transfer left it —
 * among them one partly fulfilled and one shipped and on its way.
 */
import { projectLocation } from '../../ledger/stock-item/events.ts';
import { randomUUID } from 'node:crypto';
import type { CommandOptions } from '../../ledger/command.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import type { SettableStatus, TransferActor } from '../../ledger/transfer/commands.ts';
import { inventory } from '../../projections/material-stock/queries.ts';
import { runTransfer } from '../transfers/transfer-commands.ts';

/** The demo project the transfers ship to, named on its delivery address as well. */
export const HARBOUR_PROJECT = 'Harbour Data Centre';

const BOTH: TransferActor = { sourceAdmin: true, destinationAdmin: true, destinationRequester: true };
const ADDRESS = { attn: 'Site office', name: HARBOUR_PROJECT, line1: '12 Quay Road', line2: 'Gate B', city: 'Portside', state: 'WA', zip: '98101' };

type Step = { status: SettableStatus } | { fulfil: 'all' | 'partial' } | { deny: 'first' } | { receive: 'all' };

/** Each transfer's story: the steps after the request, in order. */
const STORIES: Array<{ label: string; method: 'pickup' | 'label'; steps: Step[] }> = [
  { label: 'Requested', method: 'pickup', steps: [] },
  { label: 'Accepted, one item partly fulfilled', method: 'label', steps: [{ status: 'Accepted' }, { fulfil: 'partial' }] },
  { label: 'Denied', method: 'pickup', steps: [{ status: 'Denied' }] },
  { label: 'Fulfilled', method: 'pickup', steps: [{ status: 'Accepted' }, { deny: 'first' }, { fulfil: 'all' }, { status: 'Fulfilled' }] },
  { label: 'Shipped, in transit', method: 'label', steps: [{ status: 'Accepted' }, { fulfil: 'all' }, { status: 'Fulfilled' }, { status: 'Shipped' }] },
  { label: 'Ready for pickup', method: 'pickup', steps: [{ status: 'Accepted' }, { fulfil: 'all' }, { status: 'Fulfilled' }, { status: 'Ready' }] },
  {
    label: 'Received, not yet unpacked',
    method: 'label',
    steps: [{ status: 'Accepted' }, { fulfil: 'all' }, { status: 'Fulfilled' }, { status: 'Shipped' }, { status: 'Received' }],
  },
  {
    label: 'Complete',
    method: 'pickup',
    steps: [
      { status: 'Accepted' },
      { fulfil: 'all' },
      { status: 'Fulfilled' },
      { status: 'Ready' },
      { status: 'Received' },
      { receive: 'all' },
      { status: 'Complete' },
    ],
  },
];

/**
 * Seeds the stories from the first project (the best stocked) to the others in turn, each step a
 * few hours after the last, ending before `until`. `by(at)` names who acts then.
 */
export async function seedDemoTransfers(
  store: EventStore,
  projectIds: readonly string[],
  by: (at: number) => CommandOptions,
  from: number,
  until: number,
): Promise<number> {
  const [source, ...others] = projectIds;
  if (!source || others.length === 0) return 0;
  const hour = 3600 * 1000;
  const stocked = (await inventory(store.db, projectLocation(source))).filter((r) => r.QtyOnHand >= 12);
  let at = from;
  let made = 0;
  for (const [n, story] of STORIES.entries()) {
    const picked = [stocked[(n * 3) % stocked.length], stocked[(n * 3 + 1) % stocked.length]].filter(
      (r, i, all) => r && all.findIndex((x) => x?.material_id === r.material_id) === i,
    );
    if (picked.length === 0) break;
    const transferId = randomUUID();
    const toId = others[n % others.length]!;
    const step = () => {
      at = Math.min(at + 3 * hour, until);
      return by(at);
    };
    await runTransfer(
      store,
      {
        type: 'request',
        transferId,
        fromId: source,
        toId,
        requestedBy: by(at).metadata.actorName,
        requestedById: by(at).metadata.actorId,
        deliveryMethod: story.method,
        shippingAddress: story.method === 'label' ? ADDRESS : null,
        pickList: picked.map((r, i) => ({ partNumber: r!.PartNumber, qty: 4 + i * 2 })),
      },
      BOTH,
      by(at),
    );
    for (const s of story.steps) {
      if ('status' in s)
        await runTransfer(
          store,
          { type: 'status', transferId, status: s.status, trackingNumber: s.status === 'Shipped' ? `1Z${String(100000 + n * 7919)}` : null },
          BOTH,
          step(),
        );
      else if ('deny' in s) await runTransfer(store, { type: 'deny-item', transferId, partNumber: picked[0]!.PartNumber }, BOTH, step());
      else if ('fulfil' in s && s.fulfil === 'partial')
        await runTransfer(store, { type: 'fulfil', transferId, items: [{ partNumber: picked[0]!.PartNumber, quantity: 3 }] }, BOTH, step());
      else if ('fulfil' in s) await runTransfer(store, { type: 'fulfil', transferId, items: [] }, BOTH, step());
      else {
        for (const [i, r] of picked.entries()) {
          if (story.steps.some((x) => 'deny' in x) && i === 0) continue;
          await runTransfer(store, { type: 'receive', transferId, partNumber: r!.PartNumber, quantity: 4 + i * 2 }, BOTH, step());
        }
      }
    }
    made += 1;
  }
  return made;
}
