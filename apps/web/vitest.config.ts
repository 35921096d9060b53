import { defineConfig } from 'vitest/config';

/** Unit and component tests of the UI's logic, in happy-dom (no browser, no service). */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    environment: 'happy-dom',
    include: ['test/**/*.test.{ts,tsx}'],
  },
});
