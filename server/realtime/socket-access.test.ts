/** A socket follows its session and its project roles, in one server process (socket-access.fixture.ts). */
import { afterAll, beforeAll, describe } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { socketAccessCases, type SocketAccessSetup } from './socket-access.fixture.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let setup: SocketAccessSetup;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const host = `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  setup = { httpUrl: `http://${host}`, wsUrl: `ws://${host}`, runtime, adminCookie: await signIn(app, 'boss@example.com', 'boss password') };
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('sockets follow the session, in one server process', () => {
  socketAccessCases(() => setup);
});
