/**
 * After `vite build`: writes a gzip copy beside every text asset (the server sends it to clients
 * that accept gzip, so nothing is compressed per request) and reports the bundle's gzipped size,
 * JS + CSS, against the budget. A bundle over budget fails the build.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

/** The UI's size budget: JS + CSS, gzipped. */
export const BUDGET_GZIP_BYTES = 250 * 1024;
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const files = walk(dist).filter((f) => COMPRESSIBLE.test(f));
let bundleRaw = 0;
let bundleGzip = 0;
const rows: string[] = [];
for (const file of files) {
  const raw = readFileSync(file);
  const gz = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
  writeFileSync(`${file}.gz`, gz);
  if (/\.(js|css)$/.test(file)) {
    bundleRaw += raw.length;
    bundleGzip += gz.length;
    rows.push(
      `  ${path.relative(dist, file).padEnd(40)} ${kb(raw.length).padStart(9)} ${kb(gz.length).padStart(9)} gzip`,
    );
  }
}
console.log(`\nweb bundle (JS + CSS):\n${rows.join('\n')}`);
console.log(
  `  ${'total'.padEnd(40)} ${kb(bundleRaw).padStart(9)} ${kb(bundleGzip).padStart(9)} gzip (budget ${kb(BUDGET_GZIP_BYTES)})\n`,
);
if (bundleGzip > BUDGET_GZIP_BYTES) {
  console.error(`the web bundle is ${kb(bundleGzip)} gzipped, over its budget of ${kb(BUDGET_GZIP_BYTES)}`);
  process.exit(1);
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
