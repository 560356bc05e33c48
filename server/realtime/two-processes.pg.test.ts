// Two server processes on one PostgreSQL: a commit through one reaches a browser connected to the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../e2e/helpers/server.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.ts';
import { openSocket } from '../../test/helpers/socket.ts';

let testDb: TestDatabase;
let a: RunningServer;
let b: RunningServer;

async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(server.admin),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  a = await startServer({ DATABASE_URL: testDb.url! });
  b = await startServer({ DATABASE_URL: testDb.url! });
});
afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await testDb?.drop();
});

describe('realtime across server processes', () => {
  it('delivers a receive made through one process to a websocket on the other within a second', async () => {
    const cookieA = await signIn(a);
    const cookieB = await signIn(b);
    const created = await fetch(`${a.url}/api/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: cookieA },
      body: JSON.stringify({ project_name: 'Shared', project_customer: null, project_number: 'S-1' }),
    });
    const project = (await created.json()) as { id: string };

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
    socket.close();
  });
});
