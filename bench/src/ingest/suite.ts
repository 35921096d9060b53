import { rmSync } from 'node:fs';
import path from 'node:path';
import { openDb, ProjectParams, queryRows, TABLES } from '@spanhouse/db';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { fromProject } from '@spanhouse/store';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { rssSampler } from '../lib/proc.ts';
import { startService } from '../lib/service.ts';
import { fmt, mib } from '../lib/stats.ts';
import { bodySource, INGEST_PATHS, type IngestPath, probeSource } from './bodies.ts';
import { exportCeiling } from './ceiling.ts';
import { runLoad } from './load.ts';

const GiB = 1024 ** 3;

/** Observations stored in a stopped service's data folder. */
async function storedObservations(dataDir: string): Promise<number> {
  const db = await openDb({ dataDir, database: 'spanhouse', readers: 1 });
  try {
    const p = new ProjectParams(DEFAULT_PROJECT_ID);
    const [n] = await queryRows(db, {
      sql: `SELECT count() AS n ${fromProject(TABLES.observationPieces, p, { final: true })}`,
      params: p.params,
      tag: 'bench.stored',
      map: (r) => Number(r.n),
    });
    return n ?? 0;
  } finally {
    await db.close();
  }
}
/** Traces per OTLP export: 200 spans, the size of a Langfuse SDK / BatchSpanProcessor export. */
const TRACES_PER_EXPORT = 20;

/**
 * Trace ingest through the real service, one fresh data folder per path, then the ceiling: the
 * same rows straight into chDB through the service's insert path, Db.insertText (ceiling.ts: rows
 * built by the service's mapping beforehand, encoded as the service encodes them, inserted in
 * batches of the service's flush size). Client, service and ClickHouse share the machine's cores.
 */
export async function traceIngestSuite(opts: BenchOptions): Promise<string> {
  const { clients } = opts;
  const rows: (string | number)[][] = [];
  let protobufRate = Number.NaN;
  let ingestionRate = Number.NaN;
  let visibleP99 = Number.NaN;
  let maxRss = 0;
  /** Per path: committed spans/s, visible p50/p99 and max RSS, for the transport comparison. */
  const measured = new Map<IngestPath, { rate: number; visibleP50: number; visibleP99: number; rss: number }>();
  const paths = opts.ingestPaths ?? INGEST_PATHS;
  for (const p of paths) {
    let acked = 0;
    const dataDir = path.join(opts.dir, `ingest-${p}`);
    rmSync(dataDir, { recursive: true, force: true });
    const svc = await startService({
      dataDir,
      cpuProfDir: opts.profile ? path.join(opts.dir, 'profiles', p) : undefined,
    });
    const sampler = rssSampler(svc.pid);
    try {
      const source = bodySource(p, TRACES_PER_EXPORT);
      log(`${p}: ${clients} clients, ${source.spansPerRequest} spans/request, ${opts.ingestSeconds} s`);
      const r = await runLoad({
        url: svc.url,
        token: svc.token,
        source,
        probe: probeSource(p),
        clients,
        seconds: opts.ingestSeconds,
        warmup: opts.smoke ? 1 : 3,
        pid: svc.pid,
        grpcAddress: svc.grpcAddress,
      });
      const rss = sampler.stop();
      measured.set(p, { rate: r.spansPerSec, visibleP50: r.visibleP50, visibleP99: r.visibleP99, rss });
      maxRss = Math.max(maxRss, rss);
      if (p === 'ingestion-json') ingestionRate = r.spansPerSec;
      if (p === 'otlp-protobuf') {
        protobufRate = r.spansPerSec;
        visibleP99 = r.visibleP99;
      }
      const refused = Object.entries(r.statuses)
        .filter(([s]) => Number(s) !== source.okStatus)
        .map(([s, n]) => `${n}×${s}`)
        .join(', ');
      log(`${p}: ${fmt(r.spansPerSec)} spans/s, visible p99 ${fmt(r.visibleP99)} ms, RSS ${mib(rss)}`);
      rows.push([
        p,
        source.spansPerRequest,
        fmt(r.spansPerSec),
        fmt(r.ackP50),
        fmt(r.ackP99),
        `${fmt(r.visibleP50)} / ${fmt(r.visibleP99)}`,
        fmt(r.cpuUsPerSpan),
        mib(rss),
        refused || '-',
      ]);
      acked = r.ackedSpans;
    } finally {
      sampler.stop();
      await svc.stop();
    }
    // Every acknowledged span is stored (more may be: a request answered 503 can still commit).
    const stored = await storedObservations(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
    if (stored < acked) throw new Error(`${p}: ${stored} observations stored, ${acked} acknowledged`);
  }
  const ceiling = await exportCeiling(opts, 'ingest-ceiling', TRACES_PER_EXPORT);
  const ratio = protobufRate / ceiling.spansPerSec;
  rows.push([
    'ceiling: direct insert (TSV, 20k-row batches)',
    '-',
    fmt(ceiling.spansPerSec),
    '-',
    '-',
    '-',
    fmt(ceiling.cpuUsPerSpan),
    '-',
    '-',
  ]);
  const met = (ok: boolean) => (ok ? 'met' : '**missed**');
  const http = measured.get('otlp-protobuf');
  const grpc = measured.get('otlp-grpc');
  const transports =
    http && grpc
      ? [
          '',
          `OTLP/gRPC against OTLP/HTTP protobuf (same bodies, ${clients} clients, same run): throughput ` +
            `${fmt(grpc.rate / http.rate)}× (target ≥ 1: ${met(grpc.rate >= http.rate)}); ingest-to-visible p50 / p99 ` +
            `${fmt(grpc.visibleP50)} / ${fmt(grpc.visibleP99)} ms against ${fmt(http.visibleP50)} / ${fmt(http.visibleP99)} ms; ` +
            `RSS max ${mib(grpc.rss)} against ${mib(http.rss)}, ${fmt(grpc.rss / http.rss)}× (target within 10%: ` +
            `${met(Math.abs(grpc.rss / http.rss - 1) <= 0.1)}).`,
        ]
      : [];
  return [
    `### Trace ingest (${clients} concurrent clients, ${opts.ingestSeconds} s timed after warm-up)`,
    '',
    'Committed spans/s count only spans of requests answered 200 inside the timed window. OTLP',
    `exports carry ${TRACES_PER_EXPORT} traces of 10 spans (Langfuse-SDK-shaped attributes), over HTTP (protobuf, JSON) or OTLP/gRPC`,
    '(otlp-grpc: the protobuf bodies, a channel per client as separate exporters have); the batch endpoint takes one trace per request;',
    `ingestion API batches carry ${TRACES_PER_EXPORT} traces as the legacy Langfuse SDK sends them (a create per observation, an update`,
    'with end, output and usage per span and generation; 207 counted), its spans being committed observations.',
    'Ingest-to-visible: one extra trace every 250 ms, from send until GET /api/public/traces/:id finds it.',
    "Service CPU: the service process's CPU time (all threads) over the timed window per committed span; unlike spans/s it",
    'does not fall when other processes take the cores. Every acknowledged span was found stored afterwards.',
    '',
    table(
      [
        'path',
        'spans/request',
        'committed spans/s',
        'request p50 ms',
        'request p99 ms',
        'visible p50 / p99 ms',
        'service CPU µs/span',
        'RSS max',
        'not 200',
      ],
      rows,
    ),
    '',
    `OTLP protobuf / direct-insert ceiling: ${fmt(ratio)}× (target ≥ 0.5: ${met(ratio >= 0.5)}); ` +
      `≥ 100,000 spans/s: ${met(protobufRate >= 100_000)}; ingest-to-visible p99 ≤ 1 s: ${met(visibleP99 <= 1000)}; ` +
      `RSS ≤ 1 GiB: ${met(maxRss <= GiB)}; ingestion API / OTLP protobuf observations/s: ${fmt(ingestionRate / protobufRate)}× ` +
      `(target ≥ 0.8: ${met(ingestionRate / protobufRate >= 0.8)}).`,
    ...transports,
  ].join('\n');
}
