import { rmSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { launch, type Service, stop, tempDir } from './helpers/service.ts';
import { drive, type Found, KINDS, Ledger, verify } from './helpers/workload.ts';

// Crash: the all-in-one service as a child process on its own data folder, under sustained
// concurrent ingest (batch traces, OTLP spans, metric points), killed with SIGKILL mid-stream,
// restarted on the same folder. Every record whose request got 200 must be stored, exactly (by
// id and count). Five kills at different moments, on one folder, so recovery is also tested
// after earlier crashes. Short flushes keep inserts running nearly all the time, so kills land
// inside inserts as well as between them.
const KILL_AFTER_MS = [300, 1300, 700, 2100, 1000];
const dataDir = tempDir('crash');
const env = { DATA_DIR: dataDir, INGEST_FLUSH_INTERVAL_MS: '15' };
let service: Service | undefined;

afterAll(async () => {
  if (service) await stop(service);
  rmSync(dataDir, { recursive: true, force: true });
});

it('loses nothing acknowledged when killed with SIGKILL mid-stream, five times', { timeout: 180_000 }, async () => {
  service = await launch(env);
  const kinds = KINDS;
  const ledgers: Ledger[] = [];
  const figures: (Found & { run: number; killAfterMs: number; requests: number })[] = [];
  for (const [run, killAfterMs] of KILL_AFTER_MS.entries()) {
    const ledger = new Ledger(`crash${run}`);
    ledgers.push(ledger);
    let killed = false;
    const load = drive({ base: service.base, ledger, kinds, concurrency: 12, until: () => killed });
    // Kill moments count from the first acknowledgements, so a slow start does not eat them.
    while (ledger.acked < 5) await sleep(5);
    await sleep(killAfterMs);
    service.child.kill('SIGKILL');
    killed = true;
    const exit = await service.exited;
    await load;
    expect(exit.signal).toBe('SIGKILL');
    expect(ledger.violations).toEqual([]);
    // A real crash test only if the kill landed mid-stream: requests had been acknowledged, and
    // others were cut off in flight by the kill.
    expect(ledger.acked).toBeGreaterThanOrEqual(5);
    expect(ledger.statuses.get('connection-error') ?? 0).toBeGreaterThan(0);

    service = await launch(env);
    // Traces of every run so far (one paged list), points of this run (a query per series).
    const found = await verify(service.base, ledgers, [ledger]);
    expect(found.problems).toEqual([]);
    figures.push({
      ...found,
      run: run + 1,
      killAfterMs,
      requests: [...ledger.statuses.values()].reduce((a, b) => a + b),
    });
  }
  const all = await verify(service.base, ledgers);
  expect(all.problems).toEqual([]);
  expect(all.foundTraces).toBe(all.ackedTraces);
  expect(all.foundObservations).toBe(all.ackedObservations);
  expect(all.foundPoints).toBe(all.ackedPoints);
  // The figures for the report: cumulative over the runs, since every run checks all earlier ones too.
  console.log(
    `crash test (kinds: ${kinds.join(', ')}):\n${figures
      .map(
        (f) =>
          `  run ${f.run}: kill -9 ${f.killAfterMs} ms into the stream, ${f.requests} requests sent; acknowledged/found ` +
          `(traces and observations cumulative, points this run): traces ${f.ackedTraces}/${f.foundTraces}, ` +
          `observations ${f.ackedObservations}/${f.foundObservations}, metric points ${f.ackedPoints}/${f.foundPoints}`,
      )
      .join('\n')}\n  all runs: traces ${all.ackedTraces}/${all.foundTraces}, observations ` +
      `${all.ackedObservations}/${all.foundObservations}, metric points ${all.ackedPoints}/${all.foundPoints}`,
  );
});
