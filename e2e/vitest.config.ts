import { defineConfig } from 'vitest/config';

// Browser tests drive Debian's Chromium against the built server; run `npm run build` first.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    // A screen catches up with the server through a refetch; on a busy machine that can take more than
    // expect.poll's default second, which would fail a test over timing rather than behaviour.
    expect: { poll: { timeout: 5_000 } },
  },
});
