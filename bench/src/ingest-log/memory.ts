import { rmSync } from 'node:fs';
import path from 'node:path';
import { bodySource, probeSource } from '../ingest/bodies.ts';
import { runLoad } from '../ingest/load.ts';
import type { BenchOptions } from '../lib/args.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { processTree, rssOf } from '../lib/proc.ts';
import { startWithPnpm } from '../lib/service.ts';
import { fmt, mib } from '../lib/stats.ts';
import { serviceBatchBodies } from '../metrics/bodies.ts';
import { REFERENCE_DATASET, SMOKE_DATASET, totalPoints } from '../metrics/dataset.ts';
import { loadService } from '../metrics/load.ts';

const TARGET = 400 * 1024 * 1024;

/** Samples the summed RSS of a process tree every 100 ms, remembering the peak and who held it. */
function treeSampler(root: () => number) {
  let peak = 0;
  let at: string[] = [];
  const tick = () => {
    const procs = processTree(root()).map(rssOf);
    const sum = procs.reduce((n, p) => n + p.rss, 0);
    if (sum > peak) {
      peak = sum;
      at = procs.filter((p) => p.rss > 0).map((p) => `${p.name} ${mib(p.rss)}`);
    }
  };
  tick();
  const timer = setInterval(tick, 100);
  return {
    stop: () => {
      clearInterval(timer);
      tick();
      return { peak, at };
    },
  };
}

/**
 * Every process `pnpm start` runs (pnpm, the service), their RSS summed: idle, through the load of
 * the metrics reference set (until every point is readable), and through OTLP exporters at 64
 * clients. Target: at most 400 MiB throughout.
 */
export async function memorySection(opts: BenchOptions): Promise<string> {
  const dataDir = path.join(opts.dir, 'ingest-log-memory');
  rmSync(dataDir, { recursive: true, force: true });
  const svc = await startWithPnpm({ dataDir });
  const pnpmRoot = () => svc.rootPid;
  const rows: string[][] = [];
  try {
    const idle = treeSampler(pnpmRoot).stop();
    rows.push(['idle after start', mib(idle.peak), idle.at.join('; ')]);
    const ds = opts.smoke ? SMOKE_DATASET : REFERENCE_DATASET;
    let s = treeSampler(pnpmRoot);
    const load = await loadService(svc.url, svc.token, serviceBatchBodies(ds));
    const metrics = s.stop();
    log(`memory: metrics load peak ${mib(metrics.peak)}`);
    rows.push([
      `metrics load, ${fmt(totalPoints(ds))} points from 8 clients (${fmt(load.pointsPerSec)}/s acknowledged), until readable`,
      mib(metrics.peak),
      metrics.at.join('; '),
    ]);
    const clients = opts.smoke ? 8 : 64;
    s = treeSampler(pnpmRoot);
    await runLoad({
      url: svc.url,
      token: svc.token,
      source: bodySource('otlp-protobuf', 20),
      probe: probeSource('otlp-protobuf'),
      clients,
      seconds: opts.ingestSeconds,
      warmup: 1,
      pid: svc.pid,
    });
    const otlp = s.stop();
    log(`memory: OTLP load peak ${mib(otlp.peak)}`);
    rows.push([`OTLP protobuf, ${clients} clients × 200 spans`, mib(otlp.peak), otlp.at.join('; ')]);
    const worst = Math.max(metrics.peak, otlp.peak);
    return [
      '**Memory of every process `pnpm start` runs** (RSS summed over the command and its children, sampled every 100 ms):',
      '',
      table(['phase', 'RSS, all processes (peak)', 'processes at the peak'], rows),
      '',
      `≤ 400 MiB throughout: ${worst <= TARGET ? 'met' : '**missed**'} (${mib(worst)}).`,
    ].join('\n');
  } finally {
    await svc.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
