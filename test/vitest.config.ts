import { defineConfig } from 'vitest/config';

// Each test file runs in its own process (forks): chDB binds one data folder per process, and
// every file opens its own folder and database (openTestDb), so files never share rows.
export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
  },
});
