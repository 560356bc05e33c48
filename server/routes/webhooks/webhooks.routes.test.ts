import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_NOT_FOUND } from '../../../contract/messages.ts';
import {
  WEBHOOK_MESSAGES,
  WEBHOOK_NOT_FOUND,
  WEBHOOK_PROJECT_ADMINS_ONLY,
  WEBHOOK_SITE_SUPERADMIN_ONLY,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '../../../contract/webhooks.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { AUDITOR_READ_ONLY_MESSAGE } from '../../ledger-audit/auditor-guard.ts';
import { runStock } from '../../materials/stock-commands.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let projectId: string;
let otherProjectId: string;
const cookies: Record<'boss' | 'admin' | 'manager' | 'outsider' | 'auditor', string> = { boss: '', admin: '', manager: '', outsider: '', auditor: '' };
const system = { metadata: SYSTEM_ACTOR };
/** A receiver on this machine that nothing answers: nothing may be sent further. */
const RECEIVER = 'http://127.0.0.1:9/hook';

const call = (who: keyof typeof cookies, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie: cookies[who] }, ...(payload ? { payload } : {}) });
const allowPrivate = (on: boolean) => call('boss', 'PATCH', '/api/site/settings', { webhooks_allow_private: on });

async function register(who: keyof typeof cookies, project: string | null, kinds = ['stock.moved']): Promise<WebhookWithSecret> {
  const response = await call(who, 'POST', '/api/webhooks', { project_id: project, url: RECEIVER, kinds, description: 'ERP feed' });
  expect(response.statusCode).toBe(201);
  return response.json();
}

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  const people = [
    ['boss', 'superadmin'],
    ['admin', 'user'],
    ['manager', 'user'],
    ['outsider', 'user'],
    ['auditor', 'auditor'],
  ] as const;
  const ids: Record<string, string> = {};
  for (const [key, role] of people) {
    ids[key] = (await createUser(runtime, `${key}@example.com`, `${key} password`, role, { firstName: 'Pat', lastName: key })).userId;
    cookies[key] = await signIn(app, `${key}@example.com`, `${key} password`);
  }
  projectId = await createProject(runtime.store, { name: 'Hooks', customer: null, number: 'WH-1' }, system);
  otherProjectId = await createProject(runtime.store, { name: 'Other', customer: null, number: 'WH-2' }, system);
  await changeMembership(runtime.store, projectId, { type: 'add', userId: ids.admin!, role: 'admin' }, system);
  await changeMembership(runtime.store, projectId, { type: 'add', userId: ids.manager!, role: 'manager' }, system);
  await changeMembership(runtime.store, projectId, { type: 'add', userId: ids.auditor!, role: 'admin' }, system);
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('registering an endpoint', () => {
  it('refuses plain http, loopback and private addresses while the site does not allow them, naming the url', async () => {
    await allowPrivate(false);
    for (const [url, message] of [
      ['https://127.0.0.1/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://10.1.2.3/hook', WEBHOOK_MESSAGES.privateAddress],
      ['https://[::1]/hook', WEBHOOK_MESSAGES.privateAddress],
      ['http://127.0.0.1:9/hook', WEBHOOK_MESSAGES.url],
      ['https://169.254.169.254/latest', WEBHOOK_MESSAGES.privateAddress],
    ] as const) {
      const response = await call('admin', 'POST', '/api/webhooks', { project_id: projectId, url, kinds: ['stock.moved'] });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ error: 'VALIDATION', message, field: 'url' });
    }
    expect(await runtime.store.db.selectFrom('webhook_endpoints').select('id').execute()).toEqual([]);
  });

  it('registers a loopback receiver once the site allows it, answering its secret this once', async () => {
    await allowPrivate(true);
    const created = await register('admin', projectId);
    expect(created).toMatchObject({
      project_id: projectId,
      url: RECEIVER,
      kinds: ['stock.moved'],
      description: 'ERP feed',
      enabled: true,
      disabled_reason: null,
      created_by_name: 'Pat admin',
      pending: 0,
      delivered_position: null,
      last_attempt_at: null,
      failing_since: null,
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    const head = await runtime.store.db
      .selectFrom('events')
      .select((eb) => eb.fn.max('global_position').as('head'))
      .executeTakeFirstOrThrow();
    const row = await runtime.store.db
      .selectFrom('webhook_endpoints')
      .select(['start_position', 'secret'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.start_position)).toBe(Number(head.head));
    expect(row.secret).toBe(created.secret);
  });

  it('still refuses link-local addresses and a kind it does not know when private receivers are allowed', async () => {
    const linkLocal = await call('admin', 'POST', '/api/webhooks', { project_id: projectId, url: 'http://169.254.169.254/', kinds: ['stock.moved'] });
    expect(linkLocal.json()).toEqual({ error: 'VALIDATION', message: WEBHOOK_MESSAGES.privateAddress, field: 'url' });
    const noKinds = await call('admin', 'POST', '/api/webhooks', { project_id: projectId, url: RECEIVER, kinds: [] });
    expect(noKinds.statusCode).toBe(400);
    expect(noKinds.json().message).toBe(WEBHOOK_MESSAGES.kindsRequired);
  });

  it("leaves a project's endpoints to its admins and site-wide ones to the superadmin", async () => {
    const body = { project_id: projectId, url: RECEIVER, kinds: ['stock.moved'] };
    expect((await call('manager', 'POST', '/api/webhooks', body)).json()).toEqual({ error: 'FORBIDDEN', message: WEBHOOK_PROJECT_ADMINS_ONLY });
    expect((await call('outsider', 'POST', '/api/webhooks', body)).statusCode).toBe(403);
    expect((await call('auditor', 'POST', '/api/webhooks', body)).json()).toEqual({ error: 'FORBIDDEN', message: AUDITOR_READ_ONLY_MESSAGE });
    const missing = await call('admin', 'POST', '/api/webhooks', { ...body, project_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.json()).toEqual({ error: 'NOT_FOUND', message: PROJECT_NOT_FOUND, field: 'project_id' });
    const siteWide = await call('admin', 'POST', '/api/webhooks', { ...body, project_id: null });
    expect(siteWide.json()).toEqual({ error: 'FORBIDDEN', message: WEBHOOK_SITE_SUPERADMIN_ONLY });
    expect((await register('boss', null)).project_id).toBeNull();
    expect((await register('boss', otherProjectId)).project_id).toBe(otherProjectId);
  });
});

describe('listing, changing and removing endpoints', () => {
  it("lists a project's endpoints to its admins and the site-wide ones to the superadmin, never with a secret", async () => {
    const project = await call('admin', 'GET', `/api/webhooks?project_id=${projectId}`);
    expect(project.statusCode).toBe(200);
    const items = project.json<{ items: WebhookEndpoint[] }>().items;
    expect(items.map((i) => i.project_id)).toEqual([projectId]);
    expect(project.body).not.toContain('whsec_');
    expect((await call('manager', 'GET', `/api/webhooks?project_id=${projectId}`)).statusCode).toBe(403);
    expect((await call('admin', 'GET', '/api/webhooks')).statusCode).toBe(403);
    const site = await call('boss', 'GET', '/api/webhooks');
    expect(site.json<{ items: WebhookEndpoint[] }>().items.map((i) => i.project_id)).toEqual([null]);
    expect(site.body).not.toContain('whsec_');
  });

  it('changes the kinds and description; hides an endpoint from those who may not see it', async () => {
    const { id } = await register('admin', projectId);
    const changed = await call('admin', 'PATCH', `/api/webhooks/${id}`, { kinds: ['request.changed', 'count.posted'], description: 'Counts' });
    expect(changed.json()).toMatchObject({ kinds: ['request.changed', 'count.posted'], description: 'Counts' });
    expect((await call('manager', 'PATCH', `/api/webhooks/${id}`, { description: 'x' })).json()).toEqual({
      error: 'FORBIDDEN',
      message: WEBHOOK_PROJECT_ADMINS_ONLY,
    });
    expect((await call('outsider', 'GET', `/api/webhooks/${id}`)).json()).toEqual({ error: 'NOT_FOUND', message: WEBHOOK_NOT_FOUND });
    const siteWide = await register('boss', null);
    expect((await call('admin', 'GET', `/api/webhooks/${siteWide.id}`)).statusCode).toBe(404);
    expect((await call('boss', 'GET', `/api/webhooks/${id}`)).statusCode).toBe(200);
  });

  it('refuses a new URL the guard does not admit', async () => {
    const { id } = await register('admin', projectId);
    await allowPrivate(false);
    const response = await call('admin', 'PATCH', `/api/webhooks/${id}`, { url: 'https://192.168.1.10/hook' });
    await allowPrivate(true);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: WEBHOOK_MESSAGES.privateAddress, field: 'url' });
  });

  it('enabling a disabled endpoint again clears why it stopped and makes what waits due now', async () => {
    const { id } = await register('admin', projectId);
    await runStock(
      runtime.store,
      { type: 'receive', location: { kind: 'project', id: projectId }, partNumber: 'EN-1', quantity: 3, partName: 'P', partNickname: 'P' },
      system,
    );
    await app.webhooks.drained();
    const later = new Date(Date.now() + 3_600_000);
    await runtime.store.db
      .updateTable('webhook_endpoints')
      .set({ enabled: false, disabled_reason: WEBHOOK_MESSAGES.disabledFailing, disabled_at: new Date(), failing_since: new Date() })
      .where('id', '=', id)
      .execute();
    await runtime.store.db.updateTable('webhook_deliveries').set({ next_attempt_at: later }).where('endpoint_id', '=', id).execute();
    const heard: string[] = [];
    const stop = app.webhooks.onEnqueued(() => heard.push('enqueued'));

    const response = await call('admin', 'PATCH', `/api/webhooks/${id}`, { enabled: true });
    stop();

    expect(response.json()).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null, pending: 1 });
    const waiting = await runtime.store.db.selectFrom('webhook_deliveries').select('next_attempt_at').where('endpoint_id', '=', id).execute();
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(heard).toEqual(['enqueued']);
  });

  it('rotates the secret, answering the new one', async () => {
    const { id, secret } = await register('admin', projectId);
    const rotated = await call('admin', 'POST', `/api/webhooks/${id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json<WebhookWithSecret>().secret).toMatch(/^whsec_/);
    expect(rotated.json<WebhookWithSecret>().secret).not.toBe(secret);
    expect((await call('manager', 'POST', `/api/webhooks/${id}/rotate-secret`)).statusCode).toBe(403);
  });

  it('removes an endpoint with what it had waiting', async () => {
    const { id } = await register('admin', projectId);
    expect((await call('auditor', 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(204);
    expect((await call('admin', 'GET', `/api/webhooks/${id}`)).statusCode).toBe(404);
    expect((await call('admin', 'DELETE', `/api/webhooks/${id}`)).statusCode).toBe(404);
  });
});

describe('attempts and replay', () => {
  it('pages the attempts newest first, fifty a page', async () => {
    const { id } = await register('admin', projectId);
    const attempts = Array.from({ length: 55 }, (_, i) => ({
      endpoint_id: id,
      position: i + 1,
      message_id: `evt_${i + 1}`,
      kind: 'stock.moved',
      attempted_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
      status: i % 2 === 0 ? 200 : null,
      error: i % 2 === 0 ? null : 'Connection refused',
      latency_ms: 10 + i,
    }));
    await runtime.store.db.insertInto('webhook_attempts').values(attempts).execute();
    const first = await call('admin', 'GET', `/api/webhooks/${id}/attempts`);
    expect(first.json().total).toBe(55);
    expect(first.json().items).toHaveLength(50);
    expect(first.json().items[0]).toEqual({
      id: expect.any(String),
      message_id: 'evt_55',
      kind: 'stock.moved',
      position: 55,
      attempted_at: '2026-01-01T00:00:54.000Z',
      status: 200,
      error: null,
      latency_ms: 64,
    });
    const second = await call('admin', 'GET', `/api/webhooks/${id}/attempts?page=2`);
    expect(second.json().items.map((a: { position: number }) => a.position)).toEqual([5, 4, 3, 2, 1]);
    expect((await call('admin', 'GET', `/api/webhooks/${id}`)).json().last_attempt_at).toBe('2026-01-01T00:00:54.000Z');
    expect((await call('manager', 'GET', `/api/webhooks/${id}/attempts`)).statusCode).toBe(403);
  });

  it('replays from a position: the events after it, counted', async () => {
    const { id } = await register('admin', projectId);
    const positions: number[] = [];
    for (const quantity of [1, 2, 3]) {
      const { position } = await runStock(
        runtime.store,
        { type: 'receive', location: { kind: 'project', id: projectId }, partNumber: 'RP-1', quantity, partName: 'P', partNickname: 'P' },
        system,
      );
      positions.push(position!);
    }
    await app.webhooks.drained();
    const replay = await call('admin', 'POST', `/api/webhooks/${id}/replay`, { from_position: positions[0] });
    expect(replay.json()).toEqual({ queued: 2 });
    const bad = await call('admin', 'POST', `/api/webhooks/${id}/replay`, { from_position: -1 });
    expect(bad.json()).toEqual({ error: 'VALIDATION', message: 'From position must be 0 or more.', field: 'from_position' });
    expect((await call('manager', 'POST', `/api/webhooks/${id}/replay`, { from_position: 0 })).statusCode).toBe(403);
  });
});
