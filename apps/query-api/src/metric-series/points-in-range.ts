import type { ProjectParams } from '@spanhouse/db';
import { METRIC_TIME_RANGE_US } from '@spanhouse/schema';
import { fromProject, TABLES } from '@spanhouse/store';

/** A time range of the Prometheus metadata endpoints (`start`, `end`), in ms, both ends included. */
export type TimeRange = { startMs: number; endMs: number };

/** A ms time as stored µs, clamped to what the tables can hold (a range past them selects their edge). */
const clampedUs = (ms: number) => Math.min(Math.max(ms * 1000, METRIC_TIME_RANGE_US.min), METRIC_TIME_RANGE_US.max);

/**
 * The condition on the series table (metric_series_v2) that keeps the series with a point in
 * `range`: the Prometheus metadata endpoints' narrowing (docs/prometheus.md).
 *
 * Finite points are looked up in the per-minute rows (metric_minute_rollups_v2, a row per series
 * and minute with a point, keyed by minute after the name), not in the samples: so the test is
 * per minute, a series with a point in the minute of `start` or `end` but outside the range is
 * kept. Prometheus tests chunks of up to 120 samples (a series is listed when one of its chunks
 * overlaps the range, its samples in range or not), so this is never coarser than Prometheus. The
 * non-finite points (NaN, ±Inf, staleness markers, which Prometheus stores as samples) are only in
 * metric_nonfinite_samples_v2 and tested exactly. Both reads keep fromProject's retention and
 * deleted ranges (a minute starting in a deleted range does not count).
 */
export function seriesWithPointsIn(range: TimeRange, p: ProjectParams): string {
  const fromUs = clampedUs(range.startMs);
  const toUs = clampedUs(range.endMs);
  const minute = (us: number) => p.add(Math.floor(us / 60_000_000), 'UInt32');
  const us = (v: number) => `fromUnixTimestamp64Micro(${p.add(v, 'Int64')}, 'UTC')`;
  // The range first (filters): the deleted-range lookups then see only the rows in range.
  const finite = `SELECT series_id ${fromProject(TABLES.metricMinutes, p, { filters: [`minute BETWEEN ${minute(fromUs)} AND ${minute(toUs)}`] })}`;
  const nonFinite = `SELECT series_id ${fromProject(TABLES.metricNonFinite, p, { filters: [`ts BETWEEN ${us(fromUs)} AND ${us(toUs)}`] })}`;
  return `${TABLES.metricSeries}.series_id IN (${finite} UNION ALL ${nonFinite})`;
}
