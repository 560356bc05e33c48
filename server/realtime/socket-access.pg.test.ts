/**
 * A socket follows its session and its project roles across server processes: each change is made
 * through process a while the socket is open on process b (socket-access.fixture.ts).
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { openRuntime, type Runtime } from '../runtime.ts';
import { signInTo, startTwoServers, type TwoServers } from '../../test/helpers/two-servers.ts';
import { socketAccessCases, type SocketAccessSetup } from './socket-access.fixture.ts';

let servers: TwoServers;
let runtime: Runtime;
let setup: SocketAccessSetup;

beforeAll(async () => {
  servers = await startTwoServers();
  runtime = await openRuntime({ databaseUrl: servers.testDb.url, dataDir: '', poolSize: 2, migrate: false });
  const { a, b } = servers;
  setup = { httpUrl: a.url, wsUrl: b.url.replace('http', 'ws'), runtime, adminCookie: await signInTo(a) };
});
afterAll(async () => {
  await runtime?.close();
  await servers?.stop();
});

describe('sockets follow the session across server processes', () => {
  socketAccessCases(() => setup);
});
