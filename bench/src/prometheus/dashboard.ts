import { availableParallelism } from 'node:os';
import { mostWithinDeadlines } from '../lib/deadlines.ts';
import { table } from '../lib/markdown.ts';
import { fmt, median } from '../lib/stats.ts';
import { endMs, type MetricsDataset } from '../metrics/dataset.ts';
import type { PanelDataset } from './panel-data.ts';
import { type RangeForm, rangeQuery, type Target } from './targets.ts';

const HOUR = 3_600_000;

/** A Grafana panel's query over the last `hours` of the data, start and end aligned down to the step. */
function panel(ref: MetricsDataset, query: string, hours: number, stepS: number): RangeForm {
  const stepMs = stepS * 1000;
  const end = Math.floor((endMs(ref) - 1) / stepMs) * stepMs;
  return { query, startMs: end - hours * HOUR, endMs: end, stepMs };
}

/**
 * The vector/vector ratio of two rates over the 1,000 series of each counter and 6 hours (1 hour
 * in smoke runs), at a 30-second step: the error ratio per region, as a panel charts it, and per
 * series, where every one of the 1,000 pairs is matched.
 */
export function ratioQueries(p: PanelDataset, hours: number): { id: string; what: string; form: RangeForm }[] {
  return [
    {
      id: 'ratio by region',
      what: 'sum by region of one rate / of the other',
      form: panel(
        p.ref,
        'sum by (region) (rate(http_errors_total[5m])) / sum by (region) (rate(http_requests_total[5m]))',
        hours,
        30,
      ),
    },
    {
      id: 'ratio per series',
      what: 'rate / rate, 1,000 pairs matched',
      form: panel(p.ref, 'rate(http_errors_total[5m]) / rate(http_requests_total[5m])', hours, 30),
    },
  ];
}

/**
 * A dashboard of 20 panels over the reference set and the panel data: the reference queries
 * (a)-(d) and 16 more of the kinds Grafana users chart (rates and their ratio, topk, histogram
 * quantiles, aggregations of gauges, counts of a condition, a raw series in Explore).
 */
export function dashboardQueries(p: PanelDataset, reference: RangeForm[], hours: number): RangeForm[] {
  const q = (query: string, h = hours, step = 30) => panel(p.ref, query, h, step);
  return [
    ...reference,
    q('sum by (region) (rate(http_requests_total[5m]))'),
    q('sum by (region) (rate(http_errors_total[5m])) / sum by (region) (rate(http_requests_total[5m]))'),
    q('topk(5, sum by (host) (rate(http_requests_total[5m])))'),
    q('histogram_quantile(0.99, sum by (le, region) (rate(http_request_duration_seconds_bucket[5m])))'),
    q('histogram_quantile(0.5, sum by (le) (rate(http_request_duration_seconds_bucket[5m])))'),
    q('avg by (region) (cpu)'),
    q('max by (region) (max_over_time(cpu[5m]))'),
    q('count(cpu > 90)'),
    q('quantile(0.9, cpu)'),
    q('sum(rate(http_errors_total[5m]))'),
    q('increase(http_requests_total{host="h3"}[1h])'),
    q('rate(http_requests_total{region="r2"}[5m])', Math.min(hours, 1), 15),
    q('cpu{host="h7",region="r3"}', Math.min(hours, 1), 10),
    q('avg_over_time(cpu{region="r5"}[10m])'),
    q('stddev by (region) (cpu)'),
    q('1 - sum(rate(http_errors_total[5m])) / sum(rate(http_requests_total[5m]))'),
  ];
}

export type AtOnce = {
  alone: number[];
  /** Each query's CPU alone (the target's process, every thread), ms: the mean over its runs. */
  aloneCpu: number[];
  together: number[];
  wall: number;
  /** The target's CPU over a round of all 20 at once, ms (the median round). */
  togetherCpu: number;
  refused: boolean[];
};

/**
 * Each query alone (median of `repeats` after a warm-up) and then all of them sent at once,
 * `repeats` times (each query's median latency, and the median time until the last answered).
 * nocache=1: every answer is computed. A query the target refuses is marked and left out of the
 * rounds.
 */
export async function measureAtOnce(t: Target, queries: RangeForm[], repeats = 3): Promise<AtOnce> {
  const ask = (f: RangeForm) => rangeQuery(t, f, { nocache: '1' }, true);
  const refused = await Promise.all(queries.map(async (f) => (await ask(f)).status !== 200));
  const alone: number[] = [];
  const aloneCpu: number[] = [];
  for (const [i, f] of queries.entries()) {
    if (refused[i]) {
      alone.push(Number.NaN);
      aloneCpu.push(Number.NaN);
      continue;
    }
    const times: number[] = [];
    const cpu0 = t.cpu();
    for (let r = 0; r < repeats; r++) times.push((await ask(f)).ms);
    alone.push(median(times));
    aloneCpu.push(((t.cpu() - cpu0) * 1000) / repeats);
  }
  const rounds: number[][] = [];
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now();
    const cpu0 = t.cpu();
    rounds.push(await Promise.all(queries.map(async (f, i) => (refused[i] ? Number.NaN : (await ask(f)).ms))));
    walls.push(performance.now() - t0);
    cpus.push((t.cpu() - cpu0) * 1000);
  }
  const together = queries.map((_, i) => median(rounds.map((round) => round[i]!)));
  return { alone, aloneCpu, together, wall: median(walls), togetherCpu: median(cpus), refused };
}

/** The at-once table: each query's time alone and at once, per version. */
export function atOnceReport(queries: RangeForm[], results: [name: string, r: AtOnce][]): string {
  const rows = queries.map((f, i) => [
    `\`${f.query.length > 70 ? `${f.query.slice(0, 67)}...` : f.query}\``,
    ...results.flatMap(([, r]) =>
      r.refused[i]
        ? ['refused', '', '', '']
        : [fmt(r.alone[i]!), fmt(r.aloneCpu[i]!), fmt(r.together[i]!), `${fmt(r.together[i]! / r.alone[i]!)}×`],
    ),
  ]);
  const cores = availableParallelism();
  const summary = results.map(([name, r]) => {
    const answered = r.alone.map((_, i) => i).filter((i) => !r.refused[i]);
    const ratios = answered.map((i) => r.together[i]! / r.alone[i]!);
    const within = ratios.filter((x) => x <= 2).length;
    const cpuAlone = answered.reduce((sum, i) => sum + r.aloneCpu[i]!, 0);
    // Reads shared by queries in flight make a round at once cost less CPU than the queries
    // alone: the second bound takes each query's CPU scaled by that saving.
    const shared = Math.min(1, r.togetherCpu / cpuAlone);
    const most = (scale: number) =>
      mostWithinDeadlines(
        answered.map((i) => (r.aloneCpu[i]! * scale) / cores),
        answered.map((i) => 2 * r.alone[i]!),
      );
    return [
      `${name}: ${within} of ${ratios.length} within 2× their time alone (worst ${fmt(Math.max(...ratios))}×), all ${ratios.length} answered in ${fmt(r.wall)} ms`,
      `using ${fmt(r.togetherCpu)} ms of CPU (${fmt((100 * r.togetherCpu) / r.wall)} % of one core; ${fmt(cpuAlone)} ms for the ${ratios.length} alone).`,
      `In any order of their work on ${cores} cores, at most ${most(1)} of ${ratios.length} can answer within 2× with the CPU each takes alone,`,
      `${most(shared)} with each one's CPU scaled by what the reads shared at once saved (${fmt(shared)}×)`,
      '(the queries by deadline, their work spread over every core: Moore-Hodgson).',
    ].join(' ');
  });
  return [
    table(['query', ...results.flatMap(([name]) => [`${name} alone ms`, 'CPU ms alone', 'at once ms', 'ratio'])], rows),
    '',
    ...summary,
  ].join('\n');
}
