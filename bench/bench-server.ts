/**
 * A real server for a benchmark that measures over HTTP: on PGlite, or on a database of its own on
 * the PostgreSQL at `baseUrl` (dropped afterwards), signed in as the site's admin.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type RunningServer, startServer } from '../e2e/helpers/server.ts';
import { signIn } from './server-load.ts';

export interface BenchSession {
  server: RunningServer;
  /** The server's database on PostgreSQL, or null on PGlite. */
  databaseUrl: string | null;
  /** The signed-in admin's cookie header. */
  cookie: string;
  /** POSTs JSON as the admin and answers the JSON reply; a refusal throws with its status and body. */
  post: <T>(path: string, body: object) => Promise<T>;
}

/** Runs one statement as the PostgreSQL superuser at `url` (creating and dropping bench databases). */
export async function admin(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

export async function withBenchServer<T>(
  baseUrl: string | null,
  { name, poolSize }: { name: string; poolSize: number },
  run: (session: BenchSession) => Promise<T>,
): Promise<T> {
  const dbName = `stockledger_bench_${name}_${randomBytes(4).toString('hex')}`;
  let env: Record<string, string> = {};
  let databaseUrl: string | null = null;
  if (baseUrl) {
    const url = new URL(baseUrl);
    url.pathname = `/${dbName}`;
    await admin(baseUrl, `create database ${dbName}`);
    databaseUrl = url.toString();
    env = { DATABASE_URL: databaseUrl, DB_POOL_SIZE: String(poolSize) };
  }
  const server = await startServer({ ...env, LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000' });
  try {
    const cookie = await signIn(server);
    const post = async <R>(path: string, body: object): Promise<R> => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${(await response.text()).slice(0, 300)}`);
      return (await response.json()) as R;
    };
    return await run({ server, databaseUrl, cookie, post });
  } finally {
    await server.stop();
    if (baseUrl) await admin(baseUrl, `drop database if exists ${dbName} with (force)`);
  }
}
