// Two server processes on one PostgreSQL: a commit through one reaches a browser connected to the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../e2e/helpers/server.ts';
import { openSocket } from '../../test/helpers/socket.ts';
import { signInTo, startTwoServers, type TwoServers } from '../../test/helpers/two-servers.ts';

let servers: TwoServers;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  servers = await startTwoServers();
  ({ a, b } = servers);
});
afterAll(async () => {
  await servers?.stop();
});

describe('realtime across server processes', () => {
  it('delivers a receive made through one process to a websocket on the other within a second', async () => {
    const cookieA = await signInTo(a);
    const cookieB = await signInTo(b);
    const created = await fetch(`${a.url}/api/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieA },
      body: JSON.stringify({ project_name: 'Shared', project_customer: null, project_number: 'S-1' }),
    });
    const project = (await created.json()) as { id: string };

    // Process b reads the inventory first, so it remembers the project's state tag.
    const inventoryOnB = async () => {
      const response = await fetch(`${b.url}/api/inventory/materials?project_id=${project.id}`, { headers: { cookie: cookieB } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { items: Array<{ PartNumber: string; QtyOnHand: number }> }).items;
    };
    expect(await inventoryOnB()).toEqual([]);

    const socket = await openSocket(`${b.url.replace('http', 'ws')}/ws`, cookieB);
    await socket.send({ type: 'subscribe', projectId: project.id }, 'subscribed');
    const received = await fetch(`${a.url}/api/materials/receive`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieA },
      body: JSON.stringify({ project_id: project.id, part_number: 'X-1', quantity: 4, part_name: 'Part', standard_name: 'Part' }),
    });
    expect(received.status).toBe(200);
    // The bound: the other process's browser hears of it within a second.
    const message = await socket.next('changed', 1000);
    expect(message).toMatchObject({ projectId: project.id });
    expect(message.topics).toEqual(expect.arrayContaining(['inventory', 'logs']));
    // The browser refetches on that message: process b must not answer from its remembered tag.
    expect(await inventoryOnB()).toMatchObject([{ PartNumber: 'X-1', QtyOnHand: 4 }]);
    socket.close();
  });
});
