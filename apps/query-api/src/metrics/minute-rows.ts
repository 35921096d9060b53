import { type ParamBuilder, type ProjectParams, TABLES } from '@spanhouse/db';
import { METRIC_STEP_US, type MetricAgg } from '@spanhouse/schema';
import { deletedMinuteCondition, fromProject, METRIC_MINUTES } from '@spanhouse/store';
import { samplesWhere } from './filters.ts';
import type { MetricsQuery } from './params.ts';
import { bucketExpr } from './samples.ts';
import { edgeSpans, MINUTE_US, type QueryWindow } from './window.ts';

/**
 * The per-minute rows (metric_minute_rollups: clickhouse/0005_metric_minutes.sql,
 * 0006_metric_minute_rollups.sql): per series and minute the point count, sum, min, max, the last
 * value and its time, and a 64-bit set of the seconds that held points. Every step is a whole
 * number of minutes aligned to the epoch, so a bucket is a union of whole minutes: the whole
 * minutes inside [from, to] come from these rows, the partial minutes at both ends from the
 * samples. The two never overlap.
 */

type WindowWithMinutes = QueryWindow & { minutes: { first: number; end: number } };

/**
 * How each aggregate is built from the merged per-minute rows (columns r, s, mn, mx, l of the
 * inner query below; ClickHouse skips the unused ones) and from raw points, and combined over a
 * (group, bucket). Both kinds of part carry `lt`, the greatest timestamp of their points, for
 * `last` and meta.latest_ts. Percentiles have no per-minute form: they always read raw points.
 */
const PARTS: Partial<Record<MetricAgg, { minutes: string; raw: string; combine: (tieBreak?: string) => string }>> = {
  sum: { minutes: 's', raw: 'sum(value) AS s', combine: () => 'sum(s)' },
  avg: { minutes: 's, r AS n', raw: 'sum(value) AS s, count() AS n', combine: () => 'sum(s) / sum(n)' },
  min: { minutes: 'mn AS m', raw: 'min(value) AS m', combine: () => 'min(m)' },
  max: { minutes: 'mx AS m', raw: 'max(value) AS m', combine: () => 'max(m)' },
  last: {
    minutes: 'lv',
    raw: 'argMax(value, ts) AS lv',
    combine: (tieBreak) => (tieBreak === undefined ? 'argMax(lv, lt)' : `argMax(lv, (lt, ${tieBreak}))`),
  },
};

/** Whether `agg` can be read from the per-minute rows. */
export const hasMinuteRowsForm = (agg: MetricAgg): boolean => PARTS[agg] !== undefined;

/** The per-minute rows' filter: the series and the window's whole minutes. */
const minutesWhere = (series: string, w: WindowWithMinutes, p: ParamBuilder) =>
  `${series} AND minute >= ${p.add(w.minutes.first, 'UInt32')} AND minute < ${p.add(w.minutes.end, 'UInt32')}`;

/** The samples of the partial minutes at the ends, or undefined when there are none. */
function edgesWhere(series: string, w: WindowWithMinutes, p: ParamBuilder): string | undefined {
  const spans = edgeSpans(w);
  return spans.length === 0 ? undefined : samplesWhere(series, spans, p);
}

/**
 * Every (group, bucket) aggregate of `q.agg` (which must have a per-minute form) from the
 * per-minute rows plus the samples of the partial minutes. Rows: g, b (bucket start, seconds), v,
 * latest (ms) and `dirty`, the number of minutes read that do not prove themselves free of re-sent
 * points (rows != bitCount(seconds)) or of points a series deletion covers (a minute in a deleted
 * range that holds points written before and after the deletion, series-deletions.ts): when any
 * group has one, the caller reads the samples instead.
 *
 * FINAL folds a minute held by several parts into one row. The table is sorted by minute before
 * series, so parts written in time order cover disjoint key ranges that FINAL reads without
 * merging; only the seams between parts are merged, a streaming merge with no state per series and
 * minute. The filter is a PREWHERE, applied before FINAL's merge rather than after it, which is
 * exact because it names key columns only (every row of one key agrees on them) and spares a read
 * of a few series the merge of all the others. The edges are read with FINAL, as the samples are.
 */
export function minuteRowsBucketsSql(
  q: Pick<MetricsQuery, 'step' | 'agg'>,
  w: WindowWithMinutes,
  read: { series: string; group: string; tieBreak: string | undefined },
  p: ProjectParams,
): string {
  const parts = PARTS[q.agg];
  if (parts === undefined) throw new Error(`${q.agg} has no per-minute form`);
  const stepMin = METRIC_STEP_US[q.step] / MINUTE_US;
  const minutes = minutesWhere(read.series, w, p);
  const edges = edgesWhere(read.series, w, p);
  const raw =
    edges === undefined
      ? ''
      : `
        UNION ALL
        SELECT series_id, ${bucketExpr(q, p)} AS b, ${parts.raw}, max(ts) AS lt, toUInt64(0) AS dirty
        ${fromProject(TABLES.metricSamples, p, { final: true })} AND ${edges}
        GROUP BY series_id, b`;
  return `
      SELECT ${read.group} AS g, b, ${parts.combine(read.tieBreak)} AS v, toUnixTimestamp64Milli(max(lt)) AS latest,
             sum(dirty) AS dirty FROM (
        SELECT series_id, toInt64(intDiv(minute, ${p.add(stepMin, 'UInt32')})) * ${p.add(stepMin * 60, 'Int64')} AS b,
               ${parts.minutes}, lt, toUInt64(r != bitCount(sec) OR redeleted) AS dirty
        FROM (
          SELECT ${METRIC_MINUTES.select}, ${deletedMinuteCondition()} AS redeleted
          ${fromProject(METRIC_MINUTES.table, p, { final: true, prewhere: true })} AND ${minutes})${raw})
      GROUP BY g, b`;
}

/**
 * Per series, the newest point in the window (rows: id, latest in ms), from the per-minute rows
 * and the partial minutes at the ends. No FINAL: a re-sent point repeats a timestamp, so it
 * changes neither whether a series has points nor its newest one.
 */
export function minuteRowsLatestSql(w: WindowWithMinutes, series: string, p: ProjectParams): string {
  const minutes = minutesWhere(series, w, p);
  const edges = edgesWhere(series, w, p);
  const raw =
    edges === undefined
      ? ''
      : ` UNION ALL SELECT series_id, max(ts) AS lt ${fromProject(TABLES.metricSamples, p)} AND ${edges} GROUP BY series_id`;
  return `
    SELECT toString(series_id) AS id, toUnixTimestamp64Milli(max(lt)) AS latest FROM (
      SELECT series_id, max(last_ts) AS lt ${fromProject(TABLES.metricMinutes, p)} AND ${minutes} GROUP BY series_id${raw})
    GROUP BY series_id`;
}
