import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { openSocket } from '../../test/helpers/socket.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let url: string;
let boss: string;
let outsider: string;
let projectId: string;
let otherProjectId: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  await createUser(runtime, 'outsider@example.com', 'outsider password', 'user');
  boss = await signIn(app, 'boss@example.com', 'boss password');
  outsider = await signIn(app, 'outsider@example.com', 'outsider password');
  projectId = await createProject(runtime.store, { name: 'Live', customer: null, number: 'L-1' }, { metadata: SYSTEM_ACTOR });
  otherProjectId = await createProject(runtime.store, { name: 'Other', customer: null, number: 'L-2' }, { metadata: SYSTEM_ACTOR });
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const receive = (project: string, part: string) =>
  app.inject({
    method: 'POST',
    url: '/api/materials/receive',
    headers: { cookie: boss },
    payload: { project_id: project, part_number: part, quantity: 3, part_name: part, standard_name: part },
  });

describe('realtime', () => {
  it('tells a subscribed browser which topics of its project changed after a commit', async () => {
    await receive(otherProjectId, 'OTHER-1');
    await receive(projectId, 'LIVE-1');
    const socket = await openSocket(`${url}/ws`, boss);
    await socket.send({ type: 'subscribe', projectId }, 'subscribed');
    await receive(otherProjectId, 'OTHER-1');
    await receive(projectId, 'LIVE-1');
    const message = await socket.next('changed');
    expect(message).toEqual({ type: 'changed', projectId, topics: ['inventory', 'logs'] });
    socket.close();
  });

  it('also serves /ws/requests', async () => {
    const socket = await openSocket(`${url}/ws/requests`, boss);
    await socket.send({ type: 'subscribe', projectId }, 'subscribed');
    await receive(projectId, 'LIVE-2');
    // A new part number changes the shared catalogue too.
    expect(await socket.next('changed')).toEqual({ type: 'changed', projectId, topics: ['catalog', 'inventory', 'logs'] });
    socket.close();
  });

  it('tells browsers about a move between a warehouse and a project: the project side, and every warehouse screen', async () => {
    const created = await app.inject({ method: 'POST', url: '/api/warehouses', headers: { cookie: boss }, payload: { name: 'Live Yard' } });
    const warehouseId = created.json().id;
    const receive = await app.inject({
      method: 'POST',
      url: `/api/warehouses/${warehouseId}/materials/receive`,
      headers: { cookie: boss },
      payload: { part_number: 'LIVE-1', quantity: 5, location: { rack: 'A' } },
    });
    expect(receive.statusCode).toBe(200);
    const dashboard = await openSocket(`${url}/ws`, boss);
    await dashboard.send({ type: 'subscribe', projectId }, 'subscribed');
    const warehouseScreen = await openSocket(`${url}/ws`, boss);
    await warehouseScreen.send({ type: 'subscribe', projectId: '*' }, 'subscribed');
    const assign = await app.inject({
      method: 'POST',
      url: `/api/warehouses/${warehouseId}/materials/assign`,
      headers: { cookie: boss },
      payload: { part_number: 'LIVE-1', quantity: 2, from_location: { rack: 'A' }, project_id: projectId },
    });
    expect(assign.statusCode).toBe(200);
    expect(await dashboard.next('changed')).toEqual({ type: 'changed', projectId, topics: ['inventory', 'logs', 'warehouses'] });
    expect(await warehouseScreen.next('changed')).toEqual({ type: 'changed', projectId: '*', topics: ['warehouses'] });
    dashboard.close();
    warehouseScreen.close();
  });

  it("refuses a subscription to a project the user cannot see, and a connection that isn't signed in", async () => {
    const socket = await openSocket(`${url}/ws`, outsider);
    const refused = await socket.send({ type: 'subscribe', projectId }, 'error');
    expect(refused).toEqual({ type: 'error', message: 'You do not have access to this project.' });
    socket.close();
    const anonymous = new WebSocket(`${url}/ws`);
    const code = await new Promise<number>((resolve) => anonymous.on('close', (c) => resolve(c)));
    expect(code).toBe(4401);
  });
});
