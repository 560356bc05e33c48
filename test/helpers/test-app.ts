/** Builds the real app over a test runtime, with a helper that signs in and returns its cookies. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import type { Runtime } from '../../server/runtime.ts';
import { registerUser, SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import type { GlobalRole } from '../../ledger/user/events.ts';
import { newSigningKeyPem } from '../../ledger/seal/signing-key.ts';

/** One signing key per test process, so no test writes a key file; the sealer runs only where a test asks for it. */
const TEST_SIGNING_KEY = newSigningKeyPem();

// Files a test app stores land in the system's temporary directory, never in the repository's data/.
const testFilesDir = join(tmpdir(), `stockledger-test-files-${process.pid}`);

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    logLevel: 'silent',
    loginRateLimit: 1000,
    storage: { kind: 'local', dataDir: testFilesDir, maxUploadBytes: 50 * 1024 * 1024 },
    ledgerSealer: false,
    ledgerSigningKey: TEST_SIGNING_KEY,
    ...overrides,
  };
}

export async function buildTestApp(runtime: Runtime, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), store: runtime.store, engine: runtime.database.engine, logger: false });
  await app.ready();
  return app;
}

export async function createUser(
  runtime: Runtime,
  email: string,
  password: string,
  role: GlobalRole = 'user',
  names = { firstName: 'Test', lastName: 'User' },
) {
  return registerUser(runtime.store, { email, password, role, ...names }, SYSTEM_ACTOR);
}

/** Cookie header value from a response's Set-Cookie headers (name=value pairs only). */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export function cookieValue(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((c) => c.name === name)?.value;
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookieHeader(response);
}
