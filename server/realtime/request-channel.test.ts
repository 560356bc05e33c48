/**
 * The request channel over a real socket: a manager following the project hears a new request and a
 * receive's re-opening; a plain member hears only the re-opening; the general channel hears neither.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { openSocket } from '../../test/helpers/socket.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let url: string;
let boss: string;
let manager: string;
let worker: string;
let workerId: string;
let projectId: string;

const call = (cookie: string, method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object) =>
  app.inject({ method, url: path, headers: { cookie }, payload });

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  const managerId = (await createUser(runtime, 'mia@example.com', 'manager password', 'user')).userId;
  workerId = (await createUser(runtime, 'ann@example.com', 'worker password', 'user')).userId;
  boss = await signIn(app, 'boss@example.com', 'boss password');
  manager = await signIn(app, 'mia@example.com', 'manager password');
  worker = await signIn(app, 'ann@example.com', 'worker password');
  projectId = await createProject(runtime.store, { name: 'Harbour', customer: null, number: 'H-1' }, { metadata: SYSTEM_ACTOR });
  for (const [user_id, project_role] of [
    [managerId, 'manager'],
    [workerId, 'user'],
  ] as const) {
    expect((await call(boss, 'POST', '/api/projects/assign', { user_id, project_id: projectId, project_role })).statusCode).toBe(200);
  }
  const received = await call(boss, 'POST', '/api/materials/receive', {
    project_id: projectId,
    part_number: 'BOLT',
    quantity: 1,
    part_name: 'Bolt',
    standard_name: 'Bolt',
  });
  expect(received.statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('WebSocket /ws/requests', () => {
  it("tells the project's managers of a new request, and everyone of a receive that re-opens one", async () => {
    const managerSocket = await openSocket(`${url}/ws/requests`, manager);
    await managerSocket.send({ type: 'subscribe', projectId }, 'subscribed');
    const workerSocket = await openSocket(`${url}/ws/requests`, worker);
    await workerSocket.send({ type: 'subscribe', projectId }, 'subscribed');
    const general = await openSocket(`${url}/ws`, manager);
    await general.send({ type: 'subscribe', projectId }, 'subscribed');

    const submitted = await call(worker, 'POST', '/api/requests/material', { project_id: projectId, pick_list: [{ part_number: 'BOLT', qty: 3 }] });
    expect(submitted.statusCode).toBe(200);
    const request = submitted.json();
    expect(await managerSocket.next('request_submitted')).toEqual({
      type: 'request_submitted',
      projectId,
      requestId: request.id,
      num: request.num,
      actorId: workerId,
    });
    // Everyone following the project refetches its request lists.
    expect((await workerSocket.next('changed')).topics).toContain('requests');
    expect((await general.next('changed')).topics).toContain('requests');

    const held = await call(manager, 'PATCH', `/api/requests/${request.id}/status`, { status: 'on-hold', reason: 'waiting_delivery' });
    expect(held.statusCode).toBe(200);
    const receipt = await call(boss, 'POST', '/api/materials/receive', {
      project_id: projectId,
      part_number: 'BOLT',
      quantity: 5,
      part_name: 'Bolt',
      standard_name: 'Bolt',
    });
    expect(receipt.json().reopenedCount).toBe(1);
    const reopened = { type: 'request_reopened', projectId, requestId: request.id, num: 0 };
    expect(await workerSocket.next('request_reopened')).toMatchObject(reopened);
    expect(await managerSocket.next('request_reopened')).toMatchObject(reopened);

    // A plain member is not told of new requests; the general channel carries no notices at all.
    await expect(workerSocket.next('request_submitted', 300)).rejects.toThrow(/no "request_submitted"/);
    await expect(general.next('request_submitted', 300)).rejects.toThrow(/no "request_submitted"/);
    await expect(general.next('request_reopened', 300)).rejects.toThrow(/no "request_reopened"/);
    for (const socket of [managerSocket, workerSocket, general]) socket.close();
  });
});
