/**
 * An upload that never ends holds no connection for long: a request body that stops arriving is cut
 * off after the idle timeout, and the server keeps answering everyone else.
 */
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestRuntime } from '../test/helpers/test-database.ts';
import { buildTestApp } from '../test/helpers/test-app.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { socketIdleTimeoutMs: 500 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('an upload that never ends', () => {
  it('is cut off when its body stops arriving, while other requests are answered', async () => {
    const socket = connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"email":"');
    const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    // Without the idle timeout the connection would stay open until the test times out.
    await ended;
    expect(socket.destroyed).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  });
});
