import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openDb, queryRows, TABLES } from '@spanhouse/db';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { DEFAULT_SPEC, type TraceSpec } from '../gen/traces.ts';
import type { BenchOptions } from '../lib/args.ts';
import { httpRequest } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { type Service, startService } from '../lib/service.ts';
import { fmt, percentile } from '../lib/stats.ts';
import {
  DATABASE,
  type LoadInfo,
  loadedDataset,
  loadTraceDataset,
  tableBytes,
  upgradeDataset,
} from '../traces/load.ts';
import { runTraceQueries, traceQueryComparison } from '../traces/queries.ts';
import { sampleDataset } from '../traces/sample.ts';

const DAY = 86_400_000;
const DELETED = 10_000;
/** DELETE /api/public/traces requests of DELETED fresh ids each, so the answer has a p50 and a p99. */
const BULK_REQUESTS = 10;
/** The trace tables a retention reclaims (the search documents are trace data too). */
const RECLAIMED = [TABLES.traces, TABLES.observationPieces, TABLES.traceSearch, TABLES.scores, TABLES.scoreTimes];
/** How long the bench waits for every table's bytes to settle after a retention is set (smoke: 5 min). */
const reclaimBoundMs = (opts: BenchOptions) => (opts.smoke ? 5 : 30) * 60_000;
/** The list scenarios compared with and without tombstones (traces/queries.ts). */
const LIST_SCENARIOS = /^list, (no filter|userId)/;

/**
 * The data lifecycle at scale (docs/data-lifecycle.md), on the trace data set ending today (so a
 * retention cuts it), built once a day (reused like trace-queries') and copied for each part
 * (--only deletions|retention): the deletions run on a copy while a second copy without them
 * answers the same list requests in turn.
 * - 10,000 single DELETE /api/public/traces/{id}: each answer's latency, and the time from the last
 *   answer until the trace is gone from every read of it (by id, its observations, its scores);
 * - the time until those tombstones are settled in the trace rows (the lists skip their per-row
 *   lookup from then on), and in every table;
 * - the trace lists with those 10,000 tombstones against the store without them, each request sent
 *   to both stores in turn with the same parameters (runTraceQueries, as trace-queries --projects),
 *   once the trace rows are settled, and again once every table is;
 * - BULK_REQUESTS DELETE /api/public/traces of 10,000 fresh ids each (the first one the process's
 *   first: reported on its own too), and the time until the last one's traces are gone;
 * - a 7-day retention set on the 30 days: the list's oldest trace at once, then each trace
 *   table's folder polled until its bytes settle (bounded: 30 min), with the time each
 *   took, and the active parts' bytes once the service is stopped.
 */
export async function lifecycleSuite(opts: BenchOptions): Promise<string> {
  const spec: TraceSpec = { ...DEFAULT_SPEC, traces: opts.traces, endMs: Math.floor(Date.now() / DAY) * DAY };
  const pristine = path.join(opts.dir, `lifecycle-${spec.traces}-data`);
  let info = opts.reload ? undefined : loadedDataset(pristine, spec, [DEFAULT_PROJECT_ID]);
  if (info) {
    log(`reusing ${pristine} (${info.traces} traces)`);
    await upgradeDataset(pristine);
  } else {
    log(`loading ${spec.traces} traces into ${pristine}`);
    info = await loadTraceDataset(pristine, spec);
  }
  // --only: the parts to run (deletions, retention), each on copies of its own.
  const part = (name: string) => !opts.only || opts.only.test(name);
  const out = [
    `### Data lifecycle (${fmt(info.traces)} traces, ${fmt(info.observations)} observations over ${spec.days} days ending today)`,
  ];
  if (part('deletions')) out.push('', await deletions(opts, spec, pristine));
  if (part('retention')) out.push('', await retention(opts, spec, pristine, info));
  return out.join('\n');
}

/** A copy of the pristine data set in `dir` (the engine's links inside its folder are relative). */
function copyOf(pristine: string, dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  cpSync(pristine, dir, { recursive: true, verbatimSymlinks: true });
  return dir;
}

/**
 * `count` ids of traces the data set holds, spread over its days (the order of their hash), read
 * from its store: the data set is generated in SQL, whose ids the bench cannot derive, and a
 * DELETE of an id nothing holds would measure a tombstone alone, not the deletion of rows.
 */
async function storedTraceIds(pristine: string, count: number): Promise<string[]> {
  const db = await openDb({ dataDir: pristine, database: DATABASE, readers: 1 });
  try {
    return await queryRows(db, {
      sql: `SELECT id FROM ${TABLES.traces} WHERE project_id = {project:String} GROUP BY id ORDER BY cityHash64(id) LIMIT {count:UInt32}`,
      params: { project: DEFAULT_PROJECT_ID, count },
      tag: 'bench.lifecycle.ids',
      map: (r) => String(r.id),
    });
  } finally {
    await db.close();
  }
}

/** The deletions' answers and the trace lists with their tombstones against a copy without them. */
async function deletions(opts: BenchOptions, spec: TraceSpec, pristine: string): Promise<string> {
  const stored = await storedTraceIds(pristine, DELETED * (BULK_REQUESTS + 1));
  // A data set of fewer traces (--traces 100000) has fresh ids for fewer bulk requests.
  const bulkRequests = Math.min(BULK_REQUESTS, Math.floor(stored.length / DELETED) - 1);
  const dataDir = copyOf(pristine, path.join(opts.dir, `lifecycle-${spec.traces}`));
  const plainDir = copyOf(pristine, path.join(opts.dir, `lifecycle-${spec.traces}-plain`));
  const svc = await startService({
    dataDir,
    cpuProfDir: opts.profile ? path.join(opts.dir, 'profiles') : undefined,
  });
  let plain: Service | undefined = await startService({ dataDir: plainDir });
  const auth = { Authorization: `Bearer ${svc.token}` };
  const runs = opts.smoke ? 10 : opts.runs;
  // A purge rewrites every compact part of the pieces holding a deleted trace (decision 0093).
  const settleBoundMs = (opts.smoke ? 5 : 20) * 60_000;
  try {
    const ids = (from: number) => stored.slice(from, from + DELETED);
    const singles = ids(0);
    const single: number[] = [];
    for (const id of singles) {
      const r = await httpRequest(`${svc.url}/api/public/traces/${id}`, { method: 'DELETE', headers: auth });
      if (r.status !== 200) throw new Error(`DELETE -> ${r.status}: ${r.body}`);
      single.push(r.ms);
    }
    const lastSingleAt = performance.now();
    const singleGone = await goneAfter(svc, singles.at(-1)!);
    // The trace rows settle first (decision 0095): the lists below skip the per-row lookup from then on.
    const listsSettledMs = await settledAfter(svc, settleBoundMs, lastSingleAt, TABLES.traces);

    const sample = await sampleDataset(plain.url, plain.token);
    const [withTombstones, without] = await runTraceQueries(
      [
        { label: `${fmt(DELETED)} tombstones`, baseUrl: svc.url, token: svc.token },
        { label: 'none', baseUrl: plain.url, token: plain.token },
      ],
      spec,
      sample,
      { runs, warmup: 5, only: LIST_SCENARIOS },
    );
    const listLoad = uptimeLoad();
    // The same lists once the deletions are settled (decision 0090): the reads then skip the
    // per-row lookup, which a user sees from then on.
    const settledMs = await settledAfter(svc, settleBoundMs, lastSingleAt);
    const [settledWith, settledWithout] = await runTraceQueries(
      [
        { label: `${fmt(DELETED)} tombstones, settled`, baseUrl: svc.url, token: svc.token },
        { label: 'none', baseUrl: plain.url, token: plain.token },
      ],
      spec,
      sample,
      { runs, warmup: 5, only: LIST_SCENARIOS },
    );
    const settledLoad = uptimeLoad();
    await plain.stop();
    plain = undefined;

    const bulk: number[] = [];
    let lastBulk: string[] = [];
    for (let r = 0; r < bulkRequests; r++) {
      lastBulk = ids((r + 1) * DELETED);
      const body = JSON.stringify({ traceIds: lastBulk });
      // node:http sends a DELETE body only with its length given.
      const res = await httpRequest(`${svc.url}/api/public/traces`, {
        method: 'DELETE',
        headers: { ...auth, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)) },
        body,
      });
      if (res.status !== 200) throw new Error(`bulk DELETE -> ${res.status}: ${res.body}`);
      bulk.push(res.ms);
      log(`DELETE of ${fmt(DELETED)} ids, ${r + 1} of ${bulkRequests}: ${fmt(res.ms)} ms`);
    }
    const bulkGone = await goneAfter(svc, lastBulk.at(-1)!);
    for (const id of [...singles.slice(0, 20), ...lastBulk.slice(0, 20)]) {
      const r = await httpRequest(`${svc.url}/api/public/traces/${id}`, { headers: auth });
      if (r.status !== 404) throw new Error(`deleted trace ${id} still read (${r.status})`);
    }
    return [
      `One client, requests one at a time; load average after the deletions: ${uptimeLoad()}.`,
      '',
      table(
        [
          'deletion',
          'answers',
          'p50 ms',
          'p99 ms',
          'max ms',
          'first ms',
          'gone from every read after the last answer (ms)',
          'target',
        ],
        [
          deletionRow(`${fmt(DELETED)} × DELETE /api/public/traces/{id}`, single, singleGone),
          deletionRow(`${bulkRequests} × DELETE /api/public/traces {traceIds: ${fmt(DELETED)} fresh}`, bulk, bulkGone),
        ],
      ),
      '',
      `The trace lists with the ${fmt(DELETED)} tombstones of the single deletions against a copy of the same data without them, each request sent to both in turn with the same parameters, once the trace rows' tombstones were settled (${listsSettledMs === undefined ? `not within ${settleBoundMs / 60_000} min` : `${fmt(listsSettledMs / 1000)} s after the last deletion's answer`}; ${runs} timed per query; target: p50 within 10%; load average after: ${listLoad}):`,
      '',
      traceQueryComparison([`${fmt(DELETED)} tombstones`, 'none'], [withTombstones!, without!], 1.1),
      '',
      `The same, once the tombstones were settled in every table, the observation pieces too (${settledMs === undefined ? `not within ${settleBoundMs / 60_000} min` : `${fmt(settledMs / 1000)} s after the last deletion's answer`}; load average after: ${settledLoad}):`,
      '',
      traceQueryComparison([`${fmt(DELETED)} tombstones, settled`, 'none'], [settledWith!, settledWithout!], 1.1),
    ].join('\n');
  } finally {
    if (plain) await plain.stop();
    await svc.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(plainDir, { recursive: true, force: true });
  }
}

/**
 * A 7-day retention set on the 30 days: the oldest trace listed at once, then each trace table's
 * folder polled until its bytes settle, and its active parts' bytes once the service is stopped.
 */
async function retention(opts: BenchOptions, spec: TraceSpec, pristine: string, info: LoadInfo): Promise<string> {
  const dataDir = copyOf(pristine, path.join(opts.dir, `lifecycle-${spec.traces}`));
  let svc: Service | undefined = await startService({ dataDir });
  try {
    const auth = { Authorization: `Bearer ${svc.token}` };
    const setBody = JSON.stringify({ name: 'spanhouse', retention: 7 });
    const folders = RECLAIMED.map((t) => path.join(dataDir, 'chdb', 'data', DATABASE, t));
    const before = folders.map(folderBytes);
    const set = await httpRequest(`${svc.url}/api/public/projects/spanhouse`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(setBody)) },
      body: setBody,
    });
    if (set.status !== 200) throw new Error(`PUT retention -> ${set.status}: ${set.body}`);
    const oldest = await oldestListed(svc);
    const setAt = Date.now();
    const boundMs = reclaimBoundMs(opts);
    const loaded = RECLAIMED.map((t) => info.bytes[t] ?? 0);
    const reclaim = await reclaimTimes(folders, loaded, setAt, boundMs);
    const load = uptimeLoad();
    // Each table's bytes in active parts after the sweep, read once the service is stopped.
    await svc.stop();
    svc = undefined;
    const db = await openDb({ dataDir, database: DATABASE, readers: 1 });
    const swept = await tableBytes(db).finally(() => db.close());
    return [
      `Retention of 7 days set on the 30: the oldest trace listed at once is ${fmt((setAt - oldest) / DAY)} days old (target ≤ 7). ` +
        `Each table's folder (du: replaced parts count until ClickHouse removes them) polled every 15 s until, below half its loaded bytes, it stays within 2% for a minute (at most ${boundMs / 60_000} min after the change; the sweep starts a minute after it); load average at the end: ${load}.`,
      '',
      table(
        [
          'table',
          'MiB folder before',
          'MiB folder settled',
          'settled after (s)',
          'MiB active parts, loaded (30 days)',
          'MiB active parts after',
          'ratio (7 of 30 days kept: ~0.23×)',
        ],
        RECLAIMED.map((name, i) => {
          const b = info.bytes[name] ?? 0;
          const a = swept[name] ?? 0;
          const r = reclaim[i]!;
          return [
            name,
            fmt(before[i]! / 1024 ** 2),
            fmt(r.bytes / 1024 ** 2),
            r.settledS === undefined ? `not within ${boundMs / 1000}` : fmt(r.settledS),
            fmt(b / 1024 ** 2),
            fmt(a / 1024 ** 2),
            b > 0 ? `${fmt(a / b)}×` : '-',
          ];
        }),
      ),
    ].join('\n');
  } finally {
    if (svc) await svc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function deletionRow(name: string, ms: number[], goneMs: number): (string | number)[] {
  return [
    name,
    ms.length,
    fmt(percentile(ms, 50)),
    fmt(percentile(ms, 99)),
    fmt(Math.max(...ms)),
    fmt(ms[0]!),
    fmt(goneMs),
    percentile(ms, 99) <= 50 && goneMs <= 1000 ? 'met' : '**missed**',
  ];
}

/**
 * Polls each table folder every 15 s until its bytes stay within 2% for a minute after they
 * dropped below half the table's `loaded` bytes (or the bound passes): the time each settled (s
 * from `setAt`) and its bytes. Half of the loaded active parts, not of the folder as copied: the
 * copy can hold parts a merge replaced, which the engine removes at start whatever the retention.
 */
async function reclaimTimes(
  folders: string[],
  loaded: number[],
  setAt: number,
  boundMs: number,
): Promise<{ bytes: number; settledS?: number }[]> {
  const out = folders.map((_, i) => ({ bytes: loaded[i]!, since: 0, settledS: undefined as number | undefined }));
  while (Date.now() - setAt < boundMs && out.some((o) => o.settledS === undefined)) {
    await sleep(15_000);
    const now = Date.now();
    folders.forEach((dir, i) => {
      const o = out[i]!;
      if (o.settledS !== undefined) return;
      const bytes = folderBytes(dir);
      if (Math.abs(bytes - o.bytes) > 0.02 * o.bytes || bytes >= loaded[i]! * 0.5) {
        o.bytes = bytes;
        o.since = now;
        return;
      }
      if (now - o.since >= 60_000) {
        o.settledS = (o.since - setAt) / 1000;
        log(`${path.basename(dir)}: ${fmt(bytes / 1024 ** 2)} MiB, settled ${fmt(o.settledS)} s after the change`);
      }
    });
  }
  return out;
}

/** The machine's load averages (1, 5, 15 min), as uptime prints them. */
function uptimeLoad(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
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

/**
 * Ms since `since` until the service reports no unsettled tombstones, in every table
 * (spanhouse_tombstones_unsettled_batches on /metrics is 0, polled every half second) or in
 * `table` (its series of spanhouse_tombstones_unsettled_batches_by_table, every 100 ms);
 * undefined past `boundMs`.
 */
async function settledAfter(svc: Service, boundMs: number, since: number, table?: string): Promise<number | undefined> {
  const headers = { Authorization: `Bearer ${svc.token}` };
  const series = table
    ? `spanhouse_tombstones_unsettled_batches_by_table{table="${table}"}`
    : 'spanhouse_tombstones_unsettled_batches';
  while (performance.now() - since < boundMs) {
    const r = await httpRequest(`${svc.url}/metrics`, { headers });
    const line = r.body
      .toString()
      .split('\n')
      .find((l) => l.startsWith(`${series} `));
    if (!line) throw new Error(`GET /metrics has no ${series}`);
    if (Number(line.slice(series.length + 1)) === 0) return performance.now() - since;
    await sleep(table ? 100 : 500);
  }
  return undefined;
}

/** The timestamp (ms) of the oldest trace the list shows. */
async function oldestListed(svc: Service): Promise<number> {
  const r = await httpRequest(`${svc.url}/api/public/traces?orderBy=timestamp.asc&limit=1`, {
    headers: { Authorization: `Bearer ${svc.token}` },
  });
  const body = JSON.parse(r.body.toString()) as { data: { timestamp: string }[] };
  return Date.parse(body.data[0]!.timestamp);
}

/** Bytes a folder takes on disk (through a link to it, as the engine's table folders are). */
function folderBytes(dir: string): number {
  return Number(
    execFileSync('du', ['-sb', `${dir}/`])
      .toString()
      .split('\t')[0],
  );
}
