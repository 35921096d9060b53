import { rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { launch, type Service, stop, tempDir } from '../support/service-process.ts';
import { drive, type Found, KINDS, Ledger, verify } from '../support/ops/workload.ts';

// Crash: the all-in-one service as a child process on its own data folder, under sustained
// concurrent ingest on all three paths (batch traces, OTLP spans, metric points), killed with
// SIGKILL mid-stream and restarted on the same folder, ROUNDS times. Every record whose request
// got 200 must be stored exactly once (by id and count) after each restart. The settings keep
// every step of the log busy all the time, so kills land inside each of them: appends and their
// fdatasync run for every request, inserts start every 20 ms, and 64 KiB segments fill (and,
// once committed, are removed) every few dozen requests. Kill moments come from a fixed seed.
const ROUNDS = 10;
const dataDir = tempDir('crash');
const env = { DATA_DIR: dataDir, INGEST_FLUSH_INTERVAL_MS: '20', INGEST_LOG_SEGMENT_BYTES: String(64 * 1024) };
let service: Service | undefined;

afterAll(async () => {
  if (service) await stop(service);
  rmSync(dataDir, { recursive: true, force: true });
});

/** Kill moments between 30 and 1,200 ms after the first acknowledgements (mulberry32, seed 16). */
function killMoments(n: number, seed = 16): number[] {
  let a = seed;
  return Array.from({ length: n }, () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return 30 + Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * 1170);
  });
}

it(`loses nothing acknowledged and counts nothing twice when killed with SIGKILL mid-stream, ${ROUNDS} times`, {
  timeout: 600_000,
}, async () => {
  service = await launch(env);
  const ledgers: Ledger[] = [];
  const figures: (Found & {
    run: number;
    killAfterMs: number;
    requests: number;
    cut: number;
    refused: number;
    replayed: number;
    torn: number;
  })[] = [];
  for (const [run, killAfterMs] of killMoments(ROUNDS).entries()) {
    const ledger = new Ledger(`crash${run}`);
    ledgers.push(ledger);
    let killed = false;
    const load = drive({ base: service.base, ledger, kinds: KINDS, concurrency: 12, until: () => killed });
    // Kill moments count from the first acknowledgements, so a slow start does not eat them.
    while (ledger.acked < 5) await sleep(5);
    await sleep(killAfterMs);
    // The kill lands while requests are in flight. On a loaded machine the service may be
    // refusing everything (429/503 with Retry-After) and every worker in its pause between
    // requests; the kill then waits for the next request to be on its way.
    const deadline = Date.now() + 5_000;
    while (ledger.inFlight === 0 && Date.now() < deadline) await new Promise(setImmediate);
    service.child.kill('SIGKILL');
    killed = true;
    const exit = await service.exited;
    await load;
    expect(exit.signal).toBe('SIGKILL');
    expect(ledger.violations).toEqual([]);
    // A real crash test only if the kill landed mid-stream: requests had been acknowledged (and,
    // checked over all rounds below, others were cut off in flight by the kill).
    expect(ledger.acked).toBeGreaterThanOrEqual(5);

    service = await launch(env);
    const recovered = service.logged('ingest log recovered; replaying what was not committed');
    // Traces of every run so far (one paged list), points of this run (a query per series).
    const found = await verify(service.base, ledgers, [ledger]);
    expect(found.problems).toEqual([]);
    figures.push({
      ...found,
      run: run + 1,
      killAfterMs,
      requests: [...ledger.statuses.values()].reduce((a, b) => a + b),
      cut: ledger.statuses.get('connection-error') ?? 0,
      refused: (ledger.statuses.get('429') ?? 0) + (ledger.statuses.get('503') ?? 0),
      replayed: Number(recovered?.toReplay ?? 0),
      torn: Number(recovered?.tornTails ?? 0),
    });
  }
  const all = await verify(service.base, ledgers);
  expect(all.problems).toEqual([]);
  expect(all.foundTraces).toBe(all.ackedTraces);
  expect(all.foundObservations).toBe(all.ackedObservations);
  expect(all.foundPoints).toBe(all.ackedPoints);
  // Kills landed while acknowledged records waited for (or were in) their insert: those were
  // replayed at the next start.
  expect(figures.filter((f) => f.replayed > 0).length).toBeGreaterThan(0);
  // The kill is sent while a request is in flight, but its answer can still win the race (a 429
  // takes a millisecond); most rounds must have cut requests off.
  expect(figures.filter((f) => f.cut > 0).length).toBeGreaterThanOrEqual(ROUNDS / 2);
  console.log(
    `crash test (kinds: ${KINDS.join(', ')}):\n${figures
      .map(
        (f) =>
          `  run ${f.run}: kill -9 ${f.killAfterMs} ms into the stream, ${f.requests} requests sent ` +
          `(${f.refused} refused with 429/503, ${f.cut} cut off by the kill); at restart ` +
          `${f.replayed} records replayed, ${f.torn} torn tail(s) cut; acknowledged/found (traces and observations ` +
          `cumulative, points this run): traces ${f.ackedTraces}/${f.foundTraces}, observations ` +
          `${f.ackedObservations}/${f.foundObservations}, metric points ${f.ackedPoints}/${f.foundPoints}`,
      )
      .join('\n')}\n  all runs: traces ${all.ackedTraces}/${all.foundTraces}, observations ` +
      `${all.ackedObservations}/${all.foundObservations}, metric points ${all.ackedPoints}/${all.foundPoints}`,
  );
});

it('replays what a killed process acknowledged but had not inserted, and says ready only once it is all readable', {
  timeout: 120_000,
}, async () => {
  const dir = tempDir('replay');
  const faultFile = `${dir}/fault`;
  const faulty = fileURLToPath(new URL('../support/ops/fixtures/faulty-storage.mjs', import.meta.url));
  const replayEnv = { DATA_DIR: dir, SPANHOUSE_TEST_FAULT_FILE: faultFile };
  let s = await launch(replayEnv, { preload: [faulty] });
  writeFileSync(faultFile, 'fail');
  const ledger = new Ledger('replay');
  let done = false;
  await Promise.all([
    drive({ base: s.base, ledger, kinds: KINDS, concurrency: 4, until: () => done }),
    sleep(1_500).then(() => (done = true)),
  ]);
  expect(ledger.acked).toBeGreaterThan(10);
  s.child.kill('SIGKILL');
  await s.exited;

  // Inserts now work, slowly: the replay takes a while, and readiness waits for it.
  writeFileSync(faultFile, 'delay 1500');
  s = await launch(replayEnv, { preload: [faulty] });
  const first = await fetch(`${s.base}/readyz`);
  expect(first.status).toBe(503);
  expect(((await first.json()) as { message: string }).message).toMatch(/replaying the ingest log/);
  writeFileSync(faultFile, '');
  const found = await verify(s.base, [ledger]);
  expect(found.problems).toEqual([]);
  expect(found.foundTraces).toBe(found.ackedTraces);
  expect(found.foundPoints).toBe(found.ackedPoints);
  await stop(s);
  rmSync(dir, { recursive: true, force: true });
});
