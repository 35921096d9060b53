import { type ParamBuilder, type ProjectParams, TABLES } from '@spanhouse/db';
import { METRIC_STEP_US, type MetricAgg } from '@spanhouse/schema';
import { fromProject } from '@spanhouse/store';
import { samplesWhere } from './filters.ts';
import type { MetricsQuery } from './params.ts';
import type { QueryWindow } from './window.ts';

/**
 * The raw points (metric_samples): every aggregation can be read from them. Sorted by
 * (name, series_id, ts), so a read of a few series scans only theirs.
 */

/**
 * Bucket start in seconds since the epoch, for every step: floor(ts / step) * step, aligned to
 * the Unix epoch in UTC (integer division is a floor here: stored times are never before 1970).
 * Equal to toStartOfInterval(ts, INTERVAL step) in UTC for 1m/5m/1h/1d, with no time zone or
 * "hours from midnight" rule to think about. Buckets are [B, B + step).
 */
export function bucketExpr(q: Pick<MetricsQuery, 'step'>, p: ParamBuilder): string {
  const stepUs = METRIC_STEP_US[q.step];
  return `intDiv(toUnixTimestamp64Micro(ts), ${p.add(stepUs, 'Int64')}) * ${p.add(stepUs / 1e6, 'Int64')}`;
}

/**
 * The aggregate of each `agg`, over the raw points of a group in a bucket. A closed set of SQL
 * constants chosen by name, never text from the request. Percentiles are exact with linear
 * interpolation at rank q*(n-1) (quantileExactInclusive: p50 of 1..10 is 5.5; `quantile` would
 * sample). `last` is the value at the greatest timestamp; equal timestamps of different series
 * in one group are broken by `tieBreak` (higher wins), so the answer never depends on read order
 * (without one, for groups of one series, whose timestamps are unique after FINAL).
 */
export function aggExpr(agg: MetricAgg, tieBreak?: string): string {
  switch (agg) {
    case 'avg':
      return 'avg(value)';
    case 'max':
      return 'max(value)';
    case 'min':
      return 'min(value)';
    case 'sum':
      return 'sum(value)';
    case 'last':
      return tieBreak === undefined ? 'argMax(value, ts)' : `argMax(value, (ts, ${tieBreak}))`;
    case 'p50':
      return 'quantileExactInclusive(0.5)(value)';
    case 'p90':
      return 'quantileExactInclusive(0.9)(value)';
    case 'p99':
      return 'quantileExactInclusive(0.99)(value)';
  }
}

/**
 * Read without FINAL, a (group, bucket) holding a point stored twice (a re-send not yet merged
 * away) counts more rows than distinct (series, timestamp) pairs: `dirty`, and the caller reads
 * again with FINAL. The pair is counted as one UInt64, series_id + microseconds (wrapping): a
 * point stored twice always repeats it, and two pairs that happen to share it only cost a needless
 * second read; one number hashes faster than a pair.
 */
const DUPLICATE_CHECK = 'toUInt64(count() != uniqExact(series_id + toUInt64(toUnixTimestamp64Micro(ts))))';

/**
 * Every (group, bucket) of the window from the samples. Rows: g, b (bucket start, seconds), v,
 * latest (ms) and dirty. With `final`, FINAL folds re-sent points and the answer is exact;
 * without, the duplicate check marks what FINAL would have changed.
 */
export function samplesBucketsSql(
  q: Pick<MetricsQuery, 'step' | 'agg'>,
  w: QueryWindow,
  read: { series: string; group: string; tieBreak: string | undefined; final: boolean },
  p: ProjectParams,
): string {
  return `
      SELECT ${read.group} AS g, ${bucketExpr(q, p)} AS b,
             ${aggExpr(q.agg, read.tieBreak)} AS v, toUnixTimestamp64Milli(max(ts)) AS latest,
             ${read.final ? 'toUInt64(0)' : DUPLICATE_CHECK} AS dirty
      ${fromProject(TABLES.metricSamples, p, { final: read.final })}
      AND ${samplesWhere(read.series, [{ fromUs: w.fromUs, toUs: w.toUs }], p)}
      GROUP BY g, b`;
}

/**
 * Per series, its newest point in the window (rows: id, latest in ms). No FINAL: a re-sent point
 * repeats a timestamp, so it changes neither whether a series has points nor its newest one.
 */
export function samplesLatestSql(w: QueryWindow, series: string, p: ProjectParams): string {
  return `SELECT toString(series_id) AS id, toUnixTimestamp64Milli(max(ts)) AS latest
     ${fromProject(TABLES.metricSamples, p)} AND ${samplesWhere(series, [{ fromUs: w.fromUs, toUs: w.toUs }], p)} GROUP BY series_id`;
}
