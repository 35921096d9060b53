import { defineConfig } from 'vitest/config';

/**
 * Shared by every package's vitest.config.ts. Each test file runs in its own process (forks):
 * chDB binds one data folder per process, and every file opens its own folder and database.
 * Timeouts are generous because CI runs two packages at once on two cores: a property test or a
 * chDB start that takes 1 s alone can take 10 s there. Speed is proven by bench/, never by tests.
 */
export default defineConfig({
  test: {
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a page or a process to show what it must: 1 s (the default) is short
    // for a browser and the service sharing two cores with another test file.
    expect: { poll: { timeout: 10_000 } },
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**'],
  },
});
