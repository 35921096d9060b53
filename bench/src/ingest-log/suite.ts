import { rmSync } from 'node:fs';
import path from 'node:path';
import { TABLES } from '@spanhouse/db';
import { bodySource, probeSource } from '../ingest/bodies.ts';
import { exportCeiling } from '../ingest/ceiling.ts';
import { runLoad } from '../ingest/load.ts';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { cpuByThread, rssSampler } from '../lib/proc.ts';
import { inserted, selfMetrics } from '../lib/self-metrics.ts';
import { startService } from '../lib/service.ts';
import { fmt, mib } from '../lib/stats.ts';
import { batchBodies, closedLoop } from './closed-loop.ts';
import { memorySection } from './memory.ts';

const met = (ok: boolean) => (ok ? 'met' : '**missed**');
const TRACE_TABLES = [TABLES.traces, TABLES.observationPieces];

/**
 * What acknowledging on the write-ahead log gives: import clients that wait for each answer (one
 * trace of 5 observations per request), OTLP exporters at 8 and 64 clients against the same run's
 * direct-insert ceiling, the service's CPU per committed span and the parts it makes, and the
 * memory of every process `pnpm start` runs under the metrics and OTLP loads.
 */
export async function ingestLogSuite(opts: BenchOptions): Promise<string> {
  const seconds = opts.ingestSeconds;
  const warmup = opts.smoke ? 1 : 3;
  const out: string[] = [
    `### Ingest on the write-ahead log (${seconds} s timed per row, after ${warmup} s of warm-up)`,
    '',
  ];

  // Import clients: one trace of 5 observations per request, each client waiting for its answer.
  const batchRows: (string | number)[][] = [];
  let single = { rate: 0, p99: Number.POSITIVE_INFINITY };
  // The smoke run (CI) checks that each measurement runs and what it acknowledged is stored: one
  // row per table, each on a fresh service (a start and its migrations are most of a row's time).
  for (const clients of opts.smoke ? [1] : [1, 4, 32]) {
    const dataDir = path.join(opts.dir, `ingest-log-batch-${clients}`);
    rmSync(dataDir, { recursive: true, force: true });
    const svc = await startService({ dataDir });
    try {
      const r = await closedLoop({
        url: svc.url,
        token: svc.token,
        bodies: batchBodies(5),
        clients,
        warmup,
        seconds,
        table: TABLES.traces,
        tables: TRACE_TABLES,
      });
      log(`batch, ${clients} clients: ${fmt(r.requestsPerSec)} traces/s, p99 ${fmt(r.p99)} ms`);
      if (clients === 1) single = { rate: r.requestsPerSec, p99: r.p99 };
      batchRows.push([
        clients,
        fmt(r.requestsPerSec),
        `${fmt(r.p50)} / ${fmt(r.p99)}`,
        fmt(r.committedPerSec),
        TRACE_TABLES.map((t) => fmt(r.insertsPerSec[t] ?? 0)).join(' / '),
        fmt(r.drainMs),
      ]);
    } finally {
      await svc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  out.push(
    '**Import clients** (`POST /v1/l/batch`, one trace of 5 observations per request, closed loop):',
    '',
    table(
      [
        'clients',
        'traces/s acknowledged',
        'request p50 / p99 ms',
        'traces/s committed',
        'inserts/s (traces / observations)',
        'readable after the last answer, ms',
      ],
      batchRows,
    ),
    '',
    `One client: ≥ 500 traces/s ${met(single.rate >= 500)} (${fmt(single.rate)}); p99 ≤ 10 ms ${met(single.p99 <= 10)} (${fmt(single.p99)} ms).`,
    '',
  );

  // OTLP exporters: 200 spans per export, against the direct-insert ceiling of the same rows.
  const ceiling = await exportCeiling(opts, 'ingest-log-ceiling', 20);
  const otlpRows: (string | number)[][] = [];
  const verdicts: string[] = [];
  for (const [clients, target] of opts.smoke
    ? ([[8, 0.9]] as const)
    : ([
        [8, 0.8],
        [64, 0.9],
      ] as const)) {
    const dataDir = path.join(opts.dir, `ingest-log-otlp-${clients}`);
    rmSync(dataDir, { recursive: true, force: true });
    const svc = await startService({ dataDir });
    const sampler = rssSampler(svc.pid);
    let before: Map<string, number> = new Map();
    let after: Map<string, number> = new Map();
    let threadsBefore = new Map<string, number>();
    let threadsAfter = new Map<string, number>();
    try {
      const r = await runLoad({
        url: svc.url,
        token: svc.token,
        source: bodySource('otlp-protobuf', 20),
        probe: probeSource('otlp-protobuf'),
        clients,
        seconds,
        warmup,
        pid: svc.pid,
        async onWindow(edge) {
          if (edge === 'start') {
            threadsBefore = cpuByThread(svc.pid);
            before = await selfMetrics(svc.url, svc.token);
          } else {
            threadsAfter = cpuByThread(svc.pid);
            after = await selfMetrics(svc.url, svc.token);
          }
        },
      });
      const committed =
        (inserted(after, TABLES.observationPieces).rows - inserted(before, TABLES.observationPieces).rows) / seconds;
      const parts = TRACE_TABLES.map((t) => (inserted(after, t).inserts - inserted(before, t).inserts) / seconds);
      const perSpan = (s: number) => (s * 1e6) / (committed * seconds);
      const threads = [...threadsAfter]
        .map(([name, s]) => [name, s - (threadsBefore.get(name) ?? 0)] as const)
        .filter(([, s]) => s > 0)
        .sort((a, b) => b[1] - a[1]);
      const total = threads.reduce((n, [, s]) => n + s, 0);
      const ratio = committed / ceiling.spansPerSec;
      log(`OTLP ${clients} clients: ${fmt(committed)} spans/s committed (${fmt(ratio)}× ceiling)`);
      verdicts.push(
        `${clients} clients: ≥ ${target}× the ceiling ${met(ratio >= target)} (${fmt(ratio)}×); visible p99 ≤ 1 s ${met(r.visibleP99 <= 1000)}` +
          (clients >= 64 ? `; CPU per committed span ≤ 40 µs ${met(perSpan(total) <= 40)}` : '') +
          `; ≤ 2 parts per table per second ${met(Math.max(...parts) <= 2)}`,
      );
      otlpRows.push([
        clients,
        fmt(r.spansPerSec),
        fmt(committed),
        `${fmt(ratio)}×`,
        `${fmt(r.ackP50)} / ${fmt(r.ackP99)}`,
        `${fmt(r.visibleP50)} / ${fmt(r.visibleP99)}`,
        `${fmt(perSpan(total))} (${threads
          .slice(0, 4)
          .map(([n, s]) => `${n} ${fmt(perSpan(s))}`)
          .join(', ')})`,
        parts.map((p) => fmt(p)).join(' / '),
        mib(sampler.stop()),
      ]);
    } finally {
      sampler.stop();
      await svc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  out.push(
    `**OTLP protobuf exporters** (200 spans per export, closed loop); ceiling: the same rows inserted straight into chDB in 20k-row batches, this run: ${fmt(ceiling.spansPerSec)} spans/s.`,
    'Committed: observation rows the service inserted into ClickHouse during the timed window (its own counters).',
    '',
    table(
      [
        'clients',
        'spans/s acknowledged',
        'spans/s committed',
        'committed / ceiling',
        'request p50 / p99 ms',
        'visible p50 / p99 ms',
        'service CPU µs per committed span (top threads)',
        'inserts/s (traces / observations)',
        'service RSS max',
      ],
      otlpRows,
    ),
    '',
    ...verdicts.map((v) => `- ${v}`),
    '',
    await memorySection(opts),
  );
  return out.join('\n');
}
