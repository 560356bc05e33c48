/**
 * Settling a transfer's items before it is Fulfilled, through the API, with the reported numbers:
 * P1 holds 10 of A and 10 of B; P2 asks for 4 A and 6 B. With A at 3 of 4 and B at 2 of 6 (both
 * partial) Fulfilled is refused; A is sent in full in a second step (and then cannot be denied); B's
 * remainder is denied, its 2 sent stay on their way. Then Fulfilled, Ready, Received: Complete waits
 * until every unit in transit is received. No unit is lost at any step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTwoProjects } from './two-projects.fixture.ts';

type TwoProjects = Awaited<ReturnType<typeof openTwoProjects>>;
let t: TwoProjects;
let p1: string;
let p2: string;
let p1Admin: string;
let p2Admin: string;
let transferId: string;

beforeAll(async () => {
  t = await openTwoProjects({ A: 10, B: 10 });
  ({ p1, p2, p1Admin, p2Admin } = t);
});
afterAll(() => t.close());

const post: TwoProjects['post'] = (...args) => t.post(...args);
const patch: TwoProjects['patch'] = (...args) => t.patch(...args);
const all = () => t.all();
const items = () => t.items(transferId);
const refusedWith = (response: Parameters<TwoProjects['refusedWith']>[1], code: number, message: string) => t.refusedWith(transferId, response, code, message);

describe('a transfer is Fulfilled only when every item is fulfilled or denied', () => {
  it('P2 asks for 4 A and 6 B; P1 accepts and sends 3 A and 2 B', async () => {
    const created = await post(p2Admin, '/api/transfers', {
      FromID: p1,
      ToID: p2,
      PickList: [
        { part_number: 'PART-A', qty: 4 },
        { part_number: 'PART-B', qty: 6 },
      ],
      DeliveryMethod: 'pickup',
    });
    expect(created.statusCode).toBe(200);
    transferId = created.json().id;
    expect((await patch(p1Admin, `/api/transfers/${transferId}/status`, { status: 'Accepted' })).statusCode).toBe(200);
    for (const [part_number, quantity] of [
      ['PART-A', 3],
      ['PART-B', 2],
    ] as const)
      expect((await post(p1Admin, `/api/transfers/${transferId}/fulfill`, { part_number, quantity })).statusCode).toBe(200);
    expect(await items()).toEqual(['PART-A 3 0 partial', 'PART-B 2 0 partial']);
    expect(await all()).toEqual({ A: { p1: '7/3/0', p2: '0/0/3' }, B: { p1: '8/2/0', p2: '0/0/2' } });
  });

  it('refuses Fulfilled while both are partial, naming the rule and each open item', async () => {
    await refusedWith(
      patch(p1Admin, `/api/transfers/${transferId}/status`, { status: 'Fulfilled' }),
      422,
      'An Accepted transfer cannot become Fulfilled: an Accepted transfer becomes Fulfilled only when every item is fulfilled or denied. Still open: PART-A (partial, 3 of 4 sent), PART-B (partial, 2 of 6 sent).',
    );
  });

  it('sends the last A: A is fulfilled, and a fulfilled item cannot be denied', async () => {
    await refusedWith(post(p1Admin, `/api/transfers/${transferId}/fulfill`, { part_number: 'PART-A', quantity: 2 }), 400, 'Invalid quantity');
    const response = await post(p1Admin, `/api/transfers/${transferId}/fulfill`, { part_number: 'PART-A', quantity: 1 });
    expect(response.statusCode).toBe(200);
    expect(await items()).toEqual(['PART-A 4 0 fulfilled', 'PART-B 2 0 partial']);
    expect((await all()).A).toEqual({ p1: '6/4/0', p2: '0/0/4' });
    await refusedWith(
      post(p1Admin, `/api/transfers/${transferId}/items/deny`, { part_number: 'PART-A' }),
      422,
      'Item PART-A is fulfilled: all of it has been sent, so nothing is left to deny.',
    );
    await refusedWith(
      patch(p1Admin, `/api/transfers/${transferId}/status`, { status: 'Fulfilled' }),
      422,
      'An Accepted transfer cannot become Fulfilled: an Accepted transfer becomes Fulfilled only when every item is fulfilled or denied. Still open: PART-B (partial, 2 of 6 sent).',
    );
  });

  it("denies the rest of B: its 2 sent stay in transit, the 4 not sent stay on P1's shelves", async () => {
    const response = await post(p1Admin, `/api/transfers/${transferId}/items/deny`, { part_number: 'PART-B' });
    expect(response.statusCode).toBe(200);
    expect(await items()).toEqual(['PART-A 4 0 fulfilled', 'PART-B 2 0 denied']);
    expect(await all()).toEqual({ A: { p1: '6/4/0', p2: '0/0/4' }, B: { p1: '8/2/0', p2: '0/0/2' } });
    await refusedWith(
      post(p1Admin, `/api/transfers/${transferId}/fulfill`, { part_number: 'PART-B', quantity: 1 }),
      422,
      'Item PART-B is denied: only a pending or partial item can be fulfilled.',
    );
    expect((await patch(p1Admin, `/api/transfers/${transferId}/status`, { status: 'Fulfilled' })).json().Status).toBe('Fulfilled');
    expect((await patch(p1Admin, `/api/transfers/${transferId}/status`, { status: 'Ready' })).json().Status).toBe('Ready');
  });

  it('P2 acknowledges; Complete waits until the units in transit of both items are received', async () => {
    expect((await patch(p2Admin, `/api/transfers/${transferId}/status`, { status: 'Received' })).json().Status).toBe('Received');
    await refusedWith(
      patch(p2Admin, `/api/transfers/${transferId}/status`, { status: 'Complete' }),
      422,
      'Every item must be received first (not yet received: PART-A, PART-B).',
    );
    expect((await post(p2Admin, `/api/transfers/${transferId}/items/receive`, { part_number: 'PART-B', quantity: 2 })).statusCode).toBe(200);
    await refusedWith(
      patch(p2Admin, `/api/transfers/${transferId}/status`, { status: 'Complete' }),
      422,
      'Every item must be received first (not yet received: PART-A).',
    );
    expect((await post(p2Admin, `/api/transfers/${transferId}/items/receive`, { part_number: 'PART-A', quantity: 4 })).statusCode).toBe(200);
    expect(await items()).toEqual(['PART-A 4 4 received', 'PART-B 2 2 received']);
    expect((await patch(p2Admin, `/api/transfers/${transferId}/status`, { status: 'Complete' })).json().Status).toBe('Complete');
    expect(await all()).toEqual({ A: { p1: '6/0/0', p2: '4/0/0' }, B: { p1: '8/0/0', p2: '2/0/0' } });
  });

  it("B's history says what was denied and what went on", async () => {
    const history = (await post(p2Admin, '/api/transfers/history', { transfer_id: transferId, item_number: 'PART-B' })).json().items;
    expect(history.map((e: { action: string; quantity: number | null; detail: string | null }) => [e.action, e.quantity, e.detail])).toEqual([
      ['Item partially fulfilled', 2, null],
      ['Item denied', 4, 'the 2 already sent stay on their way'],
      ['Item received', 2, null],
    ]);
  });
});
