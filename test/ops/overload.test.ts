import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { AUTH, launch, type Service, stop, tempDir } from './helpers/service.ts';
import { drive, KINDS, Ledger, verify } from './helpers/workload.ts';

// Overload: a small buffer (60 rows, 4 MiB per table) in front of slowed storage (every insert
// waits 100 ms, by the test-only fault preload), pushed by 64 concurrent clients, a quarter of
// them sending 256 KiB generations, for 4 s: far more than the buffer holds. Expected: 429 with
// Retry-After for what does not fit, a resident set that stays under the bound below, and every
// acknowledged record stored.
//
// RSS bound: the idle process (chDB loaded, the service warmed up) plus 300 MiB of headroom, and
// never more than 900 MiB in all. The buffer holds at most ~8 MiB of rows (two tables x 4 MiB);
// the rest of the headroom is request bodies being parsed (64 x at most 256 KiB) and chDB's own
// insert buffers. Measured on the 2-core reference machine: see the console line.
const RSS_HEADROOM = 300 * 1024 * 1024;
const RSS_CEILING = 900 * 1024 * 1024;
const FAULTY = fileURLToPath(new URL('./fixtures/faulty-storage.mjs', import.meta.url));
const dataDir = tempDir('overload');
const faultFile = path.join(dataDir, 'fault');
let service: Service | undefined;

afterAll(async () => {
  if (service) await stop(service);
});

/** Big generations: 256 KiB of prompt each, through the batch endpoint. */
async function bigWorker(base: string, ledger: Ledger, until: () => boolean) {
  const prompt = 'x'.repeat(256 * 1024);
  while (!until()) {
    const id = `${ledger.prefix}-big${ledger.nextId()}`;
    const obs = [`${id}-o0`];
    ledger.sentTraces.set(id, obs);
    const body = JSON.stringify({
      trace: { id, timestamp: '2026-04-01T00:00:00Z', name: 'ops' },
      observations: [{ id: obs[0], type: 'GENERATION', startTime: '2026-04-01T00:00:00Z', input: prompt }],
    });
    try {
      const res = await fetch(`${base}/v1/l/batch`, {
        method: 'POST',
        body,
        headers: { ...AUTH, 'Content-Type': 'application/json' },
      });
      await res.arrayBuffer();
      ledger.count(String(res.status));
      if (res.status === 200) ledger.ackedTraces.set(id, obs);
      else if (res.status === 429 && !res.headers.get('retry-after')) ledger.violations.push('429 without Retry-After');
      else if (res.status !== 429) ledger.violations.push(`big request answered ${res.status}`);
    } catch {
      ledger.count('connection-error');
    }
    if (!until()) await sleep(20);
  }
}

it('answers 429 + Retry-After past capacity, keeps RSS bounded and stores everything acknowledged', {
  timeout: 90_000,
}, async () => {
  service = await launch(
    {
      DATA_DIR: dataDir,
      SPANHOUSE_TEST_FAULT_FILE: faultFile,
      INGEST_BUFFER_MAX_ROWS: '60',
      INGEST_BUFFER_MAX_BYTES: String(4 * 1024 * 1024),
      INGEST_FLUSH_ROWS: '30',
      INGEST_FLUSH_INTERVAL_MS: '20',
    },
    { preload: [FAULTY] },
  );
  const s = service;
  const kinds = KINDS;
  // Warm up (JIT, chDB caches), then take the idle baseline.
  const warm = new Ledger('warm');
  let warmDone = false;
  await Promise.all([
    drive({ base: s.base, ledger: warm, kinds, concurrency: 4, until: () => warmDone }),
    sleep(1000).then(() => (warmDone = true)),
  ]);
  await sleep(300);
  const baseline = s.rssBytes();
  const bound = Math.min(baseline + RSS_HEADROOM, RSS_CEILING);

  writeFileSync(faultFile, 'delay 100');
  const ledger = new Ledger('overload');
  let done = false;
  let peak = 0;
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, s.rssBytes());
      await sleep(25);
    }
  })();
  const until = () => done;
  const load = Promise.all([
    drive({ base: s.base, ledger, kinds, concurrency: 48, until, backoffMs: 5 }),
    ...Array.from({ length: 16 }, () => bigWorker(s.base, ledger, until)),
  ]);
  await sleep(4000);
  done = true;
  await Promise.all([load, sampler]);
  writeFileSync(faultFile, '');

  expect(ledger.violations).toEqual([]);
  const refused = ledger.statuses.get('429') ?? 0;
  // Far past capacity: a large share of all requests was turned away.
  expect(refused).toBeGreaterThan(50);
  expect(refused / (refused + ledger.acked)).toBeGreaterThan(0.3);
  expect(ledger.acked).toBeGreaterThan(0);
  expect(ledger.statuses.get('connection-error') ?? 0).toBe(0);
  expect(peak).toBeLessThan(bound);

  // Nothing acknowledged is lost: the same process, once the buffer drained.
  await sleep(500);
  const found = await verify(s.base, [warm, ledger]);
  expect(found.problems).toEqual([]);
  console.log(
    `overload: ${[...ledger.statuses].map(([k, v]) => `${v} x ${k}`).join(', ')}; RSS idle ${mib(baseline)} MiB, ` +
      `peak ${mib(peak)} MiB, bound ${mib(bound)} MiB; acknowledged/found traces ${found.ackedTraces}/${found.foundTraces}, ` +
      `points ${found.ackedPoints}/${found.foundPoints}`,
  );
});

const mib = (b: number) => Math.round(b / 1024 / 1024);
