/**
 * Transfers through the API with the numbers: P1 holds 10; a transfer of 6 to P2 is
 * accepted; 4 of 6 fulfilled (partial) → P1 on hand 6, in transit 4; the other 2 denied, the 4 stay
 * on their way; Shipped with a tracking number; P2 acknowledges and receives 4 → P2 on hand 4, P1
 * in transit 0; Complete. Every refusal leaves every figure as it was.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let p1: string;
let p2: string;
let p1Admin: string;
let p2Admin: string;
let p2Manager: string;
let outsider: string;
let transferId: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  const a1 = (await createUser(runtime, 'a1@example.com', 'a1 password', 'user', { firstName: 'Ann', lastName: 'One' })).userId;
  const a2 = (await createUser(runtime, 'a2@example.com', 'a2 password', 'user', { firstName: 'Ben', lastName: 'Two' })).userId;
  const m2 = (await createUser(runtime, 'm2@example.com', 'm2 password', 'user', { firstName: 'Max', lastName: 'Two' })).userId;
  await createUser(runtime, 'out@example.com', 'out password', 'user');
  p1 = await createProject(runtime.store, { name: 'P1', customer: null, number: 'P-1' }, { metadata: SYSTEM_ACTOR });
  p2 = await createProject(runtime.store, { name: 'P2', customer: null, number: 'P-2' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, p1, { type: 'add', userId: a1, role: 'admin' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, p2, { type: 'add', userId: a2, role: 'admin' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, p2, { type: 'add', userId: m2, role: 'manager' }, { metadata: SYSTEM_ACTOR });
  p1Admin = await signIn(app, 'a1@example.com', 'a1 password');
  p2Admin = await signIn(app, 'a2@example.com', 'a2 password');
  p2Manager = await signIn(app, 'm2@example.com', 'm2 password');
  outsider = await signIn(app, 'out@example.com', 'out password');
  const received = await post(p1Admin, '/api/materials/receive', {
    project_id: p1,
    part_number: 'CAB-1',
    quantity: 10,
    part_name: 'Cable',
    standard_name: 'Cable',
  });
  expect(received.statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const post = (cookie: string, url: string, payload?: object) => app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const patch = (cookie: string, url: string, payload: object) => app.inject({ method: 'PATCH', url, headers: { cookie }, payload });
const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

async function figures(cookie: string, projectId: string) {
  const response = await get(cookie, `/api/inventory/materials?project_id=${projectId}`);
  expect(response.statusCode).toBe(200);
  const row = response.json().items.find((r: { PartNumber: string }) => r.PartNumber === 'CAB-1');
  return row ? { logistics: row.MatVendorQty, onHand: row.QtyOnHand, inTransit: row.QtyInTransit, incoming: row.QtyIncoming } : null;
}
async function both() {
  return { p1: await figures(p1Admin, p1), p2: await figures(p2Admin, p2) };
}
async function status() {
  return (await get(p2Admin, `/api/transfers/${transferId}`)).json().Status;
}
/** A refusal: its status and message, and every figure and the transfer unchanged. */
async function refused(response: Promise<{ statusCode: number; json: () => { message: string } }>, code: number, message?: string) {
  const before = { figures: await both(), status: await status() };
  const answer = await response;
  expect(answer.statusCode).toBe(code);
  if (message) expect(answer.json().message).toBe(message);
  expect({ figures: await both(), status: await status() }).toEqual(before);
}

const address = { attn: 'Dock 3', name: 'P2 site', line1: '1 Main St', line2: '', city: 'Springfield', state: 'IL', zip: '62701' };

describe('a transfer of 6 from P1 (holding 10) to P2, end to end', () => {
  it('P2 requests 6 by label; both projects list it as Requested', async () => {
    const response = await post(p2Manager, '/api/transfers', {
      Type: 'materials',
      FromID: p1,
      ToID: p2,
      PickList: [{ part_number: 'CAB-1', qty: 6 }],
      requested_by: 'ignored',
      DeliveryMethod: 'label',
      shipping_address: address,
    });
    expect(response.statusCode).toBe(200);
    transferId = response.json().id;
    for (const [cookie, project] of [
      [p1Admin, p1],
      [p2Admin, p2],
    ] as const) {
      const list = (await get(cookie, `/api/transfers/project/${project}`)).json().items;
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({
        id: transferId,
        Type: 'materials',
        FromID: p1,
        ToID: p2,
        FromName: 'P1',
        ToName: 'P2',
        requested_by: 'Max Two',
        DeliveryMethod: 'label',
        ShippingAddress: 'Attn Dock 3, P2 site, 1 Main St, Springfield, IL 62701',
        Status: 'Requested',
        PickList: [{ part_number: 'CAB-1', part_name: 'Cable', qty: 6, sent: 0, received: 0, status: 'pending' }],
      });
    }
    expect(await both()).toEqual({ p1: { logistics: 10, onHand: 10, inTransit: 0, incoming: 0 }, p2: null });
  });

  it('refuses the destination admin accepting, and an outsider seeing it', async () => {
    await refused(patch(p2Admin, `/api/transfers/${transferId}/status`, { status: 'Accepted' }), 403, 'Only an admin of the source project can do this.');
    expect((await get(outsider, `/api/transfers/${transferId}`)).statusCode).toBe(404);
  });

  it("P1's admin accepts", async () => {
    const response = await patch(p1Admin, `/api/transfers/${transferId}/status`, { status: 'Accepted' });
    expect(response.statusCode).toBe(200);
    expect(response.json().Status).toBe('Accepted');
  });

  it('refuses fulfilling beyond on hand and an invalid partial quantity', async () => {
    await refused(
      patch(p1Admin, `/api/transfers/${transferId}/status`, { status: 'Fulfilled' }),
      422,
      'An Accepted transfer cannot become Fulfilled: an Accepted transfer becomes Fulfilled only when every item is fulfilled or denied. Still open: CAB-1 (pending).',
    );
    await refused(post(p1Admin, `/api/transfers/${transferId}/fulfill`, { part_number: 'CAB-1', quantity: 7 }), 400, 'Invalid quantity');
    await refused(
      post(p2Admin, `/api/transfers/${transferId}/fulfill`, { part_number: 'CAB-1', quantity: 4 }),
      403,
      'Only an admin of the source project can do this.',
    );
    await refused(
      post(p1Admin, `/api/transfers/${transferId}/fulfill`, { part_number: 'CAB-1', quantity: 0 }),
      400,
      'Partial quantity must be a whole number above 0.',
    );
    // Someone takes 5 of P1's 10 away for a moment: 6 no longer fits.
    expect((await post(p1Admin, '/api/materials/return', { project_id: p1, part_number: 'CAB-1', quantity: 5 })).statusCode).toBe(200);
    await refused(post(p1Admin, `/api/transfers/${transferId}/fulfill`), 422, 'Requested quantity exceeds available stock');
    expect((await post(p1Admin, '/api/materials/receive', { project_id: p1, part_number: 'CAB-1', quantity: 5 })).statusCode).toBe(200);
  });

  it('fulfils 4 of 6 (partial): P1 on hand 6, in transit 4; P2 sees 4 incoming', async () => {
    const response = await post(p1Admin, `/api/transfers/${transferId}/fulfill`, { part_number: 'CAB-1', quantity: 4 });
    expect(response.statusCode).toBe(200);
    expect(response.json().PickList[0]).toMatchObject({ qty: 6, sent: 4, status: 'partial' });
    expect(await both()).toEqual({ p1: { logistics: 10, onHand: 6, inTransit: 4, incoming: 0 }, p2: { logistics: 0, onHand: 0, inTransit: 0, incoming: 4 } });
  });

  it('a partial item keeps the transfer from Fulfilled; its remainder is denied and the 4 sent stay on their way', async () => {
    await refused(
      patch(p1Admin, `/api/transfers/${transferId}/status`, { status: 'Fulfilled' }),
      422,
      'An Accepted transfer cannot become Fulfilled: an Accepted transfer becomes Fulfilled only when every item is fulfilled or denied. Still open: CAB-1 (partial, 4 of 6 sent).',
    );
    const response = await post(p1Admin, `/api/transfers/${transferId}/items/deny`, { part_number: 'CAB-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json().PickList[0]).toMatchObject({ qty: 6, sent: 4, received: 0, status: 'denied' });
    expect(await both()).toEqual({ p1: { logistics: 10, onHand: 6, inTransit: 4, incoming: 0 }, p2: { logistics: 0, onHand: 0, inTransit: 0, incoming: 4 } });
  });

  it('the transfer becomes Fulfilled, then Shipped with a tracking number', async () => {
    await refused(
      patch(p1Admin, `/api/transfers/${transferId}/status`, { status: 'Shipped', TrackingNumber: '1Z999' }),
      422,
      'An Accepted transfer cannot become Shipped: an Accepted transfer becomes Fulfilled only when every item is fulfilled or denied.',
    );
    expect((await patch(p1Admin, `/api/transfers/${transferId}/status`, { status: 'Fulfilled' })).json().Status).toBe('Fulfilled');
    await refused(
      patch(p1Admin, `/api/transfers/${transferId}/status`, { status: 'Shipped' }),
      400,
      'A tracking number is required to mark a transfer Shipped.',
    );
    await refused(
      patch(p1Admin, `/api/transfers/${transferId}/status`, { status: 'Ready' }),
      422,
      'A transfer delivered by label is marked Shipped, not Ready.',
    );
    const shipped = await patch(p1Admin, `/api/transfers/${transferId}/status`, { status: 'Shipped', TrackingNumber: '1Z999' });
    expect(shipped.json()).toMatchObject({ Status: 'Shipped', TrackingNumber: '1Z999' });
  });

  it("P2 acknowledges; P1's admin cannot; nobody receives more than was shipped", async () => {
    await refused(patch(p1Admin, `/api/transfers/${transferId}/status`, { status: 'Received' }), 403, 'Only an admin of the destination project can do this.');
    await refused(
      post(p2Admin, `/api/transfers/${transferId}/items/receive`, { part_number: 'CAB-1', quantity: 4 }),
      422,
      'Cannot receive items while the transfer is Shipped: a Shipped transfer becomes Received when an admin of the destination project acknowledges it.',
    );
    expect((await patch(p2Admin, `/api/transfers/${transferId}/status`, { status: 'Received' })).json().Status).toBe('Received');
    await refused(
      post(p2Admin, `/api/transfers/${transferId}/items/receive`, { part_number: 'CAB-1', quantity: 5 }),
      422,
      'Cannot receive more than was shipped (4 left to receive).',
    );
    await refused(
      post(p1Admin, `/api/transfers/${transferId}/items/receive`, { part_number: 'CAB-1', quantity: 4 }),
      403,
      'Only an admin of the destination project can do this.',
    );
    await refused(
      patch(p2Admin, `/api/transfers/${transferId}/status`, { status: 'Complete' }),
      422,
      'Every item must be received first (not yet received: CAB-1).',
    );
  });

  it('P2 receives 4: P2 on hand 4, nothing in transit; P1 keeps 6', async () => {
    const response = await post(p2Admin, `/api/transfers/${transferId}/items/receive`, { part_number: 'CAB-1', quantity: 4 });
    expect(response.statusCode).toBe(200);
    expect(response.json().PickList[0]).toMatchObject({ sent: 4, received: 4, status: 'received' });
    expect(await both()).toEqual({ p1: { logistics: 6, onHand: 6, inTransit: 0, incoming: 0 }, p2: { logistics: 4, onHand: 4, inTransit: 0, incoming: 0 } });
  });

  it('P2 completes; nothing moves out of Complete', async () => {
    expect((await patch(p2Admin, `/api/transfers/${transferId}/status`, { status: 'Complete' })).json().Status).toBe('Complete');
    for (const to of ['Accepted', 'Denied', 'Fulfilled', 'Shipped', 'Ready', 'Received', 'Complete']) {
      await refused(
        patch(p2Admin, `/api/transfers/${transferId}/status`, { status: to, TrackingNumber: 'X' }),
        422,
        `A Complete transfer cannot become ${to}: Complete is final.`,
      );
    }
    await refused(post(p1Admin, `/api/transfers/${transferId}/fulfill`), 422, 'Cannot fulfil items while the transfer is Complete: Complete is final.');
    await refused(post(p2Admin, `/api/transfers/${transferId}/items/receive`, { part_number: 'CAB-1', quantity: 1 }), 422);
  });

  it("both projects' logs name the transfer and the other project", async () => {
    const short = transferId.slice(0, 8);
    const p1Log = (await get(p1Admin, `/api/materials/logs?project_id=${p1}&type=Transfer`)).json().items;
    expect(
      p1Log.map((l: { LogType: string; LogAmount: number; note: string; location_b: string | null }) => [l.LogType, l.LogAmount, l.note, l.location_b]),
    ).toEqual([
      ['Transfer', 4, `Transfer ${short}: delivered`, 'P2'],
      ['Transfer', 4, `Transfer ${short}: sent`, 'In transit to P2'],
    ]);
    const p2Log = (await get(p2Admin, `/api/materials/logs?project_id=${p2}&type=Transfer`)).json().items;
    expect(p2Log.map((l: { note: string; location_a: string | null }) => [l.note, l.location_a])).toEqual([
      [`Transfer ${short}: received`, 'In transit from P1'],
      [`Transfer ${short}: incoming`, 'In transit from P1'],
    ]);
  });

  it('the history comes from the ledger, with who did each step', async () => {
    const response = await post(p2Admin, '/api/transfers/history', {
      transfer_id: transferId,
      user_id: 'x',
      item_number: 'CAB-1',
      action: 'view',
      quantity: 0,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().items.map((e: { action: string; user: string; quantity: number }) => [e.action, e.user, e.quantity])).toEqual([
      ['Item partially fulfilled', 'Ann One', 4],
      ['Item denied', 'Ann One', 2],
      ['Item received', 'Ben Two', 4],
    ]);
    const all = (await post(p1Admin, '/api/transfers/history', { transfer_id: transferId })).json().items.map((e: { action: string }) => e.action);
    expect(all).toEqual(['Requested', 'Accepted', 'Item partially fulfilled', 'Item denied', 'Fulfilled', 'Shipped', 'Received', 'Item received', 'Complete']);
  });

  it('lets an auditor read the history, a POST that records nothing, and nothing else they POST', async () => {
    await createUser(runtime, 'audit@example.com', 'audit password', 'auditor');
    const auditor = await signIn(app, 'audit@example.com', 'audit password');
    const history = await post(auditor, '/api/transfers/history', { transfer_id: transferId });
    expect(history.statusCode).toBe(200);
    expect(history.json().items).toHaveLength(9);
    expect((await post(auditor, '/api/notify-transfer', { transfer_id: transferId })).statusCode).toBe(403);
  });

  it('explains the in-transit figure event by event', async () => {
    const response = await get(p1Admin, `/api/materials/explain?project_id=${p1}&number=CAB-1&figure=in_transit`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ figure: 'in_transit', current: 0 });
    expect(response.json().items.map((i: { change: number; balance: number }) => [i.change, i.balance])).toEqual([
      [4, 4],
      [-4, 0],
    ]);
  });
});

describe('denials', () => {
  async function request(qty: number) {
    const response = await post(p2Admin, '/api/transfers', { FromID: p1, ToID: p2, PickList: [{ part_number: 'CAB-1', qty }], DeliveryMethod: 'pickup' });
    expect(response.statusCode).toBe(200);
    return response.json().id as string;
  }

  it('a denied transfer moves nothing and nothing moves out of Denied', async () => {
    const id = await request(2);
    const before = await both();
    expect((await patch(p1Admin, `/api/transfers/${id}/status`, { status: 'Denied' })).json().Status).toBe('Denied');
    expect(await both()).toEqual(before);
    for (const to of ['Accepted', 'Fulfilled', 'Received']) {
      const response = await patch(p1Admin, `/api/transfers/${id}/status`, { status: to });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(`A Denied transfer cannot become ${to}: Denied is final.`);
    }
    expect((await post(p1Admin, `/api/transfers/${id}/fulfill`)).statusCode).toBe(422);
    expect(await both()).toEqual(before);
  });

  it('a fulfilled item cannot be denied, by either path: its units stay in transit', async () => {
    const id = await request(3);
    await patch(p1Admin, `/api/transfers/${id}/status`, { status: 'Accepted' });
    expect((await post(p1Admin, `/api/transfers/${id}/fulfill`)).json().PickList[0]).toMatchObject({ sent: 3, status: 'fulfilled' });
    const inTransit = { p1: { logistics: 6, onHand: 3, inTransit: 3, incoming: 0 }, p2: { logistics: 4, onHand: 4, inTransit: 0, incoming: 3 } };
    expect(await both()).toEqual(inTransit);
    const message = 'Item CAB-1 is fulfilled: all of it has been sent, so nothing is left to deny.';
    const picklist = await patch(p1Admin, `/api/transfers/${id}/picklist`, { pickList: [{ part_number: 'CAB-1', qty: 3, status: 'denied' }] });
    expect([picklist.statusCode, picklist.json().message]).toEqual([422, message]);
    const deny = await post(p1Admin, `/api/transfers/${id}/items/deny`, { part_number: 'CAB-1' });
    expect([deny.statusCode, deny.json().message]).toEqual([422, message]);
    expect(await both()).toEqual(inTransit);
    expect((await patch(p1Admin, `/api/transfers/${id}/status`, { status: 'Fulfilled' })).json().Status).toBe('Fulfilled');
    expect((await patch(p1Admin, `/api/transfers/${id}/status`, { status: 'Ready' })).json().Status).toBe('Ready');
  });
});

describe('requests, searches and notices', () => {
  it('validates the request at the edge, naming the field', async () => {
    const response = await post(p2Admin, '/api/transfers', { FromID: p1, ToID: p2, PickList: [{ part_number: 'CAB-1', qty: 0 }], DeliveryMethod: 'pickup' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'PickList.0.qty' });
    const method = await post(p2Admin, '/api/transfers', { FromID: p1, ToID: p2, PickList: [{ part_number: 'CAB-1', qty: 1 }], DeliveryMethod: 'drone' });
    expect(method.json()).toMatchObject({ message: 'DeliveryMethod must be pickup or label' });
  });

  it('lets only an admin or manager of the destination request, and not from itself', async () => {
    const body = { FromID: p1, ToID: p2, PickList: [{ part_number: 'CAB-1', qty: 1 }], DeliveryMethod: 'pickup' };
    expect((await post(p1Admin, '/api/transfers', body)).statusCode).toBe(403);
    expect((await post(outsider, '/api/transfers', body)).statusCode).toBe(403);
    expect((await post(p2Admin, '/api/transfers', { ...body, FromID: p2 })).json().message).toBe('A transfer moves stock between two different projects.');
  });

  it('finds the projects holding a part from 2 characters, leaving hidden ones out', async () => {
    expect((await get(p2Admin, '/api/materials/search-projects?q=C')).json()).toEqual([]);
    expect((await get(p2Admin, '/api/materials/search-projects?q=ca')).json().sort()).toEqual([p1, p2].sort());
    expect((await get(p2Admin, '/api/inventory/materials/search-projects?q=cable')).json().sort()).toEqual([p1, p2].sort());
    const hide = await runtime.store.db.updateTable('projects').set({ hide_from_transfer_list: true }).where('id', '=', p1).execute();
    expect(hide).toBeTruthy();
    expect((await get(p2Admin, '/api/materials/search-projects?q=ca')).json()).toEqual([p2]);
    const hidden = await post(p2Admin, '/api/transfers', { FromID: p1, ToID: p2, PickList: [{ part_number: 'CAB-1', qty: 1 }], DeliveryMethod: 'pickup' });
    expect(hidden.json().message).toBe('That project does not take part in transfers.');
    await runtime.store.db.updateTable('projects').set({ hide_from_transfer_list: false }).where('id', '=', p1).execute();
  });

  it("offers a requester every project not hidden, and a source's parts on hand though not in it; nobody else", async () => {
    expect((await get(p2Manager, '/api/transfers/source-projects')).json().items.map((p: { project_name: string }) => p.project_name)).toEqual(['P1', 'P2']);
    expect((await get(outsider, '/api/transfers/source-projects')).statusCode).toBe(403);
    const items = (await get(p2Manager, `/api/transfers/source-items?project_id=${p1}&q=cab`)).json().items;
    expect(items).toEqual([expect.objectContaining({ part_number: 'CAB-1', part_name: 'Cable', on_hand: 3 })]);
  });

  it('takes notice only from someone who acts on the transfer', async () => {
    const member = (await createUser(runtime, 'u1@example.com', 'u1 password', 'user')).userId;
    await changeMembership(runtime.store, p1, { type: 'add', userId: member, role: 'user' }, { metadata: SYSTEM_ACTOR });
    const refused = await post(await signIn(app, 'u1@example.com', 'u1 password'), '/api/notify-transfer', { transfer_id: transferId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only an admin of the source project, or an admin or manager of the destination, can send notice of a transfer.');
    expect((await post(outsider, '/api/notify-transfer', { transfer_id: transferId })).statusCode).toBe(404);
  });

  it("e-mails the other project's admins through the outbox", async () => {
    const response = await post(p2Manager, '/api/notify-transfer', { transfer_id: transferId });
    expect(response.json()).toEqual({ queued: 1 });
    const mail = await runtime.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_email', '=', 'a1@example.com')
      .where('subject', 'like', 'Transfer %')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Transfer P1 → P2: Complete');
    expect(mail[0]!.body).toContain('/dashboard/manage_transfers');
  });
});
