/**
 * The request screens' other calls: the unread count (and the bootstrap's), mark-read, the list's
 * filters, sort, pages and CSV, line changes and finalise, the request image (checked by content,
 * size-limited, shown to members), the fulfilled e-mail in the outbox, and a bulk receive that
 * re-opens a request waiting on delivery.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_IMAGE_MAX_BYTES, REQUEST_MESSAGES } from '../../../contract/requests.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { multipartBody, PNG_1X1 } from '../../../test/helpers/multipart.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let dataDir: string;
let project: string;
let user: string;
let manager: string;
let outsider: string;

const post = (cookie: string, url: string, payload?: object) => app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const patch = (cookie: string, url: string, payload: object) => app.inject({ method: 'PATCH', url, headers: { cookie }, payload });
const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const request = async (cookie: string, lines: Array<{ part_number: string; qty: number }>, extra: object = {}) => {
  const response = await post(cookie, '/api/requests/material', { project_id: project, pick_list: lines, ...extra });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const unread = async (cookie: string) => (await get(cookie, `/api/requests/unread-count?projectId=${project}`)).json().count;
const upload = (cookie: string, data: Buffer) => {
  const form = multipartBody({ project_id: project }, { name: 'photo.png', type: 'image/png', data });
  return app.inject({ method: 'POST', url: '/api/upload/request-image', payload: form.payload, headers: { ...form.headers, cookie } });
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'requests-files-'));
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { storage: { kind: 'local', dataDir, maxUploadBytes: 50 * 1024 * 1024 } });
  const userId = (await createUser(runtime, 'uma@example.com', 'uma password', 'user', { firstName: 'Uma', lastName: 'User' })).userId;
  const managerId = (await createUser(runtime, 'mia@example.com', 'mia password', 'user', { firstName: 'Mia', lastName: 'Manager' })).userId;
  await createUser(runtime, 'out@example.com', 'out password', 'user');
  project = await createProject(runtime.store, { name: 'Site B', customer: null, number: 'B-1' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, project, { type: 'add', userId, role: 'user' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, project, { type: 'add', userId: managerId, role: 'manager' }, { metadata: SYSTEM_ACTOR });
  user = await signIn(app, 'uma@example.com', 'uma password');
  manager = await signIn(app, 'mia@example.com', 'mia password');
  outsider = await signIn(app, 'out@example.com', 'out password');
  for (const [part_number, quantity] of [
    ['PIPE-1', 50],
    ['VLV-2', 1],
  ] as const) {
    await post(manager, '/api/materials/receive', { project_id: project, part_number, quantity, part_name: `${part_number} name`, standard_name: part_number });
  }
});
afterAll(async () => {
  await app.close();
  await runtime.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('unread count', () => {
  it("counts others' new requests for a manager until marked read; the bootstrap carries it", async () => {
    expect(await unread(manager)).toBe(0);
    await request(user, [{ part_number: 'PIPE-1', qty: 1 }]);
    await request(user, [{ part_number: 'PIPE-1', qty: 2 }]);
    expect(await unread(manager)).toBe(2);
    expect(await unread(user)).toBe(0);
    expect((await get(manager, `/api/site/bootstrap?project_id=${project}`)).json().unread_count).toBe(2);
    expect((await get(user, `/api/site/bootstrap?project_id=${project}`)).json().unread_count).toBe(0);
    expect((await post(manager, '/api/requests/mark-read', { projectId: project })).json()).toEqual({ count: 0 });
    expect(await unread(manager)).toBe(0);
    await request(user, [{ part_number: 'VLV-2', qty: 1 }]);
    expect(await unread(manager)).toBe(1);
    expect((await get(outsider, `/api/requests/unread-count?projectId=${project}`)).statusCode).toBe(403);
  });
});

describe('the lists', () => {
  it('filters by status in both vocabularies, by text, pages, and exports CSV', async () => {
    const all = (await get(manager, `/api/requests?project_id=${project}`)).json();
    expect(all.total).toBe(3);
    const [newest] = all.items;
    expect(newest.items).toBe('VLV-2');
    await patch(manager, `/api/requests/${newest.id}/status`, { status: 'on-hold', reason: 'checking budget' });
    const open = (await get(manager, `/api/requests?project_id=${project}&status=open`)).json();
    expect(open.items.map((i: { status: string }) => i.status)).toEqual(['requested', 'requested']);
    expect((await get(manager, `/api/requests?project_id=${project}&status=requested`)).json().total).toBe(2);
    expect((await get(manager, `/api/requests?project_id=${project}&status=on-hold`)).json().items.map((i: { id: string }) => i.id)).toEqual([newest.id]);
    expect((await get(manager, `/api/requests?project_id=${project}&q=vlv`)).json().total).toBe(1);
    expect((await get(manager, `/api/requests?project_id=${project}&q=nothing-like-it`)).json()).toEqual({ items: [], total: 0 });
    const page = (await get(manager, `/api/requests?project_id=${project}&page=2&page_size=2&sort=request_date`)).json();
    expect(page.total).toBe(3);
    expect(page.items.map((i: { id: string }) => i.id)).toEqual([newest.id]);
    const mine = (await get(user, `/api/requests?mine=1&project_id=${project}`)).json();
    expect(mine.items[0].status).toBe('on-hold');
    expect((await get(user, `/api/requests?project_id=${project}`)).statusCode).toBe(403);
    const csv = await get(manager, `/api/requests?project_id=${project}&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Request","Date","Type","Status","Requester","Email","Items","Lines","Quantity","Reason"');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('"on-hold","Uma User","uma@example.com","VLV-2","1","1","checking budget"');
  });
  it('refuses a filter it does not know, naming the field', async () => {
    const response = await get(manager, `/api/requests?project_id=${project}&status=closed`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('status must be one of');
  });
});

describe('line changes and finalise', () => {
  it('the requester changes a quantity; a manager denies a line, and finalise closes the request', async () => {
    const made = await request(user, [
      { part_number: 'PIPE-1', qty: 3 },
      { part_number: 'VLV-2', qty: 1 },
    ]);
    const [pipe, valve] = made.picklist;
    const changed = await patch(user, `/api/requests/${made.id}/picklist`, { picklist: [{ line_id: pipe.line_id, qty: 4, notes: 'one spare' }] });
    expect(changed.json().picklist[0]).toMatchObject({ qty: 4, notes: 'one spare' });
    const refused = await patch(user, `/api/requests/${made.id}/picklist`, { picklist: [{ line_id: valve.line_id, status: 'denied' }] });
    expect(refused.statusCode).toBe(403);
    await patch(manager, `/api/requests/${made.id}/picklist`, { picklist: [{ line_id: valve.line_id, status: 'denied' }], reason: 'Discontinued' });
    const early = await patch(manager, `/api/requests/${made.id}/status`, { status: 'finalised' });
    expect(early.json().message).toBe(REQUEST_MESSAGES.notAllSettled);
    await post(manager, `/api/requests/${made.id}/assign`, { lines: [{ line_id: pipe.line_id, part_number: 'PIPE-1', quantity: 4 }] });
    const detail = (await get(manager, `/api/requests/${made.id}`)).json();
    expect(detail.status).toBe('fulfilled');
    expect(detail.picklist.map((l: { status: string }) => l.status)).toEqual(['fulfilled', 'denied']);
  });
});

describe('the request image', () => {
  it('stores a PNG, links it on the request, and shows it to members only', async () => {
    const response = await upload(user, PNG_1X1);
    expect(response.statusCode).toBe(200);
    const image = response.json();
    expect(image).toMatchObject({ content_type: 'image/png', size: PNG_1X1.length });
    expect(image.path).toMatch(new RegExp(`^request-images/${project}/[0-9a-f-]{36}\\.png$`));
    const made = await request(user, [{ part_number: 'PIPE-1', qty: 1 }], { image_path: image.path });
    expect(made.image_url).toBe(image.signed_url);
    const shown = await get(manager, new URL(image.signed_url).pathname);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(Buffer.from(shown.rawPayload).equals(PNG_1X1)).toBe(true);
    expect((await get(outsider, new URL(image.signed_url).pathname)).statusCode).toBe(403);
    const foreign = await post(user, '/api/requests/material', {
      project_id: project,
      pick_list: [{ part_number: 'PIPE-1', qty: 1 }],
      image_path: 'request-images/elsewhere/x.png',
    });
    expect(foreign.statusCode).toBe(400);
  });
  it('refuses a file that is not an image whatever its name, one too large, and one for a project not one’s own', async () => {
    const text = await upload(user, Buffer.from('just some text, named photo.png'));
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(REQUEST_MESSAGES.imageType);
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(REQUEST_IMAGE_MAX_BYTES)]);
    const tooLarge = await upload(user, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(REQUEST_MESSAGES.imageTooLarge);
    expect((await upload(outsider, PNG_1X1)).statusCode).toBe(403);
  });
});

describe('the fulfilled e-mail', () => {
  it('queues one message to the requester with the lines and the image link', async () => {
    const made = await request(user, [{ part_number: 'PIPE-1', qty: 2 }]);
    await patch(manager, `/api/requests/${made.id}/status`, { status: 'fulfilled' });
    const wrong = await post(manager, '/api/notify-fulfilled', { request_id: made.id, to: 'someone@else.com' });
    expect(wrong.statusCode).toBe(400);
    const response = await post(manager, '/api/notify-fulfilled', {
      request_id: made.id,
      to: 'uma@example.com',
      firstname: 'Uma',
      matlist: [{ name: 'PIPE-1 name', qty: 2 }],
      image_url: 'http://x/y.png',
      template_id: 2,
    });
    expect(response.json()).toEqual({ queued: 1 });
    // The requester's assignment e-mails arrive beside it (the notification consumer): this is the fulfilled one.
    const mail = await runtime.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_email', '=', 'uma@example.com')
      .where('subject', 'like', 'Request R-%')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Request R-${made.num} fulfilled`);
    expect(mail.body).toContain('Hi Uma,');
    expect(mail.body).toContain('PIPE-1 name  × 2');
    expect(mail.body).toContain('Image: http://x/y.png');
    expect((await post(user, '/api/notify-fulfilled', { request_id: made.id })).statusCode).toBe(403);
  });
  it('queues none when the requester turned assignment e-mails off', async () => {
    const made = await request(user, [{ part_number: 'PIPE-1', qty: 1 }]);
    expect((await patch(user, '/api/users/me/email-prefs', { emails: false })).statusCode).toBe(200);
    const fulfilledMails = () => runtime.store.db.selectFrom('outbox').select('id').where('subject', 'like', 'Request R-%').execute();
    const before = await fulfilledMails();
    expect((await post(manager, '/api/notify-fulfilled', { request_id: made.id })).json()).toEqual({ queued: 0 });
    expect(await fulfilledMails()).toHaveLength(before.length);
    await patch(user, '/api/users/me/email-prefs', { emails: true });
  });
});

describe('a bulk receive re-opens requests waiting on delivery', () => {
  it('answers reopenedCount 1 when the file covers the held line', async () => {
    const made = await request(user, [{ part_number: 'VLV-2', qty: 5 }]);
    await patch(manager, `/api/requests/${made.id}/status`, { status: 'on-hold', reason: 'waiting_delivery' });
    const csv = ['Part Number,Part Name,Part Nickname,Quantity', 'VLV-2,VLV-2 name,VLV-2,10'].join('\r\n');
    const response = await app.inject({
      method: 'POST',
      url: `/api/materials/bulk?project_id=${project}&action=receive`,
      headers: { cookie: manager, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().reopenedCount).toBe(1);
    expect((await get(manager, `/api/requests/${made.id}`)).json().status).toBe('requested');
  });
});

describe('a malformed upload', () => {
  it('is refused as the sender’s mistake (400), never a server error', async () => {
    const form = multipartBody({ project_id: project }, { name: 'photo.png', type: 'image/png', data: PNG_1X1 });
    const broken = await app.inject({
      method: 'POST',
      url: '/api/upload/request-image',
      payload: form.payload,
      headers: { cookie: user, 'content-type': 'multipart/form-data; boundary=not-the-one-used' },
    });
    expect(broken.statusCode).toBe(400);
  });
});
