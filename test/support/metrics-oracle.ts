import type { MetricsQueryResponse } from '@spanhouse/schema';

/**
 * A plain TypeScript statement of the metrics query semantics (docs/api.md, metrics query), for
 * comparing the service with: no SQL, no cleverness, just the rules one after another.
 */
export type OraclePoint = { name: string; labels: Record<string, string>; us: number; value: number };
export type OracleQuery = {
  name: string;
  fromUs: number;
  toUs: number;
  labels: Record<string, string>;
  step: '1m' | '5m' | '1h' | '1d';
  agg: 'avg' | 'max' | 'min' | 'sum' | 'last' | 'p50' | 'p90' | 'p99';
  groupBy?: string;
};

const STEP_US = { '1m': 60e6, '5m': 300e6, '1h': 3600e6, '1d': 86400e6 } as const;

export const labelsKey = (labels: Record<string, string>) =>
  JSON.stringify(
    Object.keys(labels)
      .sort()
      .map((k) => [k, labels[k]]),
  );

const sorted = (labels: Record<string, string>) =>
  Object.fromEntries(
    Object.keys(labels)
      .sort()
      .map((k) => [k, labels[k]!] as const),
  );

export const isoOut = (ms: number) => `${new Date(ms).toISOString().slice(0, -1)}+00:00`;

/** `points` in the order they were stored: for one series and timestamp, the last one counts. */
export function oracle(
  points: readonly OraclePoint[],
  q: OracleQuery,
  limits = { series: 50, points: 1000 },
): MetricsQueryResponse {
  const latest = new Map<string, OraclePoint>();
  for (const p of points) latest.set(`${p.name}\u0000${labelsKey(p.labels)}\u0000${p.us}`, p);
  const matched = [...latest.values()].filter(
    (p) =>
      p.name === q.name &&
      p.us >= q.fromUs &&
      p.us <= q.toUs &&
      Object.entries(q.labels).every(([k, v]) => Object.hasOwn(p.labels, k) && p.labels[k] === v),
  );
  const stepUs = STEP_US[q.step];
  const groups = new Map<string, { labels: Record<string, string>; buckets: Map<number, OraclePoint[]> }>();
  for (const p of matched) {
    const labels = q.groupBy === undefined ? sorted(p.labels) : { [q.groupBy]: p.labels[q.groupBy] ?? '' };
    const key = labelsKey(labels);
    if (!groups.has(key)) groups.set(key, { labels, buckets: new Map() });
    const b = Math.floor(p.us / stepUs) * stepUs;
    const g = groups.get(key)!;
    if (!g.buckets.has(b)) g.buckets.set(b, []);
    g.buckets.get(b)!.push(p);
  }
  const keys = [...groups.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let truncated = keys.length > limits.series;
  const data = keys.slice(0, limits.series).map((key) => {
    const g = groups.get(key)!;
    const bs = [...g.buckets.keys()].sort((a, b) => a - b);
    if (bs.length > limits.points) truncated = true;
    return {
      labels: g.labels,
      values: bs.slice(-limits.points).map((b) => ({
        timestamp: isoOut(b / 1000),
        value: aggregate(
          q.agg,
          g.buckets.get(b)!.map((p) => ({ t: p.us, value: p.value, key: labelsKey(p.labels) })),
        ),
      })),
    };
  });
  const meta: MetricsQueryResponse['meta'] = { series_count: data.length, truncated };
  if (matched.length > 0) meta.latest_ts = isoOut(Math.floor(Math.max(...matched.map((p) => p.us)) / 1000));
  return { data, meta };
}

/** A point of one bucket of one output series: its time, value and its series' labelsKey. */
export type BucketPoint = { t: number; value: number; key: string };

/**
 * One bucket's value by the metrics query's rules (docs/api.md): `last` is the newest point, and
 * between series at the same instant the first in label order; percentiles are exact with linear
 * interpolation at rank q * (n - 1). Shared by the tests' oracle and the benchmark's reference.
 */
export function aggregate(agg: OracleQuery['agg'], pts: readonly BucketPoint[]): number {
  const vals = pts.map((p) => p.value);
  switch (agg) {
    case 'avg':
      return vals.reduce((a, b) => a + b, 0) / vals.length;
    case 'sum':
      return vals.reduce((a, b) => a + b, 0);
    case 'min':
      return Math.min(...vals);
    case 'max':
      return Math.max(...vals);
    case 'last': {
      // Latest timestamp; between series at the same instant, the first in label order.
      const best = [...pts].sort((a, b) => b.t - a.t || cmp(a.key, b.key))[0]!;
      return best.value;
    }
    default: {
      const q = Number(agg.slice(1)) / 100;
      const s = [...vals].sort((a, b) => a - b);
      const rank = q * (s.length - 1);
      const lo = Math.floor(rank);
      const hi = Math.min(s.length - 1, lo + 1);
      return s[lo]! + (rank - lo) * (s[hi]! - s[lo]!);
    }
  }
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
