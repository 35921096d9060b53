import { aggregate, type BucketPoint, labelsKey } from '@spanhouse/test/support/metrics-oracle.ts';
import { type MetricsDataset, pointMs, seriesCount, seriesLabels, valuesOf } from './dataset.ts';
import { type ServiceQuery, STEP_MS } from './queries.ts';

/** The service's answer limits: series per answer (the first by sorted labels), buckets per series (the newest). */
export const ANSWER_LIMITS = { series: 50, points: 1000 } as const;

/** Per output series (by its canonical labels), its labels and every bucket's exact value. */
export type Expected = {
  groups: Map<string, { labels: Record<string, string>; buckets: Map<number, number> }>;
  latestMs?: number;
};

/** Every bucket of every output series of `q` on the data set, computed from the points themselves. */
export function expectedAnswer(ds: MetricsDataset, q: ServiceQuery): Expected {
  const value = valuesOf(ds);
  const S = STEP_MS[q.step];
  const collected = new Map<string, { labels: Record<string, string>; points: Map<number, BucketPoint[]> }>();
  const series: { s: number; labels: Record<string, string> }[] = [];
  for (let s = 0; s < seriesCount(ds); s++) {
    const labels: Record<string, string> = seriesLabels(ds, s);
    if (q.name === ds.metric && Object.entries(q.labels).every(([k, v]) => labels[k] === v)) series.push({ s, labels });
  }
  series.sort((a, b) => (labelsKey(a.labels) < labelsKey(b.labels) ? -1 : 1));
  let latestMs: number | undefined;
  const first = Math.max(0, Math.ceil((q.fromMs - ds.startMs) / ds.intervalMs));
  const end = Math.min(ds.points, Math.ceil((q.toMs - ds.startMs) / ds.intervalMs));
  series.forEach(({ s, labels }) => {
    const seriesKey = labelsKey(labels);
    const out = q.groupBy ? { [q.groupBy]: labels[q.groupBy] ?? '' } : labels;
    const key = labelsKey(out);
    const group = collected.get(key) ?? { labels: out, points: new Map<number, BucketPoint[]>() };
    collected.set(key, group);
    for (let i = first; i < end; i++) {
      const ms = pointMs(ds, i);
      const b = Math.floor(ms / S) * S;
      const list = group.points.get(b) ?? [];
      group.points.set(b, list);
      list.push({ t: ms, value: value(s, i), key: seriesKey });
      latestMs = Math.max(latestMs ?? ms, ms);
    }
  });
  const groups: Expected['groups'] = new Map();
  for (const [key, g] of collected) {
    const buckets = new Map<number, number>();
    for (const [b, points] of g.points) buckets.set(b, aggregate(q.agg, points));
    groups.set(key, { labels: g.labels, buckets });
  }
  return { groups, latestMs };
}

const equal = (a: unknown, b: number) => typeof a === 'number' && Math.abs(a - b) <= Math.max(1e-9, Math.abs(b) * 1e-9);

export type Check = { exact: boolean; series: number; points: number; problems: string[] };

/**
 * The service's answer against the expected one under the answer limits: the first 50 series by
 * sorted labels, in that order, each with its newest 1000 buckets oldest first, every value equal
 * (to 1e-9 relative), timestamps in ISO 8601 with a UTC offset, `meta.truncated` set exactly when
 * something was cut, `meta.latest_ts` the newest point.
 */
export function checkServiceAnswer(expected: Expected, body: unknown): Check {
  const problems: string[] = [];
  const answer = body as {
    data?: { labels: Record<string, string>; values: { timestamp: string; value: unknown }[] }[];
    meta?: { truncated?: boolean; latest_ts?: string; series_count?: number };
  };
  const data = Array.isArray(answer?.data) ? answer.data : [];
  const keys = [...expected.groups.keys()].filter((k) => expected.groups.get(k)!.buckets.size > 0).sort();
  const kept = keys.slice(0, ANSWER_LIMITS.series);
  let truncated = keys.length > kept.length;
  if (data.map((s) => labelsKey(s.labels)).join('\n') !== kept.join('\n'))
    problems.push(`series: got ${data.length}, not the first ${kept.length} of ${keys.length} by sorted labels`);
  let points = 0;
  for (const s of data) {
    const group = expected.groups.get(labelsKey(s.labels));
    if (!group) continue;
    const buckets = [...group.buckets.keys()].sort((a, b) => a - b);
    if (buckets.length > ANSWER_LIMITS.points) truncated = true;
    const want = buckets.slice(-ANSWER_LIMITS.points);
    points += s.values.length;
    if (s.values.length !== want.length)
      problems.push(`${labelsKey(s.labels)}: ${s.values.length} of ${want.length} buckets`);
    s.values.forEach((v, i) => {
      const b = want[i];
      if (!/(Z|\+00:00)$/.test(v.timestamp) || Date.parse(v.timestamp) !== b)
        problems.push(
          `${labelsKey(s.labels)}: bucket ${v.timestamp} where ${b === undefined ? 'none' : new Date(b).toISOString()} was due`,
        );
      else if (!equal(v.value, group.buckets.get(b)!))
        problems.push(`${labelsKey(s.labels)} ${v.timestamp}: ${v.value} instead of ${group.buckets.get(b)}`);
    });
  }
  if (answer?.meta?.truncated !== truncated)
    problems.push(`meta.truncated ${answer?.meta?.truncated}, ${truncated} due`);
  const latest = answer?.meta?.latest_ts === undefined ? undefined : Date.parse(answer.meta.latest_ts);
  if (latest !== expected.latestMs) problems.push(`meta.latest_ts ${answer?.meta?.latest_ts}`);
  return { exact: problems.length === 0, series: data.length, points, problems: problems.slice(0, 5) };
}

/** A Prometheus / VictoriaMetrics query_range answer against every expected series and bucket. */
export function checkPeerAnswer(expected: Expected, body: unknown): Check {
  const problems: string[] = [];
  const result = (body as { data?: { result?: { metric: Record<string, string>; values: [number, string][] }[] } })
    ?.data?.result;
  if (!Array.isArray(result)) return { exact: false, series: 0, points: 0, problems: ['no result matrix'] };
  let points = 0;
  let missing = 0;
  const seen = new Set<string>();
  for (const r of result) {
    const { __name__: _, ...labels } = r.metric;
    const key = labelsKey(labels);
    seen.add(key);
    const group = expected.groups.get(key);
    if (!group) {
      problems.push(`unexpected series ${key}`);
      continue;
    }
    points += r.values.length;
    for (const [sec, text] of r.values) {
      const want = group.buckets.get(Math.round(sec * 1000));
      if (want === undefined || !equal(Number(text), want)) problems.push(`${key} @${sec}: ${text} instead of ${want}`);
    }
    missing += group.buckets.size - r.values.length;
  }
  for (const [key, g] of expected.groups) if (!seen.has(key)) missing += g.buckets.size;
  if (missing > 0) problems.push(`${missing} buckets missing`);
  return { exact: problems.length === 0, series: result.length, points, problems: problems.slice(0, 5) };
}
