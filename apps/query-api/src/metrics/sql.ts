import { type ParamBuilder, TABLES } from '@spanhouse/db';
import { METRIC_STEP_US, METRIC_TIME_RANGE_US, type MetricAgg, microsToCh } from '@spanhouse/schema';
import type { MetricsQuery } from './params.ts';

/**
 * Bucket start in seconds since the epoch, for every step: floor(ts / step) * step, aligned to
 * the Unix epoch in UTC (integer division is a floor here: stored times are never before 1970).
 * Equal to toStartOfInterval(ts, INTERVAL step) in UTC for 1m/5m/1h/1d, with no time zone or
 * "hours from midnight" rule to think about. Buckets are [B, B + step).
 */
export function bucketExpr(q: MetricsQuery, p: ParamBuilder): string {
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
 * The one filter of the samples table: the metric, the given series, `from <= ts <= to`.
 * Bounds outside what DateTime64 stores are clamped (no point lies outside them anyway).
 * `ids` undefined means every series of the metric (no label filter): the name alone selects
 * them, sparing a set lookup per row (a sample whose series row is missing is then read too;
 * callers drop rows of ids they do not know).
 */
export function samplesWhere(q: MetricsQuery, ids: readonly bigint[] | undefined, p: ParamBuilder): string {
  const from = Math.max(q.fromUs, METRIC_TIME_RANGE_US.min);
  const to = Math.min(q.toUs, METRIC_TIME_RANGE_US.max);
  return [
    `name = ${p.add(q.name, 'String')}`,
    ...(ids === undefined ? [] : [`series_id IN ${p.add(ids, 'Array(UInt64)')}`]),
    `ts >= ${p.add(microsToCh(from), "DateTime64(6, 'UTC')")}`,
    `ts <= ${p.add(microsToCh(to), "DateTime64(6, 'UTC')")}`,
  ].join(' AND ');
}

/**
 * Maps each series id to a number (its group, or its tie-break rank) inside SQL; an id not in
 * `ids` maps to `otherwise`.
 */
export function perSeries(ids: readonly bigint[], values: readonly number[], p: ParamBuilder, otherwise = 0): string {
  return `transform(series_id, ${p.add(ids, 'Array(UInt64)')}, ${p.add(values, 'Array(UInt32)')}, toUInt32(${p.add(otherwise, 'UInt32')}))`;
}

/**
 * The series of a metric whose labels contain every pair of `labels` (at most `limit` of them),
 * each row also carrying `total`, the number of series of the metric whatever the labels.
 */
export function seriesSql(q: Pick<MetricsQuery, 'name' | 'labels'>, p: ParamBuilder, limit?: number): string {
  const name = `name = ${p.add(q.name, 'String')}`;
  const conditions = [name];
  for (const [k, v] of Object.entries(q.labels)) {
    const key = p.add(k, 'String');
    conditions.push(`mapContains(labels, ${key}) AND labels[${key}] = ${p.add(v, 'String')}`);
  }
  const cut = limit === undefined ? '' : ` LIMIT ${p.add(limit, 'UInt32')}`;
  // Without a label filter every row is counted anyway: the total is the row count.
  const total =
    conditions.length === 1 ? 'count() OVER ()' : `(SELECT count() FROM ${TABLES.metricSeries} FINAL WHERE ${name})`;
  return `SELECT toString(series_id) AS id, labels, ${total} AS total FROM ${TABLES.metricSeries} FINAL WHERE ${conditions.join(' AND ')}${cut}`;
}
