/** Two real server processes on one fresh PostgreSQL database, and signing in to either. */
import { startServer, type RunningServer } from '../../e2e/helpers/server.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export interface TwoServers {
  testDb: TestDatabase;
  a: RunningServer;
  b: RunningServer;
  stop(): Promise<void>;
}

export async function startTwoServers(): Promise<TwoServers> {
  const testDb = await createTestDatabase();
  const a = await startServer({ DATABASE_URL: testDb.url! });
  const b = await startServer({ DATABASE_URL: testDb.url! });
  return {
    testDb,
    a,
    b,
    stop: async () => {
      await a.stop();
      await b.stop();
      await testDb.drop();
    },
  };
}

/** Signs in through one server and returns the session's cookie header; throws on refusal. */
export async function signInTo(server: RunningServer, credentials = server.admin): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
