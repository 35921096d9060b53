import type { MetricAgg, MetricStep } from '@spanhouse/schema';
import { endMs, isoSeconds, type MetricsDataset } from './dataset.ts';

/** A metrics query in the service's own terms; times in ms, `from <= ts < to`. */
export type ServiceQuery = {
  name: string;
  labels: Record<string, string>;
  fromMs: number;
  toMs: number;
  step: MetricStep;
  agg: MetricAgg;
  groupBy?: string;
};

export type ReferenceQuery = { id: string; title: string; q: ServiceQuery };

const HOUR_MS = 3_600_000;
export const STEP_MS: Record<MetricStep, number> = { '1m': 60_000, '5m': 300_000, '1h': HOUR_MS, '1d': 86_400_000 };

/** The four reference queries (a)-(d), over the data set's time range (cut to it in smoke runs). */
export function referenceQueries(ds: MetricsDataset): ReferenceQuery[] {
  const end = endMs(ds);
  const last = (hours: number) => Math.max(ds.startMs, end - hours * HOUR_MS);
  const q = (x: Omit<ServiceQuery, 'name'>): ServiceQuery => ({ name: ds.metric, ...x });
  return [
    {
      id: 'a',
      title: 'avg per 5m, 24h, one series (host=h7, region=r3)',
      q: q({ labels: { host: 'h7', region: 'r3' }, fromMs: ds.startMs, toMs: end, step: '5m', agg: 'avg' }),
    },
    {
      id: 'b',
      title: 'p99 per 1h, 24h, region=r3 by host (100 series; the service returns its cap of 50)',
      q: q({ labels: { region: 'r3' }, fromMs: ds.startMs, toMs: end, step: '1h', agg: 'p99', groupBy: 'host' }),
    },
    {
      id: 'c',
      title: 'sum per 1m, last 6h, all series by region',
      q: q({ labels: {}, fromMs: last(6), toMs: end, step: '1m', agg: 'sum', groupBy: 'region' }),
    },
    {
      id: 'd',
      title: 'last per 1m, last 12h, host=h7 (10 series)',
      q: q({ labels: { host: 'h7' }, fromMs: last(12), toMs: end, step: '1m', agg: 'last' }),
    },
  ];
}

/**
 * The query string of GET /api/public/metrics/query. `to` is the data set's exclusive end, where
 * no point lies, so the service's inclusive bound reads the same points.
 */
export function serviceParams(q: ServiceQuery): URLSearchParams {
  const p = new URLSearchParams({
    name: q.name,
    from: isoSeconds(q.fromMs),
    to: isoSeconds(q.toMs),
    labels: JSON.stringify(q.labels),
    step: q.step,
    agg: q.agg,
  });
  if (q.groupBy) p.set('group_by', q.groupBy);
  return p;
}

export type Engine = 'prometheus' | 'victoria-metrics';

/**
 * The query as a PromQL / MetricsQL range query that answers exactly the service's buckets.
 * A range function at evaluation time t reads [t - range, t] in Prometheus 2.x and (t - range, t]
 * in VictoriaMetrics, and stamps the point t, the window's end; a service bucket is [B, B + S)
 * stamped B, its start. Evaluating S - 1 ms ahead with a negative offset reads exactly [B, B + S)
 * for millisecond timestamps: `[S-1ms] offset -(S-1)ms` in Prometheus 2.x, `[Sms] offset -(S-1)ms`
 * in VictoriaMetrics. start = the first bucket, end = the last, step = S. Grouped forms are exact
 * only where the group's aggregate composes: sum of sums, avg as sum / count, a quantile of
 * per-series quantiles when every group is one series (query (b): host within one region).
 */
export function peerRangeQuery(q: ServiceQuery, engine: Engine): URLSearchParams {
  const S = STEP_MS[q.step];
  const selector = `${q.name}${selectorLabels(q.labels)}`;
  const win = `${selector}[${engine === 'prometheus' ? S - 1 : S}ms] offset -${S - 1}ms`;
  const quantile = /^p(\d+)$/.exec(q.agg);
  const over = (fn: string) => `${fn}(${win})`;
  let expr: string;
  if (quantile) {
    const level = Number(quantile[1]) / 100;
    const perSeries = `quantile_over_time(${level}, ${win})`;
    expr = q.groupBy ? `quantile by (${q.groupBy}) (${level}, ${perSeries})` : perSeries;
  } else if (!q.groupBy) {
    expr = over(`${q.agg}_over_time`);
  } else if (q.agg === 'sum' || q.agg === 'min' || q.agg === 'max') {
    expr = `${q.agg} by (${q.groupBy}) (${over(`${q.agg}_over_time`)})`;
  } else if (q.agg === 'avg') {
    expr = `sum by (${q.groupBy}) (${over('sum_over_time')}) / sum by (${q.groupBy}) (${over('count_over_time')})`;
  } else {
    throw new Error(`no exact PromQL form for ${q.agg} by ${q.groupBy}`);
  }
  return new URLSearchParams({
    query: expr,
    start: String((Math.floor(q.fromMs / S) * S) / 1000),
    end: String((Math.floor((q.toMs - 1) / S) * S) / 1000),
    step: String(S / 1000),
  });
}

function selectorLabels(labels: Record<string, string>): string {
  const pairs = Object.keys(labels)
    .sort()
    .map((k) => `${k}="${labels[k]!.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`);
  return pairs.length ? `{${pairs.join(',')}}` : '';
}
