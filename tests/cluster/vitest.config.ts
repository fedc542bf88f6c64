import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster` only (not part of `npm test`'s projects): one real cluster for the file,
 * its tests in order, one at a time.
 */
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    sequence: { concurrent: false },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
