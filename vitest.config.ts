import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Database tests run on PGlite unless TEST_DATABASE_URL points at PostgreSQL; tests that need two
// real concurrent connections live in *.pg.test.ts and join the run only then, and tests of how the
// run uses PGlite itself live in *.pglite.test.ts and leave it then.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const ALL = '{contract,ledger,projections,server,client,migrations,test}/**/*.test.{ts,tsx}';
const CLIENT = 'client/**/*.test.{ts,tsx}';
const TEST_DIRS = ['contract', 'ledger', 'projections', 'server', 'client', 'migrations', 'test'];

/**
 * Files that replace a module with vi.mock: the replacement only takes when the module is loaded
 * afresh, so these files get their own module graph. Found by reading the test files, so a new one
 * cannot be left sharing modules by mistake.
 */
function filesThatMock(): string[] {
  return TEST_DIRS.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((file) => `${dir}/${file}`)
      .filter((file) => /\.test\.tsx?$/.test(file) && !file.includes('node_modules') && /\bvi\.mock\(/.test(readFileSync(file, 'utf8'))),
  );
}
const MOCKING = filesThatMock();
const excluded = ['**/node_modules/**', onPostgres ? '**/*.pglite.test.ts' : '**/*.pg.test.ts'];

export default defineConfig({
  resolve: { alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) } },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Worker threads start a file faster than child processes: server/routes' 44 files took 242 s
    // instead of 315 s with forks on two cores, the difference mostly in loading modules.
    pool: 'threads',
    // Vitest's default is one worker fewer than the cores, which on a two-core machine is one: the
    // tests wait on the database as much as on the processor, so use every core.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: [ALL],
          exclude: [...excluded, CLIENT, ...MOCKING],
          // One migrated database for the run; every file's database starts as a copy of it.
          globalSetup: ['test/global-setup.ts'],
          // A worker loads the server's modules once for all its files instead of once per file (a
          // third of the suite's processor time). Each file still opens its own database and app;
          // state a file keeps at module level is reset in its own hooks.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'client',
          include: [CLIENT],
          exclude: [...excluded, ...MOCKING],
          // Loaded for every file even when modules are shared: the DOM's stand-ins and the cleanup after each test.
          setupFiles: ['client/src/test/setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: MOCKING, exclude: excluded, globalSetup: ['test/global-setup.ts'], setupFiles: ['client/src/test/setup.ts'] },
      },
    ],
  },
});
