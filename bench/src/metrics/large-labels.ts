import { rmSync } from 'node:fs';
import path from 'node:path';
import type { BenchOptions } from '../lib/args.ts';
import { getJson } from '../lib/http.ts';
import { log } from '../lib/log.ts';
import { table } from '../lib/markdown.ts';
import { memoryOf, rssSampler } from '../lib/proc.ts';
import { startService } from '../lib/service.ts';
import { fmt, mib } from '../lib/stats.ts';
import { loadService } from './load.ts';

const NAME = 'wide_labels';
const T0 = Date.UTC(2026, 0, 1);

/** 64 labels of 1,000 characters (the most a point may carry), different per series. */
function labelsOf(i: number): Record<string, string> {
  const labels: Record<string, string> = { grp: `g${i % 10}` };
  for (let k = 0; k < 63; k++) labels[`k${String(k).padStart(2, '0')}`] = `s${i}-k${k}-`.padEnd(1000, 'x');
  return labels;
}

/** Batch bodies of `series` new series, one point each, about 150 series (9.6 MB) per body. */
function bodies(series: number) {
  const out = [];
  for (let i = 0; i < series; i += 150) {
    const metrics = [];
    for (let j = i; j < Math.min(series, i + 150); j++)
      metrics.push({ name: NAME, labels: labelsOf(j), value: j, timestamp: new Date(T0 + 1_000).toISOString() });
    out.push({ body: Buffer.from(JSON.stringify({ metrics })), points: metrics.length });
  }
  return out;
}

/**
 * Memory of large label sets: a metric of 3,850 series with 64 labels of 1,000 characters each
 * (about 240 MiB of labels, in batches within the documented limits), then queries of it. The
 * service's RSS before the load, after it, and at its peak during each query (from /proc, every
 * 50 ms), then after them. A query's memory should follow what it returns, not what it scans.
 */
export async function largeLabelsSuite(opts: BenchOptions): Promise<string> {
  const series = opts.smoke ? 400 : 3_850;
  const dir = path.join(opts.dir, 'large-labels');
  rmSync(dir, { recursive: true, force: true });
  const svc = await startService({ dataDir: dir });
  const rows: string[][] = [];
  try {
    rows.push(['started', '-', mib(memoryOf(svc.pid).rss), '-']);
    const sampler = rssSampler(svc.pid, 50);
    const load = await loadService(svc.url, svc.token, bodies(series), 2);
    await new Promise((r) => setTimeout(r, 2_000));
    rows.push([
      `loaded ${fmt(series)} series`,
      fmt(load.seconds * 1000),
      mib(memoryOf(svc.pid).rss),
      mib(sampler.stop()),
    ]);
    const window = `name=${NAME}&from=2026-01-01T00:00:00Z&to=2026-01-01T01:00:00Z&step=1h`;
    for (const [what, params] of [
      ['query: every series (first 50 by labels)', `${window}&agg=avg`],
      ['query: again', `${window}&agg=avg`],
      ['query: by grp, last (members ordered by labels)', `${window}&agg=last&group_by=grp`],
      [
        'query: one series by a label',
        `${window}&labels=${encodeURIComponent(JSON.stringify({ k00: labelsOf(7).k00 }))}`,
      ],
    ] as const) {
      const during = rssSampler(svc.pid, 50);
      const { ms } = await getJson(`${svc.url}/api/public/metrics/query?${params}`, svc.token);
      rows.push([what, fmt(ms), mib(memoryOf(svc.pid).rss), mib(during.stop())]);
      log(`${what}: ${fmt(ms)} ms, peak ${mib(during.max())}`);
    }
  } finally {
    await svc.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return [
    `### Large label sets (${fmt(series)} series × 64 labels of 1,000 characters)`,
    '',
    'Service RSS after each step and its peak during the step (sampled every 50 ms).',
    '',
    table(['step', 'ms', 'RSS after', 'RSS peak during'], rows),
  ].join('\n');
}
