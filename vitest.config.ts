import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Database tests run on PGlite unless TEST_DATABASE_URL points at PostgreSQL; tests that need two
// real concurrent connections live in *.pg.test.ts and join the run only then.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  resolve: { alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) } },
  test: {
    include: ['{contract,ledger,projections,server,client,migrations,test}/**/*.test.{ts,tsx}'],
    exclude: ['**/node_modules/**', ...(onPostgres ? [] : ['**/*.pg.test.ts'])],
    environment: 'node',
    // One migrated database for the run; every file's database starts as a copy of it.
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Worker threads start a file faster than child processes: server/routes' 44 files took 242 s
    // instead of 315 s with forks on two cores, the difference mostly in loading modules.
    pool: 'threads',
    // Vitest's default is one worker fewer than the cores, which on a two-core machine is one: the
    // tests wait on the database as much as on the processor, so use every core.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
