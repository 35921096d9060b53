import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDb, TABLES } from '@spanhouse/db';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { DEFAULT_SPEC, hexToUuid, type TraceSpec, traceHexId, userOf } from '../gen/traces.ts';
import type { BenchOptions } from '../lib/args.ts';
import { httpRequest } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { type Service, startService } from '../lib/service.ts';
import { fmt, percentile } from '../lib/stats.ts';
import { DATABASE, loadedDataset, loadTraceDataset, tableBytes } from '../traces/load.ts';

const DAY = 86_400_000;
const DELETED = 10_000;

/**
 * The data lifecycle at scale (docs/data-lifecycle.md), on the trace data set ending today (so a
 * retention cuts it), built once a day (reused like trace-queries') and copied for each run, which
 * deletes from its copy:
 * - 10,000 single DELETE /api/public/traces/{id} and one DELETE of 10,000 ids: each answer's
 *   latency, and the time from the last answer until the trace is gone from every read of it (by
 *   id, its observations, its scores);
 * - the trace list (no filter, by user) before any tombstone and with the 20,000, in one run;
 * - a 7-day retention set on the 30 days: the list's count at once, then the data folder's size
 *   before and after the sweep that gives the expired rows' disk back.
 */
export async function lifecycleSuite(opts: BenchOptions): Promise<string> {
  const spec: TraceSpec = { ...DEFAULT_SPEC, traces: opts.traces, endMs: Math.floor(Date.now() / DAY) * DAY };
  const pristine = path.join(opts.dir, `lifecycle-${spec.traces}-data`);
  const dataDir = path.join(opts.dir, `lifecycle-${spec.traces}`);
  let info = opts.reload ? undefined : loadedDataset(pristine, spec, [DEFAULT_PROJECT_ID]);
  if (info) log(`reusing ${pristine} (${info.traces} traces)`);
  else {
    log(`loading ${spec.traces} traces into ${pristine}`);
    info = await loadTraceDataset(pristine, spec);
  }
  // The engine's links inside its folder are relative: a copy is a store of its own.
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(pristine, dataDir, { recursive: true, verbatimSymlinks: true });
  const svc = await startService({ dataDir });
  let running = true;
  const auth = { Authorization: `Bearer ${svc.token}` };
  const runs = opts.smoke ? 10 : opts.runs;
  try {
    const lists = async () => ({
      all: await timed(runs, () => get(svc, '/api/public/traces')),
      user: await timed(runs, (k) => get(svc, `/api/public/traces?userId=${userOf(spec, k * 7919)}`)),
    });
    await timed(5, () => get(svc, '/api/public/traces'));
    const before = await lists();

    const ids = (from: number) => Array.from({ length: DELETED }, (_, k) => hexToUuid(traceHexId(spec, from + k)));
    const singles = ids(0);
    const single: number[] = [];
    for (const id of singles) {
      const r = await httpRequest(`${svc.url}/api/public/traces/${id}`, { method: 'DELETE', headers: auth });
      if (r.status !== 200) throw new Error(`DELETE -> ${r.status}: ${r.body}`);
      single.push(r.ms);
    }
    const singleGone = await goneAfter(svc, singles.at(-1)!);
    const bulkIds = ids(DELETED);
    const bulkBody = JSON.stringify({ traceIds: bulkIds });
    // node:http sends a DELETE body only with its length given.
    const bulk = await httpRequest(`${svc.url}/api/public/traces`, {
      method: 'DELETE',
      headers: { ...auth, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(bulkBody)) },
      body: bulkBody,
    });
    if (bulk.status !== 200) throw new Error(`bulk DELETE -> ${bulk.status}: ${bulk.body}`);
    const bulkGone = await goneAfter(svc, bulkIds.at(-1)!);
    for (const id of [...singles.slice(0, 20), ...bulkIds.slice(0, 20)]) {
      const r = await httpRequest(`${svc.url}/api/public/traces/${id}`, { headers: auth });
      if (r.status !== 404) throw new Error(`deleted trace ${id} still read (${r.status})`);
    }
    await timed(5, () => get(svc, '/api/public/traces'));
    const after = await lists();

    // Retention: 7 days of the 30.
    const sizeBefore = folderBytes(dataDir);
    const setBody = JSON.stringify({ name: 'spanhouse', retention: 7 });
    const set = await httpRequest(`${svc.url}/api/public/projects/spanhouse`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(setBody)) },
      body: setBody,
    });
    if (set.status !== 200) throw new Error(`PUT retention -> ${set.status}: ${set.body}`);
    const oldest = await oldestListed(svc);
    const setAt = Date.now();
    // The sweep runs a minute after a change; wait for the folder to shrink (or give up at 4 min:
    // replaced parts stay on disk until ClickHouse removes them, old_parts_lifetime, 8 min).
    let sizeAfter = sizeBefore;
    const sweepStart = Date.now();
    while (Date.now() - sweepStart < 240_000) {
      await sleep(10_000);
      sizeAfter = folderBytes(dataDir);
      if (sizeAfter < sizeBefore * 0.5) break;
    }
    const sweptAfterS = (Date.now() - sweepStart) / 1000;
    // Each table's bytes on disk (active parts) after the sweep, read once the service is stopped.
    await svc.stop();
    running = false;
    const db = await openDb({ dataDir, database: DATABASE, readers: 1 });
    const swept = await tableBytes(db).finally(() => db.close());
    const bytesRow = (name: string) => {
      const b = info.bytes[name] ?? 0;
      const a = swept[name] ?? 0;
      return [name, fmt(b / 1024 ** 2), fmt(a / 1024 ** 2), `${fmt(a / b)}×`];
    };

    const row = (name: string, b: number[], a: number[]) => {
      const ratio = percentile(a, 50) / percentile(b, 50);
      return [
        name,
        fmt(percentile(b, 50)),
        fmt(percentile(a, 50)),
        `${fmt(ratio)}×`,
        ratio <= 1.1 ? 'met' : '**missed**',
      ];
    };
    return [
      `### Data lifecycle (${fmt(info.traces)} traces, ${fmt(info.observations)} observations over ${spec.days} days ending today)`,
      '',
      `One client, requests one at a time; ${runs} timed list requests per row.`,
      '',
      table(
        [
          'deletion',
          'answers',
          'p50 ms',
          'p99 ms',
          'max ms',
          'gone from every read after the last answer (ms)',
          'target',
        ],
        [
          [
            `${fmt(DELETED)} × DELETE /api/public/traces/{id}`,
            single.length,
            fmt(percentile(single, 50)),
            fmt(percentile(single, 99)),
            fmt(Math.max(...single)),
            fmt(singleGone),
            percentile(single, 99) <= 50 && singleGone <= 1000 ? 'met' : '**missed**',
          ],
          [
            `1 × DELETE /api/public/traces {traceIds: ${fmt(DELETED)}}`,
            1,
            fmt(bulk.ms),
            fmt(bulk.ms),
            fmt(bulk.ms),
            fmt(bulkGone),
            bulk.ms <= 50 && bulkGone <= 1000 ? 'met' : '**missed**',
          ],
        ],
      ),
      '',
      table(
        ['trace list', 'p50 ms, no tombstones', `p50 ms, ${fmt(2 * DELETED)} tombstones`, 'ratio', 'target ≤ 1.1×'],
        [row('no filter', before.all, after.all), row('userId', before.user, after.user)],
      ),
      '',
      `Retention of 7 days set on the 30: the oldest trace listed at once is ${fmt((setAt - oldest) / DAY)} days old (target ≤ 7). ` +
        `Data folder ${fmt(sizeBefore / 1024 ** 2)} MiB before, ${fmt(sizeAfter / 1024 ** 2)} MiB ${fmt(sweptAfterS)} s after the change (the sweep starts a minute after it).`,
      '',
      table(
        ['table', 'MiB on disk, loaded (30 days)', 'MiB after the sweep', 'ratio (7 of 30 days kept: ~0.23×)'],
        [TABLES.traces, TABLES.observationPieces, TABLES.traceSearch, TABLES.scores].map(bytesRow),
      ),
    ].join('\n');
  } finally {
    if (running) await svc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function get(svc: Service, p: string): Promise<number> {
  const r = await httpRequest(`${svc.url}${p}`, { headers: { Authorization: `Bearer ${svc.token}` } });
  if (r.status !== 200) throw new Error(`GET ${p} -> ${r.status}: ${r.body.toString().slice(0, 200)}`);
  return r.ms;
}

async function timed(n: number, one: (k: number) => Promise<number>): Promise<number[]> {
  const out: number[] = [];
  for (let k = 0; k < n; k++) out.push(await one(k));
  return out;
}

/**
 * ms from now until the trace is gone from every read of it: GET /api/public/traces/{id} answers
 * 404, and its observations and scores are no longer listed (polled every 5 ms).
 */
async function goneAfter(svc: Service, id: string): Promise<number> {
  const start = performance.now();
  const headers = { Authorization: `Bearer ${svc.token}` };
  const listed = async (p: string) => {
    const r = await httpRequest(`${svc.url}${p}`, { headers });
    if (r.status !== 200) throw new Error(`GET ${p} -> ${r.status}`);
    return (JSON.parse(r.body.toString()) as { data: unknown[] }).data.length;
  };
  for (;;) {
    const byId = await httpRequest(`${svc.url}/api/public/traces/${id}`, { headers });
    if (
      byId.status === 404 &&
      (await listed(`/api/public/observations?traceId=${id}`)) === 0 &&
      (await listed(`/api/public/v2/scores?traceId=${id}`)) === 0
    )
      return performance.now() - start;
    if (performance.now() - start > 30_000) throw new Error(`trace ${id} still read 30 s after its deletion`);
    await sleep(5);
  }
}

/** The timestamp (ms) of the oldest trace the list shows. */
async function oldestListed(svc: Service): Promise<number> {
  const r = await httpRequest(`${svc.url}/api/public/traces?orderBy=timestamp.asc&limit=1`, {
    headers: { Authorization: `Bearer ${svc.token}` },
  });
  const body = JSON.parse(r.body.toString()) as { data: { timestamp: string }[] };
  return Date.parse(body.data[0]!.timestamp);
}

/** Bytes the data folder takes on disk. */
function folderBytes(dir: string): number {
  return Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]);
}
