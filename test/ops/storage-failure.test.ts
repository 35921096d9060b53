import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { AUTH, launch, type Service, stop, tempDir } from '../support/service-process.ts';
import { ackedPoints, drive, KINDS, Ledger, storedPointTotal, verify, waitReady } from '../support/ops/workload.ts';

// ClickHouse failing under load: every insert fails (the test-only fault preload makes the
// engine's insert throw, as an unreachable server or a read-only disk would) while clients keep
// sending. With the ingest log, requests go on being acknowledged into it until its disk budget
// is full, and only then are refused (429 + Retry-After); /readyz stays ready and says what is
// going on; the process neither crashes nor answers 503; when inserts work again the backlog
// drains by itself and every acknowledged record is stored exactly once.
// The outage: six times the longest pause between insert retries (5 s) and ten times the backlog
// bound (3 s) that refuses requests while ClickHouse takes inserts, so the retries have reached
// their longest pause and requests go on being acknowledged well past that bound.
const OUTAGE_MS = 30_000;
const FAULTY = fileURLToPath(new URL('../support/ops/fixtures/faulty-storage.mjs', import.meta.url));
let service: Service | undefined;

afterEach(async () => {
  if (service) await stop(service);
  service = undefined;
});

async function metric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: AUTH })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

async function run(base: string, ledger: Ledger, ms: number, concurrency = 4) {
  let done = false;
  await Promise.all([
    drive({ base, ledger, kinds: KINDS, concurrency, until: () => done, backoffMs: 50 }),
    sleep(ms).then(() => (done = true)),
  ]);
}

/** Starts the service with failing inserts switchable through a file. */
async function start(env: Record<string, string>) {
  const dataDir = tempDir('storage');
  const faultFile = path.join(dataDir, 'fault');
  service = await launch(
    { DATA_DIR: dataDir, SPANHOUSE_TEST_FAULT_FILE: faultFile, INGEST_FLUSH_INTERVAL_MS: '50', ...env },
    { preload: [FAULTY] },
  );
  return { s: service, fail: (on: boolean) => writeFileSync(faultFile, on ? 'fail' : '') };
}

/** Waits until the log has nothing left to insert, then checks the store against the ledgers. */
async function drainedAndVerified(base: string, ledgers: Ledger[]) {
  const t0 = Date.now();
  while ((await metric(base, 'spanhouse_ingest_log_uncommitted_records')) > 0) {
    expect(Date.now() - t0).toBeLessThan(120_000);
    await sleep(200);
  }
  const drainMs = Date.now() - t0;
  const found = await verify(base, ledgers, []);
  expect(found.problems).toEqual([]);
  expect(found.foundTraces).toBe(found.ackedTraces);
  expect(await storedPointTotal(base)).toBe(ackedPoints(ledgers));
  return { drainMs, found };
}

it(`goes on acknowledging into the log for ${OUTAGE_MS / 1000} s while ClickHouse refuses inserts, then drains it all`, {
  timeout: 240_000,
}, async () => {
  const { s, fail } = await start({});
  const before = new Ledger('before');
  await run(s.base, before, 800);
  expect(before.acked).toBeGreaterThan(0);

  fail(true);
  const during = new Ledger('during');
  const notes: string[] = [];
  let readyStatuses = new Set<number>();
  let watching = true;
  const watch = (async () => {
    while (watching) {
      const r = await fetch(`${s.base}/readyz`);
      readyStatuses.add(r.status);
      const body = (await r.json()) as { note?: string };
      if (body.note) notes.push(body.note);
      await sleep(500);
    }
  })();
  await run(s.base, during, OUTAGE_MS);
  watching = false;
  await watch;
  const logBytes = await metric(s.base, 'spanhouse_ingest_log_bytes');
  const backlogAge = await metric(s.base, 'spanhouse_ingest_log_backlog_age_seconds');

  expect(during.violations).toEqual([]);
  expect(during.acked).toBeGreaterThan(100);
  // No refusal at all: the budget (1 GiB by default) was never reached.
  expect([...during.statuses.keys()]).toEqual(['200']);
  expect(readyStatuses).toEqual(new Set([200]));
  expect(notes.at(-1)).toMatch(/ClickHouse has refused inserts for \d+ s/);
  expect(backlogAge).toBeGreaterThan(OUTAGE_MS / 2000);
  expect(s.child.exitCode).toBeNull();

  fail(false);
  const after = new Ledger('after');
  await run(s.base, after, 800);
  expect(after.statuses.get('200')).toBe(after.acked);
  const { drainMs, found } = await drainedAndVerified(s.base, [before, during, after]);
  console.log(
    `ClickHouse failing ${OUTAGE_MS / 1000} s: ${during.acked} requests acknowledged into the log meanwhile (log ${(logBytes / 1048576).toFixed(1)} MiB, ` +
      `oldest row ${backlogAge.toFixed(0)} s old), no refusal; drained ${drainMs} ms after inserts worked again; ` +
      `traces ${found.ackedTraces}/${found.foundTraces}, points ${ackedPoints([before, during, after])} stored`,
  );
  readyStatuses = new Set();
});

it('refuses with 429 + Retry-After once a small log budget is full, and takes requests again once it drains', {
  timeout: 120_000,
}, async () => {
  const { s, fail } = await start({ INGEST_LOG_MAX_BYTES: String(2 * 1024 * 1024) });
  fail(true);
  const during = new Ledger('full');
  let full = false;
  await Promise.race([
    drive({ base: s.base, ledger: during, kinds: KINDS, concurrency: 8, until: () => full, backoffMs: 20 }),
    (async () => {
      while (!during.statuses.get('429')) await sleep(50);
      await sleep(1_000);
      full = true;
    })(),
  ]);
  full = true;
  expect(during.violations).toEqual([]);
  expect(during.statuses.get('429')).toBeGreaterThan(0);
  expect(during.statuses.get('503') ?? 0).toBe(0);
  expect(during.acked).toBeGreaterThan(0);
  expect(await metric(s.base, 'spanhouse_ingest_log_bytes')).toBeLessThanOrEqual(2 * 1024 * 1024);

  fail(false);
  await waitReady(s.base);
  const { found } = await drainedAndVerified(s.base, [during]);
  const after = new Ledger('after-full');
  await run(s.base, after, 500);
  expect(after.statuses.get('429') ?? 0).toBe(0);
  expect(after.acked).toBeGreaterThan(0);
  console.log(
    `small log budget (2 MiB): ${during.acked} acknowledged, then ${during.statuses.get('429')} x 429 with Retry-After; ` +
      `after the drain, traces ${found.ackedTraces}/${found.foundTraces} and every point stored, new requests accepted`,
  );
});
