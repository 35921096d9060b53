import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { AUTH, launch, type Service, stop, tempDir } from './helpers/service.ts';
import { drive, KINDS, Ledger, verify } from './helpers/workload.ts';

// Storage failure: every insert fails (the test-only fault preload makes the ClickHouse client's
// insert throw, as an unreachable server or a read-only disk would) while clients keep sending.
// Expected: waiting requests get 503 + Retry-After once the commit deadline (1.5 s here) passes,
// a full buffer answers 503 at once, /readyz says not ready, the process does not crash and
// its buffer stays within its bound; when inserts work again it recovers by itself, and every
// acknowledged record is stored.
const FAULTY = fileURLToPath(new URL('./fixtures/faulty-storage.mjs', import.meta.url));
const dataDir = tempDir('storage');
const faultFile = path.join(dataDir, 'fault');
const MAX_ROWS = 100;
let service: Service | undefined;

afterAll(async () => {
  if (service) await stop(service);
});

/** Values of the /metrics lines that match `pattern`. */
async function metricValues(base: string, pattern: RegExp): Promise<number[]> {
  const text = await (await fetch(`${base}/metrics`, { headers: AUTH })).text();
  return text
    .split('\n')
    .filter((line) => pattern.test(line))
    .map((line) => Number(line.split(' ').at(-1)));
}
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

it('answers 503 + Retry-After while writes fail, loses nothing acknowledged and recovers by itself', {
  timeout: 90_000,
}, async () => {
  service = await launch(
    {
      DATA_DIR: dataDir,
      SPANHOUSE_TEST_FAULT_FILE: faultFile,
      INGEST_COMMIT_TIMEOUT_MS: '1500',
      INGEST_BUFFER_MAX_ROWS: String(MAX_ROWS),
      INGEST_FLUSH_ROWS: '50',
      INGEST_FLUSH_INTERVAL_MS: '15',
    },
    { preload: [FAULTY] },
  );
  const s = service;
  const kinds = KINDS;
  const run = async (ledger: Ledger, ms: number, concurrency = 10) => {
    let done = false;
    await Promise.all([
      drive({ base: s.base, ledger, kinds, concurrency, until: () => done, backoffMs: 50 }),
      sleep(ms).then(() => (done = true)),
    ]);
  };

  const before = new Ledger('before');
  await run(before, 800);
  expect(before.acked).toBeGreaterThan(0);

  writeFileSync(faultFile, 'fail');
  const during = new Ledger('during');
  let maxDepth = 0;
  let readyDuring = 0;
  let failing = true;
  const watch = (async () => {
    while (failing) {
      maxDepth = Math.max(maxDepth, ...(await metricValues(s.base, /^spanhouse_ingest_buffer_rows\{/)));
      const r = await fetch(`${s.base}/readyz`);
      if (r.status === 503) readyDuring++;
      await r.arrayBuffer();
      await sleep(100);
    }
  })();
  await run(during, 4000, 40);
  failing = false;
  await watch;

  expect(during.violations).toEqual([]);
  expect(during.statuses.get('503') ?? 0).toBeGreaterThan(0);
  expect(during.statuses.get('connection-error') ?? 0).toBe(0);
  // Nothing sent after the failure began could be acknowledged, except requests whose insert
  // had already started before it.
  expect(during.acked).toBeLessThanOrEqual(20);
  expect(readyDuring).toBeGreaterThan(0);
  // Memory stays bounded: the buffer filled up to its limit and no further; past it, requests
  // were refused at once.
  expect(maxDepth).toBeGreaterThan(MAX_ROWS / 2);
  expect(maxDepth).toBeLessThanOrEqual(MAX_ROWS);
  expect(sum(await metricValues(s.base, /^spanhouse_ingest_flush_failures_total\{/))).toBeGreaterThan(0);
  expect(s.child.exitCode).toBeNull();

  writeFileSync(faultFile, '');
  // Recovery by itself: the retry loop finds storage back (backoff is at most 5 s).
  const t0 = Date.now();
  while ((await fetch(`${s.base}/readyz`)).status !== 200) {
    expect(Date.now() - t0).toBeLessThan(15_000);
    await sleep(100);
  }
  const recoveredAfterMs = Date.now() - t0;
  const after = new Ledger('after');
  await run(after, 800);
  expect(after.acked).toBeGreaterThan(0);
  expect(after.statuses.get('503') ?? 0).toBe(0);

  const found = await verify(s.base, [before, during, after]);
  expect(found.problems).toEqual([]);
  // The rows queued while storage failed were written on recovery: the buffer is empty again.
  expect(sum(await metricValues(s.base, /^spanhouse_ingest_buffer_rows\{/))).toBe(0);
  console.log(
    `storage failure: before ${before.acked} acknowledged; while failing ${[...during.statuses]
      .map(([k, v]) => `${v} x ${k}`)
      .join(
        ', ',
      )}, buffer peak ${maxDepth} rows in one table (limit ${MAX_ROWS}); ready again ${recoveredAfterMs} ms after storage returned; ` +
      `after ${after.acked} acknowledged; acknowledged/found traces ${found.ackedTraces}/${found.foundTraces}, ` +
      `points ${found.ackedPoints}/${found.foundPoints}`,
  );
});
