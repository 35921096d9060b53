import type { MetricAgg } from '@spanhouse/schema';
import { hasMinuteRowsForm } from './minute-rows.ts';
import type { QueryWindow } from './window.ts';

/**
 * Which table a metrics read takes its answer from, decided here and nowhere else. Every figure
 * behind these thresholds is in docs/decisions/0005-metrics-read-strategies.md. The size of a read
 * is counted in series x minutes: the series it reads times the length of its window.
 */

/**
 * Below this many (series x whole minutes), a read takes the samples: the two-level plan over the
 * per-minute rows has a fixed cost that small reads do not earn back.
 */
export const MIN_MINUTE_ROWS_SERIES_MINUTES = 5_000;

/**
 * Reads of up to this many (series x minutes) try the samples without FINAL first, with a check
 * for points stored twice, and fall back to FINAL only when the check finds one. Parts are
 * deduplicated as they are written, so a point is stored twice only when it was re-sent into
 * another part, and FINAL's merge of every part holding the series is mostly wasted; but the
 * check grows faster than FINAL's merge with the size of the read.
 */
export const MAX_PLAIN_SAMPLES_SERIES_MINUTES = 100_000;

/**
 * A read takes the per-minute rows only when it asks for at least one in this many of the
 * metric's series: `plain` when the alternative is the samples without FINAL, `final` when it is
 * the samples with FINAL. The rows are sorted by minute before series, so a read scans every series
 * of its minutes whatever its filter, while the samples are sorted by series.
 */
export const MAX_METRIC_SERIES_PER_SERIES_READ = { plain: 30, final: 100 } as const;

/**
 * Reads of at most this many (series x minutes) run on one thread: their work is a few granules
 * per series, and starting and joining a second pipeline thread costs more than it shares.
 */
export const MAX_ONE_THREAD_SERIES_MINUTES = 10_000;

/** Where the (group, bucket) aggregates are read from. */
export type BucketSource = 'minute-rows' | 'samples' | 'samples-final';

/** The size of a read: the series it reads, how many the metric has, and its window. */
export type ReadSize = { seriesRead: number; metricSeries: number; window: QueryWindow };

export type BucketsPlan = {
  /**
   * Tried in order while the one before could not prove its answer: the per-minute rows (not
   * when a minute holds a re-sent point), the samples without FINAL (not when a point is stored
   * twice), and the samples with FINAL, always exact and always last.
   */
  sources: BucketSource[];
  oneThread: boolean;
};

/** Whether a read of `seriesRead` of the metric's series may use the per-minute rows. */
const sharesEnoughSeries = (r: ReadSize, alternative: 'plain' | 'final') =>
  r.metricSeries <= r.seriesRead * MAX_METRIC_SERIES_PER_SERIES_READ[alternative];

export function planBuckets(
  r: ReadSize & {
    agg: MetricAgg;
    /** Overrides MIN_MINUTE_ROWS_SERIES_MINUTES (tests set 0 to read the rows whenever they apply). */
    minSeriesMinutes?: number;
  },
): BucketsPlan {
  const seriesMinutes = r.seriesRead * r.window.lengthMinutes;
  const plain = seriesMinutes <= MAX_PLAIN_SAMPLES_SERIES_MINUTES;
  const wholeMinutes = r.window.minutes === undefined ? 0 : r.window.minutes.end - r.window.minutes.first;
  const minuteRows =
    hasMinuteRowsForm(r.agg) &&
    wholeMinutes > 0 &&
    r.seriesRead * wholeMinutes >= (r.minSeriesMinutes ?? MIN_MINUTE_ROWS_SERIES_MINUTES) &&
    sharesEnoughSeries(r, plain ? 'plain' : 'final');
  const sources: BucketSource[] = [];
  if (minuteRows) sources.push('minute-rows');
  if (plain) sources.push('samples');
  sources.push('samples-final');
  return { sources, oneThread: seriesMinutes <= MAX_ONE_THREAD_SERIES_MINUTES };
}

export type PresencePlan = { source: 'minute-rows' | 'samples'; oneThread: boolean };

/**
 * Where to find which series have points in the window. Re-sent points do not matter here, so
 * neither source needs FINAL; the per-minute rows pay off for the same shares of the metric's
 * series as a plain read of the samples.
 */
export function planPresence(r: ReadSize): PresencePlan {
  const minuteRows = r.window.minutes !== undefined && sharesEnoughSeries(r, 'plain');
  return {
    source: minuteRows ? 'minute-rows' : 'samples',
    oneThread: r.seriesRead * r.window.lengthMinutes <= MAX_ONE_THREAD_SERIES_MINUTES,
  };
}

/**
 * The ids a read filters by: none when the query has no label filter and `ids` are every series
 * found (`seriesFound`), i.e. every series of the metric: the name selects them, and rows of ids
 * outside every group (samples without a series row) are dropped when mapped to groups.
 */
export function readIds(hasLabelFilter: boolean, ids: bigint[], seriesFound: number): bigint[] | undefined {
  return !hasLabelFilter && ids.length === seriesFound ? undefined : ids;
}
