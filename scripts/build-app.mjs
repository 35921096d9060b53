// Builds an app's entry point into one ES module: `node ../../scripts/build-app.mjs src/main.ts dist/main.mjs`
// (each app's `build` script; turbo caches it). The workspace packages and the npm dependencies are
// bundled in; native addons (chDB, snappy, the ingest log's lock and CRC) stay imports resolved from the
// app's own dependencies, since they load binaries from paths relative to their packages.
// Why a bundle rather than tsx or per-file tsc output: docs/decisions/0012-production-start.md.
import { build } from 'esbuild';

/** Packages with native code; every app that bundles the ingest log or chDB lists them as dependencies. */
const NATIVE = /^(chdb|snappy|fs-native-extensions|@node-rs\/crc32|koffi)(\/|$)/;

const [entry, outfile] = process.argv.slice(2);
if (!entry || !outfile) throw new Error('usage: build-app.mjs <entry.ts> <out.mjs>');
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // CommonJS dependencies bundled into an ES module call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'native-external',
      setup(b) {
        b.onResolve({ filter: NATIVE }, (args) => ({ path: args.path, external: true }));
      },
    },
  ],
});
