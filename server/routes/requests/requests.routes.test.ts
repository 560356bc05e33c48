/**
 * Requests through the API with the numbers: a user requests 3 lines (CAB-1 × 4, BLT-1 × 5,
 * NUT-1 × 6); a manager fulfils CAB-1 in full (the requester's field stock rises and on hand falls,
 * in one transaction), BLT-1 in part (the line splits 2 + 3) and holds the rest waiting on delivery;
 * a receive that covers the held lines answers reopenedCount 1 and the request is requested again.
 * Deny needs a reason; a plain user cannot fulfil; fulfilling more than on hand changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '../../../contract/requests.ts';
import { transitionRefused as transitionRefusedMessage } from '../../../contract/messages/requests.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let project: string;
let userId: string;
let user: string;
let manager: string;
let requestId: string;

const post = (cookie: string, url: string, payload?: object) => app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const patch = (cookie: string, url: string, payload: object) => app.inject({ method: 'PATCH', url, headers: { cookie }, payload });
const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });

async function stock(partNumber: string) {
  const items = (await get(manager, `/api/inventory/materials?project_id=${project}`)).json().items as Array<{
    PartNumber: string;
    QtyOnHand: number;
    FieldAssigned: number;
  }>;
  const row = items.find((r) => r.PartNumber === partNumber)!;
  return { onHand: row.QtyOnHand, field: row.FieldAssigned };
}
async function everything() {
  return {
    cab: await stock('CAB-1'),
    blt: await stock('BLT-1'),
    nut: await stock('NUT-1'),
    request: (await get(manager, `/api/requests/${requestId}`)).json(),
  };
}
const lineOf =
  (partNumber: string, status = 'requested') =>
  (request: { picklist: Array<{ part_number: string; status: string; line_id: string; qty: number }> }) =>
    request.picklist.find((l) => l.part_number === partNumber && l.status === status)!;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  userId = (await createUser(runtime, 'uma@example.com', 'uma password', 'user', { firstName: 'Uma', lastName: 'User' })).userId;
  const managerId = (await createUser(runtime, 'mia@example.com', 'mia password', 'user', { firstName: 'Mia', lastName: 'Manager' })).userId;
  project = await createProject(runtime.store, { name: 'Site A', customer: null, number: 'A-1' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, project, { type: 'add', userId, role: 'user' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, project, { type: 'add', userId: managerId, role: 'manager' }, { metadata: SYSTEM_ACTOR });
  user = await signIn(app, 'uma@example.com', 'uma password');
  manager = await signIn(app, 'mia@example.com', 'mia password');
  for (const [part_number, quantity] of [
    ['CAB-1', 10],
    ['BLT-1', 10],
    ['NUT-1', 2],
  ] as const) {
    const received = await post(manager, '/api/materials/receive', {
      project_id: project,
      part_number,
      quantity,
      part_name: part_number,
      standard_name: part_number,
    });
    expect(received.json().reopenedCount).toBe(0);
  }
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('a request from submit to re-open on receive', () => {
  it('a user requests 3 lines', async () => {
    const response = await post(user, '/api/requests/material', {
      project_id: project,
      pick_list: [
        { part_number: 'CAB-1', qty: 4, notes: 'for the north wall' },
        { part_number: 'blt-1', qty: 5 },
        { part_number: 'NUT-1', qty: 6 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const request = response.json();
    requestId = request.id;
    expect(request).toMatchObject({ status: 'requested', type: 'Material', requester_id: userId, requester_name: 'Uma User', num: 1, lines: 3, total_qty: 15 });
    expect(request.picklist.map((l: { part_number: string; qty: number; status: string }) => [l.part_number, l.qty, l.status])).toEqual([
      ['CAB-1', 4, 'requested'],
      ['BLT-1', 5, 'requested'],
      ['NUT-1', 6, 'requested'],
    ]);
  });

  it('a part the project does not have is refused', async () => {
    const response = await post(user, '/api/requests/material', { project_id: project, pick_list: [{ part_number: 'NOPE-9', qty: 1 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(REQUEST_MESSAGES.partNotFound);
  });

  it('a plain user cannot fulfil (403) and nothing changes', async () => {
    const before = await everything();
    const response = await post(user, `/api/requests/${requestId}/assign`);
    expect(response.statusCode).toBe(403);
    expect(await everything()).toEqual(before);
  });

  it('fulfilling more than on hand is refused and changes nothing', async () => {
    const before = await everything();
    const response = await post(manager, `/api/requests/${requestId}/assign`, { lines: [{ part_number: 'NUT-1', quantity: 6 }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Insufficient Quantity');
    const all = await patch(manager, `/api/requests/${requestId}/status`, { status: 'fulfilled' });
    expect(all.json().message).toBe('Insufficient Quantity');
    expect(await everything()).toEqual(before);
  });

  it('a manager fulfils one line in full: field stock rises, on hand falls, in one transaction', async () => {
    const request = (await get(manager, `/api/requests/${requestId}`)).json();
    const response = await post(manager, `/api/requests/${requestId}/assign`, {
      lines: [{ line_id: lineOf('CAB-1')(request).line_id, part_number: 'CAB-1', quantity: 4 }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('partial');
    expect(await stock('CAB-1')).toEqual({ onHand: 6, field: 4 });
    const { rows } = await sql<{ type: string; transaction_id: string }>`
      select type, transaction_id::text from events where type in ('RequestLineFulfilled', 'MaterialAssigned') order by global_position`.execute(
      runtime.store.db,
    );
    expect(rows.map((r) => r.type)).toEqual(['RequestLineFulfilled', 'MaterialAssigned']);
    expect(rows[0]!.transaction_id).toBe(rows[1]!.transaction_id);
    const assignees = (await get(manager, `/api/materials/assignees?project_id=${project}&number=CAB-1`)).json();
    expect(assignees.items ?? assignees).toEqual([expect.objectContaining({ uuid: userId, quantity: 4 })]);
  });

  it('one partially: the line splits 2 + 3', async () => {
    const response = await post(manager, `/api/requests/${requestId}/assign`, { lines: [{ part_number: 'BLT-1', quantity: 2 }] });
    expect(response.statusCode).toBe(200);
    const lines = response.json().picklist.filter((l: { part_number: string }) => l.part_number === 'BLT-1');
    expect(lines.map((l: { qty: number; status: string }) => [l.qty, l.status])).toEqual([
      [2, 'fulfilled'],
      [3, 'requested'],
    ]);
    expect(lines[1].split_from).toBe(lines[0].line_id);
    expect(await stock('BLT-1')).toEqual({ onHand: 8, field: 2 });
  });

  it('deny needs a reason', async () => {
    const response = await patch(manager, `/api/requests/${requestId}/status`, { status: 'denied' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(REQUEST_MESSAGES.reasonRequired);
    expect((await get(manager, `/api/requests/${requestId}`)).json().status).toBe('partial');
  });

  it('holds the rest with waiting_delivery', async () => {
    const response = await patch(manager, `/api/requests/${requestId}/status`, { status: 'on-hold', reason: 'waiting_delivery' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'on-hold', reason: 'waiting_delivery', waiting_delivery: true });
    const again = await patch(manager, `/api/requests/${requestId}/status`, { status: 'on-hold' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(transitionRefusedMessage('on-hold', 'hold'));
  });

  it('a receive that does not cover the held lines re-opens nothing; one that does answers reopenedCount 1', async () => {
    const short = await post(manager, '/api/materials/receive', { project_id: project, part_number: 'NUT-1', quantity: 3 });
    expect(short.json().reopenedCount).toBe(0);
    expect((await get(manager, `/api/requests/${requestId}`)).json().status).toBe('on-hold');
    const enough = await post(manager, '/api/materials/receive', { project_id: project, part_number: 'NUT-1', quantity: 1 });
    expect(enough.statusCode).toBe(200);
    expect(enough.json().reopenedCount).toBe(1);
    const request = (await get(user, `/api/requests/${requestId}`)).json();
    expect(request).toMatchObject({ status: 'requested', waiting_delivery: false, reason: null });
    expect(
      request.picklist.filter((l: { status: string }) => l.status === 'requested').map((l: { part_number: string; qty: number }) => [l.part_number, l.qty]),
    ).toEqual([
      ['NUT-1', 6],
      ['BLT-1', 3],
    ]);
  });

  it('the history tells the story, with the actors', async () => {
    const history = (await get(user, `/api/requests/${requestId}/history`)).json().items;
    expect(history.map((h: { action: string; user: string }) => [h.action, h.user])).toEqual([
      ['Submitted', 'Uma User'],
      ['Line fulfilled', 'Mia Manager'],
      ['Line fulfilled', 'Mia Manager'],
      ['Held', 'Mia Manager'],
      ['Re-opened', 'Mia Manager'],
    ]);
  });

  it('Fulfil All then closes it, and the requester sees it fulfilled in their history', async () => {
    const response = await patch(manager, `/api/requests/${requestId}/status`, { status: 'fulfilled' });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('fulfilled');
    expect(await stock('NUT-1')).toEqual({ onHand: 0, field: 6 });
    const mine = (await get(user, `/api/requests?mine=1&project_id=${project}`)).json();
    expect(mine.items.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([[requestId, 'fulfilled']]);
    const after = await patch(manager, `/api/requests/${requestId}/status`, { status: 'denied', reason: 'late' });
    expect(after.json().message).toBe(transitionRefusedMessage('fulfilled', 'deny'));
  });
});
