import { rmSync } from 'node:fs';
import path from 'node:path';
import { TABLES } from '@spanhouse/db';
import { bodySource, probeSource } from '../ingest/bodies.ts';
import { runLoad } from '../ingest/load.ts';
import type { BenchOptions } from '../lib/args.ts';
import { httpRequest } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { loadAverage, rssSampler } from '../lib/proc.ts';
import { startService } from '../lib/service.ts';
import { fmt, mib, percentile } from '../lib/stats.ts';
import { checkout } from '../lib/checkout.ts';
import { batchBodies, closedLoop } from './closed-loop.ts';

/** The version this suite measures beside this one unless --baseline says otherwise: before issue 29's work. */
const DEFAULT_BASELINE = 'd4e8459';
const CLIENTS = 16;
/** Traces per OTLP export (10 spans each): 100 spans, as the external load sends. */
const TRACES_PER_EXPORT = 10;
const SIDE_READ_MS = 200;

type Measured = {
  seqRate: number;
  seqP50: number;
  seqP99: number;
  spansPerSec: number;
  cpuUsPerSpan: number;
  ackP50: number;
  ackP99: number;
  visibleP50: number;
  visibleP99: number;
  byIdP50: number;
  byIdP99: number;
  listP50: number;
  listP99: number;
  rssMax: number;
  rssIdle: number;
  /** The writer's inserts during the OTLP load, µs of insert time per row, by table. */
  insertUsPerRow: Record<string, number>;
};

const INSERTED_TABLES = [TABLES.observationPieces, TABLES.traces];

/** The writer's insert metrics (spanhouse_ingest_flush_*): seconds and rows of successful inserts, by table. */
async function insertTotals(url: string, token: string): Promise<Record<string, { seconds: number; rows: number }>> {
  const res = await httpRequest(`${url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  const text = res.body.toString();
  const sum = (metric: string, table: string) => {
    const m = new RegExp(`^${metric}_sum\\{[^}]*table="${table}"[^}]*\\} (\\S+)$`, 'm').exec(text);
    return m ? Number(m[1]) : 0;
  };
  return Object.fromEntries(
    INSERTED_TABLES.map((t) => [
      t,
      { seconds: sum('spanhouse_ingest_flush_duration_seconds', t), rows: sum('spanhouse_ingest_flush_rows', t) },
    ]),
  );
}

/** GETs a known trace by id and a userId list every SIDE_READ_MS while `running()`: read latency under load. */
async function sideReads(url: string, token: string, traceId: string, running: () => boolean) {
  const auth = { Authorization: `Bearer ${token}` };
  const byId: number[] = [];
  const list: number[] = [];
  while (running()) {
    const a = await httpRequest(`${url}/api/public/traces/${traceId}`, { headers: auth });
    if (a.status === 200) byId.push(a.ms);
    const b = await httpRequest(`${url}/api/public/traces?limit=1&userId=u-1`, { headers: auth });
    if (b.status === 200) list.push(b.ms);
    await new Promise((r) => setTimeout(r, SIDE_READ_MS));
  }
  return { byId, list };
}

async function measure(opts: BenchOptions, entry: string | undefined, dataDir: string): Promise<Measured> {
  rmSync(dataDir, { recursive: true, force: true });
  const svc = await startService({ dataDir, entry });
  try {
    await new Promise((r) => setTimeout(r, 2000));
    const rssIdle = svc.memory().rss;
    const seconds = opts.ingestSeconds;
    // One import client posting one trace of 5 observations at a time.
    const seq = await closedLoop({
      url: svc.url,
      token: svc.token,
      bodies: batchBodies(5),
      clients: 1,
      warmup: 1,
      seconds: Math.min(seconds, 10),
      table: TABLES.traces,
      tables: [TABLES.traces, TABLES.observationPieces],
    });
    log(`  sequential client: ${fmt(seq.requestsPerSec)} traces/s, p99 ${fmt(seq.p99)} ms`);
    // A trace to read by id while the load runs (the sequential client's user is u-1).
    const probe = probeSource('otlp-protobuf');
    const known = probe.body(2 ** 29);
    await httpRequest(svc.url + probe.path, {
      method: 'POST',
      headers: { Authorization: `Bearer ${svc.token}`, 'Content-Type': probe.contentType, 'Spanhouse-Wait': 'commit' },
      body: known.body,
    });
    const insertsBefore = await insertTotals(svc.url, svc.token);
    let running = true;
    const rss = rssSampler(svc.pid);
    const side = sideReads(svc.url, svc.token, known.traceId, () => running);
    const load = await runLoad({
      url: svc.url,
      token: svc.token,
      source: bodySource('otlp-protobuf', TRACES_PER_EXPORT),
      probe,
      clients: CLIENTS,
      seconds,
      warmup: 2,
      pid: svc.pid,
    });
    running = false;
    const reads = await side;
    const rssMax = rss.stop();
    const insertsAfter = await insertTotals(svc.url, svc.token);
    const insertUsPerRow = Object.fromEntries(
      INSERTED_TABLES.map((t) => {
        const rows = insertsAfter[t]!.rows - insertsBefore[t]!.rows;
        return [t, rows > 0 ? ((insertsAfter[t]!.seconds - insertsBefore[t]!.seconds) * 1e6) / rows : Number.NaN];
      }),
    );
    log(
      `  OTLP ${CLIENTS} clients: ${fmt(load.spansPerSec)} spans/s, visible p99 ${fmt(load.visibleP99)} ms, RSS ${mib(rssMax)}`,
    );
    return {
      seqRate: seq.requestsPerSec,
      seqP50: seq.p50,
      seqP99: seq.p99,
      spansPerSec: load.spansPerSec,
      cpuUsPerSpan: load.cpuUsPerSpan,
      ackP50: load.ackP50,
      ackP99: load.ackP99,
      visibleP50: load.visibleP50,
      visibleP99: load.visibleP99,
      byIdP50: percentile(reads.byId, 50),
      byIdP99: percentile(reads.byId, 99),
      listP50: percentile(reads.list, 50),
      listP99: percentile(reads.list, 99),
      rssMax,
      rssIdle,
      insertUsPerRow,
    };
  } finally {
    await svc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The write path A/B: the version before (`--baseline`, default the commit before issue 29's
 * work) and this one, one after the other, each on a fresh data folder: one sequential import
 * client (batch JSON, one trace of 5 observations per request), then OTLP protobuf from 16
 * clients (10 traces of 10 spans per export) with a probe trace every 250 ms polled by id until
 * readable, reads by id and of a userId list every 200 ms beside the load, the service's CPU per
 * committed span and its RSS.
 */
export async function writePathAbSuite(opts: BenchOptions): Promise<string> {
  const baseline = opts.baseline ?? DEFAULT_BASELINE;
  const entry = checkout(baseline, path.join(opts.dir, `baseline-${baseline}`));
  const results: [string, Measured][] = [];
  for (const [name, other] of [
    [`before (${baseline})`, entry],
    ['this version', undefined],
  ] as const) {
    log(`write path: ${name} (load average ${loadAverage()})`);
    results.push([name, await measure(opts, other, path.join(opts.dir, 'write-path-ab'))]);
  }
  const [before, now] = [results[0]![1], results[1]![1]];
  const row = (label: string, pick: (m: Measured) => number, show = fmt) => [
    label,
    show(pick(before)),
    show(pick(now)),
    `${fmt(pick(now) / pick(before))}×`,
  ];
  return [
    `### Write path, A/B against ${baseline} (${opts.ingestSeconds} s of OTLP protobuf from ${CLIENTS} clients × ${TRACES_PER_EXPORT * 10} spans)`,
    '',
    table(
      ['', `before (${baseline})`, 'this version', 'this / before'],
      [
        row('sequential import client, traces/s', (m) => m.seqRate),
        row('sequential import client, request p50 ms', (m) => m.seqP50),
        row('sequential import client, request p99 ms', (m) => m.seqP99),
        row('OTLP committed spans/s', (m) => m.spansPerSec),
        row('service CPU per committed span, µs', (m) => m.cpuUsPerSpan),
        ...INSERTED_TABLES.map((t) => row(`insert time per row, ${t}, µs`, (m) => m.insertUsPerRow[t]!)),
        row('OTLP request p50 ms', (m) => m.ackP50),
        row('OTLP request p99 ms', (m) => m.ackP99),
        row('probe trace readable by id, p50 ms', (m) => m.visibleP50),
        row('probe trace readable by id, p99 ms', (m) => m.visibleP99),
        row('trace by id during the load, p50 ms', (m) => m.byIdP50),
        row('trace by id during the load, p99 ms', (m) => m.byIdP99),
        row('userId list during the load, p50 ms', (m) => m.listP50),
        row('userId list during the load, p99 ms', (m) => m.listP99),
        row('service RSS idle', (m) => m.rssIdle, mib),
        row('service RSS max during the OTLP load', (m) => m.rssMax, mib),
      ],
    ),
    '',
    `Targets (issue 29): sequential client ≥ 500 traces/s and p99 ≤ 10 ms; ≥ 25,000 spans/s at ≤ 40 µs of service CPU per span; readable p99 ≤ 1 s; by id p50 ≤ 50 ms; list p50 ≤ 80 ms; RSS ≤ 500 MiB under load, ≤ 250 MiB idle.`,
  ].join('\n');
}
