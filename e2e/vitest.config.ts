import { defineConfig } from 'vitest/config';

// Browser tests drive Debian's Chromium against the built server; run `npm run build` first.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
