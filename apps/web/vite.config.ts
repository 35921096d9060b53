import { defineConfig } from 'vite';

/**
 * The UI is served by the query API at `/` (see packages/http's webUi). `pnpm dev` serves it
 * with hot reload on :5173 and proxies the API to a service started with `pnpm start`.
 */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist', assetsDir: 'assets', sourcemap: false, reportCompressedSize: false },
  server: { proxy: { '/api': process.env.SPANHOUSE_API ?? 'http://127.0.0.1:3000' } },
});
