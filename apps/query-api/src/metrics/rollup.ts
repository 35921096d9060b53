import { type ParamBuilder, TABLES } from '@spanhouse/db';
import { METRIC_STEP_US, METRIC_TIME_RANGE_US, type MetricAgg, microsToCh } from '@spanhouse/schema';
import type { MetricsQuery } from './params.ts';
import { bucketExpr } from './sql.ts';

const MINUTE_US = 60e6;

/**
 * Below this many (series x whole minutes), a query reads the samples: the two-level plan over
 * the per-minute rows has a fixed cost that tiny reads do not earn back. Measured on the reference
 * set (`pnpm bench metrics`, HTTP medians; 1 minute = 6 points there):
 * - right after a load, while the samples sit in many parts and FINAL merge-sorts them at every
 *   read (the state of a partition that keeps receiving points, i.e. of recent data under steady
 *   ingest): (c), 1000 series x 360 minutes, 192 ms from samples against 76-100 from minutes;
 *   (d), 10 x 720, 50-63 against 39;
 * - on one folded part (a quiet partition), HTTP medians of 15: (a), 1 x 1440, 18 against 25;
 *   (d) 26 against 37; (c) 83 against 84.
 * So reads the size of (d) and up may use the minutes, and one series over a day does not. (These
 * figures predate 0006's order and the plain reads; which of the two a read of (d)'s size takes
 * is now decided by its share of the metric's series: MAX_METRIC_SERIES_PER_SERIES_READ.)
 */
export const MIN_SERIES_MINUTES = 5_000;

/**
 * A read uses the per-minute rows only when it asks for at least one in this many of the metric's
 * series: `plain` when the samples can be read without FINAL (the read is small enough to check
 * for points stored twice instead: see groupBuckets), `final` when they need FINAL. The rows are
 * sorted by minute before series (clickhouse/0006_metric_minute_rollups.sql), so a read scans
 * every series of its minutes whatever its filter, while the samples are sorted by series and a
 * read of few series scans only theirs. Measured in chDB right after a load of the reference set
 * (1000 series, 5 parts), rows against plain samples: 10 series over 12 h (query (d)) 28-34 ms
 * against 16; 100 series over 12 h, 36-39 against 50-56; all 1000 over 1 h, 26-34 against 60.
 * Against samples with FINAL: (d) 36-46 ms over HTTP from the rows, 50-63 from the samples; one
 * series of 1000 over a week of rows, 37 ms (10 M rows scanned) against a few ms for its 60,000
 * samples. There is no cap on the size of a read: merging the rows is a streaming FINAL with no
 * per-(series, minute) state (1000 series x a week: 67 ms and no growth of RSS, against 684 ms and
 * +765 MiB for the GROUP BY that 0005's order needed).
 */
export const MAX_METRIC_SERIES_PER_SERIES_READ = { plain: 30, final: 100 };

/** Whether a read of `seriesRead` of the metric's `metricSeries` series may use the per-minute rows. */
const sharesEnoughSeries = (r: { seriesRead: number; metricSeries: number; plainSamples: boolean }) =>
  r.metricSeries <= r.seriesRead * MAX_METRIC_SERIES_PER_SERIES_READ[r.plainSamples ? 'plain' : 'final'];

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
    minutes: 'l.2 AS lv',
    raw: 'argMax(value, ts) AS lv',
    combine: (tieBreak) => (tieBreak === undefined ? 'argMax(lv, lt)' : `argMax(lv, (lt, ${tieBreak}))`),
  },
};

/**
 * The (group, bucket) aggregation of `agg` read mostly from the per-minute rows
 * (clickhouse/0005_metric_minutes.sql, 0006_metric_minute_rollups.sql), or undefined when it does
 * not apply: a percentile, a window without one whole minute in it, a read of fewer (series x
 * minutes) than `minSeriesMinutes` (MIN_SERIES_MINUTES by default), or of too few of the metric's
 * series (MAX_METRIC_SERIES_PER_SERIES_READ).
 * Rows: g, b (bucket start, seconds), v, latest (ms) and `dirty`, the number of minutes read
 * that do not prove themselves free of re-sent points (rows != bitCount(seconds)). When any
 * group has dirty minutes its values cannot be trusted and the caller asks the samples instead.
 *
 * Every step is a whole number of minutes aligned to the epoch, so a bucket is a union of whole
 * minutes: the whole minutes inside [from, to] come from the per-minute rows, the partial minutes
 * at both ends from the samples (with FINAL, as the plain query). The two never overlap.
 *
 * FINAL folds a minute held by several parts into one row. The table is sorted by minute before
 * series (clickhouse/0006_metric_minute_rollups.sql), so parts written in time order cover
 * disjoint key ranges that FINAL reads without merging; only the seams between parts are merged.
 * The filter is a PREWHERE, applied before FINAL's merge rather than after it, which is exact
 * because it names key columns only (every row of one key agrees on them) and spares a read of a
 * few series the merge of all the others. Measured in chDB on the 360,000 minutes of reference
 * query (c) right after a load (5 parts): 21-27 ms, against 45-50 ms for merging by a GROUP BY on
 * (series, minute), the plan of the series-first sort of 0005.
 */
export function minutesBucketsSql(
  q: MetricsQuery,
  read: {
    ids: readonly bigint[] | undefined;
    seriesRead: number;
    metricSeries: number;
    /** Whether the alternative is reading the samples without FINAL. */
    plainSamples: boolean;
    minSeriesMinutes: number;
  },
  group: string,
  tieBreak: string | undefined,
  p: ParamBuilder,
): string | undefined {
  const parts = PARTS[q.agg];
  const w = wholeMinutes(q);
  if (parts === undefined || w === undefined) return undefined;
  const seriesMinutes = read.seriesRead * (w.endMin - w.firstMin);
  if (seriesMinutes < read.minSeriesMinutes || !sharesEnoughSeries(read)) return undefined;

  const stepMin = METRIC_STEP_US[q.step] / MINUTE_US;
  const where = filters(q, read.ids, w, p);
  const raw =
    where.edges === undefined
      ? ''
      : `
        UNION ALL
        SELECT series_id, ${bucketExpr(q, p)} AS b, ${parts.raw}, max(ts) AS lt, toUInt64(0) AS dirty
        FROM ${TABLES.metricSamples} FINAL
        WHERE ${where.edges}
        GROUP BY series_id, b`;
  return `
      SELECT ${group} AS g, b, ${parts.combine(tieBreak)} AS v, toUnixTimestamp64Milli(max(lt)) AS latest,
             sum(dirty) AS dirty FROM (
        SELECT series_id, toInt64(intDiv(minute, ${p.add(stepMin, 'UInt32')})) * ${p.add(stepMin * 60, 'Int64')} AS b,
               ${parts.minutes}, lt, toUInt64(r != bitCount(sec)) AS dirty
        FROM (
          SELECT series_id, minute, rows AS r, seconds AS sec, sum AS s, min AS mn, max AS mx, last AS l, last_ts AS lt
          FROM ${TABLES.metricMinutes} FINAL
          PREWHERE ${where.minutes})${raw})
      GROUP BY g, b`;
}

/**
 * Per series, the newest point in the window (rows: id, latest in ms), from the per-minute rows
 * and the partial minutes at the ends; undefined for a window without a whole minute or a read of
 * too few of the metric's series (MAX_METRIC_SERIES_PER_SERIES_READ.plain: the alternative reads
 * the samples without FINAL). Re-sent
 * points do not matter here: a re-send repeats a timestamp, so it changes neither whether a series
 * has points nor its newest one (reference query (b), 100 series over a day: 31 -> 10 ms in chDB).
 */
export function minutesLatestSql(
  q: MetricsQuery,
  ids: readonly bigint[] | undefined,
  read: { seriesRead: number; metricSeries: number },
  p: ParamBuilder,
) {
  const w = wholeMinutes(q);
  if (w === undefined || !sharesEnoughSeries({ ...read, plainSamples: true })) return undefined;
  const where = filters(q, ids, w, p);
  const raw =
    where.edges === undefined
      ? ''
      : ` UNION ALL SELECT series_id, max(ts) AS lt FROM ${TABLES.metricSamples} WHERE ${where.edges} GROUP BY series_id`;
  return `
    SELECT toString(series_id) AS id, toUnixTimestamp64Milli(max(lt)) AS latest FROM (
      SELECT series_id, max(last_ts) AS lt FROM ${TABLES.metricMinutes} WHERE ${where.minutes} GROUP BY series_id${raw})
    GROUP BY series_id`;
}

type Window = { fromUs: number; toUs: number; firstMin: number; endMin: number };

/**
 * The window [from, to] (clamped to what can be stored) and its whole minutes [firstMin, endMin):
 * the first starting at or after `from`, the last ending by `to`; undefined when there are none.
 */
function wholeMinutes(q: MetricsQuery): Window | undefined {
  const fromUs = Math.max(q.fromUs, METRIC_TIME_RANGE_US.min);
  const toUs = Math.min(q.toUs, METRIC_TIME_RANGE_US.max);
  const firstMin = Math.ceil(fromUs / MINUTE_US);
  const endMin = Math.floor((toUs + 1) / MINUTE_US);
  return endMin > firstMin ? { fromUs, toUs, firstMin, endMin } : undefined;
}

/**
 * WHERE clauses of the metric's series (all of them when `ids` is undefined): over the whole
 * minutes in the per-minute rows, and over the partial minutes at the ends in metric_samples
 * ([from, first whole minute) and [end of the last, to]; undefined when both are empty).
 */
function filters(q: MetricsQuery, ids: readonly bigint[] | undefined, w: Window, p: ParamBuilder) {
  const series = `name = ${p.add(q.name, 'String')}${ids === undefined ? '' : ` AND series_id IN ${p.add(ids, 'Array(UInt64)')}`}`;
  const ts = (us: number) => p.add(microsToCh(us), "DateTime64(6, 'UTC')");
  const edges: string[] = [];
  if (w.fromUs < w.firstMin * MINUTE_US) edges.push(`(ts >= ${ts(w.fromUs)} AND ts < ${ts(w.firstMin * MINUTE_US)})`);
  if (w.endMin * MINUTE_US <= w.toUs) edges.push(`(ts >= ${ts(w.endMin * MINUTE_US)} AND ts <= ${ts(w.toUs)})`);
  return {
    minutes: `${series} AND minute >= ${p.add(w.firstMin, 'UInt32')} AND minute < ${p.add(w.endMin, 'UInt32')}`,
    edges: edges.length === 0 ? undefined : `${series} AND (${edges.join(' OR ')})`,
  };
}
