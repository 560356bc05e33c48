/**
 * Scanned lines on a transfer, through the API: fulfil and receive take several parts with their
 * quantities as one command, all or none. P1 holds 10 of A and 3 of B; P2 asks for 4 A and 6 B.
 * A batch sending more B than P1 holds is refused naming B, with nothing moved; then A in two scans
 * and B go at once. Received the same way, a line over what is on its way refuses the batch.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTwoProjects } from './two-projects.fixture.ts';
import { PART_NUMBER_REQUIRED, QUANTITY_REQUIRED } from '../../../contract/messages.ts';
import { notOnList, receiveTooMany, TRANSFER_MESSAGES as M } from '../../../contract/messages/transfers.ts';
import { SCAN_BATCH_MESSAGES } from '../../../contract/scan.ts';

type TwoProjects = Awaited<ReturnType<typeof openTwoProjects>>;
let t: TwoProjects;
let p1: string;
let p2: string;
let p1Admin: string;
let p2Admin: string;
let transferId: string;

beforeAll(async () => {
  t = await openTwoProjects({ A: 10, B: 3 });
  ({ p1, p2, p1Admin, p2Admin } = t);
});
afterAll(() => t.close());

const post: TwoProjects['post'] = (...args) => t.post(...args);
const patch: TwoProjects['patch'] = (...args) => t.patch(...args);
const all = () => t.all();
const lines = (...scanned: Array<[string, number]>) => ({ lines: scanned.map(([part_number, quantity]) => ({ part_number, quantity })) });
const items = () => t.items(transferId);
const refusedWith = (response: Parameters<TwoProjects['refusedWith']>[1], code: number, message: string) => t.refusedWith(transferId, response, code, message);

describe('scanned lines fulfil and receive a transfer as one command', () => {
  it('P2 asks for 4 A and 6 B; P1 accepts', async () => {
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
  });

  it('refuses a batch with a line over P1 on hand, naming its part and the line, moving nothing', async () => {
    const refused = await refusedWith(
      post(p1Admin, `/api/transfers/${transferId}/fulfill`, lines(['PART-A', 2], ['PART-B', 4])),
      422,
      `Part PART-B: ${M.exceedsStock}`,
    );
    expect(refused.field).toBe('lines.1');
    await refusedWith(post(p1Admin, `/api/transfers/${transferId}/fulfill`, lines(['PART-A', 1], ['PART-Z', 1])), 404, notOnList('PART-Z'));
    await refusedWith(post(p2Admin, `/api/transfers/${transferId}/fulfill`, lines(['PART-A', 1])), 403, M.sourceAdminOnly);
  });

  it('sends A in two scans and all of B on hand at once', async () => {
    const response = await post(p1Admin, `/api/transfers/${transferId}/fulfill`, lines(['PART-A', 2], ['PART-B', 3], ['part-a', 2]));
    expect(response.statusCode, response.body).toBe(200);
    expect(await items()).toEqual(['PART-A 4 0 fulfilled', 'PART-B 3 0 partial']);
    expect(await all()).toEqual({ A: { p1: '6/4/0', p2: '0/0/4' }, B: { p1: '0/3/0', p2: '0/0/3' } });
  });

  it('receives the lines all or none once the transfer is Received', async () => {
    expect((await post(p1Admin, `/api/transfers/${transferId}/items/deny`, { part_number: 'PART-B' })).statusCode).toBe(200);
    for (const [cookie, status] of [
      [p1Admin, 'Fulfilled'],
      [p1Admin, 'Ready'],
      [p2Admin, 'Received'],
    ] as const)
      expect((await patch(cookie, `/api/transfers/${transferId}/status`, { status })).json().Status).toBe(status);
    await refusedWith(
      post(p2Admin, `/api/transfers/${transferId}/items/receive`, lines(['PART-A', 3], ['PART-B', 3], ['PART-A', 2])),
      422,
      `Part PART-A: ${receiveTooMany(1)}`,
    );
    const response = await post(p2Admin, `/api/transfers/${transferId}/items/receive`, lines(['PART-A', 3], ['PART-B', 3], ['PART-A', 1]));
    expect(response.statusCode, response.body).toBe(200);
    expect(await items()).toEqual(['PART-A 4 4 received', 'PART-B 3 3 received']);
    expect(await all()).toEqual({ A: { p1: '6/0/0', p2: '4/0/0' }, B: { p1: '0/0/0', p2: '3/0/0' } });
  });

  it('answers 400 naming the field for a bad body; the single-part forms still ask for their fields', async () => {
    const empty = await post(p2Admin, `/api/transfers/${transferId}/items/receive`, { lines: [] });
    expect([empty.statusCode, empty.json().message, empty.json().field]).toEqual([400, SCAN_BATCH_MESSAGES.emptyBatch, 'lines']);
    const tooMany = await post(p1Admin, `/api/transfers/${transferId}/fulfill`, {
      lines: Array.from({ length: 501 }, () => ({ part_number: 'PART-A', quantity: 1 })),
    });
    expect([tooMany.statusCode, tooMany.json().message, tooMany.json().field]).toEqual([400, SCAN_BATCH_MESSAGES.tooMany, 'lines']);
    const noQuantity = await post(p2Admin, `/api/transfers/${transferId}/items/receive`, lines(['PART-A', 0]));
    expect([noQuantity.statusCode, noQuantity.json().field]).toEqual([400, 'lines.0.quantity']);
    const nothing = await post(p2Admin, `/api/transfers/${transferId}/items/receive`, {});
    expect([nothing.statusCode, nothing.json().message, nothing.json().field]).toEqual([400, PART_NUMBER_REQUIRED, 'part_number']);
    const noCount = await post(p2Admin, `/api/transfers/${transferId}/items/receive`, { part_number: 'PART-A' });
    expect([noCount.statusCode, noCount.json().message, noCount.json().field]).toEqual([400, QUANTITY_REQUIRED, 'quantity']);
  });
});
