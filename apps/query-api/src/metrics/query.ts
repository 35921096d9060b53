import type { Db } from '@spanhouse/db';
import { METRIC_QUERY_LIMITS, type MetricsQueryResponse } from '@spanhouse/schema';
import { toAnswer } from './answer.ts';
import { type GroupBuckets, readBuckets } from './bucket-rows.ts';
import { groupSeries, indexGroups } from './groups.ts';
import type { MetricsQuery } from './params.ts';
import { planBuckets, planPresence, readIds } from './plan.ts';
import { readPresence } from './presence.ts';
import type { MetricSeriesCache } from './series-cache.ts';
import { lookupSeries } from './series-lookup.ts';
import { queryWindow } from './window.ts';

export type QueryLimits = { series: number; points: number };

/**
 * GET /api/public/metrics/query (docs/api.md). The steps, each a module of its own:
 *  1. series-lookup: the series of the metric that contain the label filter, and how many the
 *     metric has;
 *  2. groups: the output series they form (group_by), ordered by their labels;
 *  3. presence, only past `limits.series` groups: which groups have points in the window; the
 *     first `limits.series` of those are kept and the rest is cut (truncated);
 *  4. bucket-rows: every (group, bucket) aggregate from the sources plan.ts picks, each tried while
 *     the one before could not prove its answer exact;
 *  5. answer: the response body.
 */
export async function runMetricsQuery(
  db: Db,
  q: MetricsQuery,
  opts: {
    signal?: AbortSignal;
    limits?: QueryLimits;
    seriesCache?: MetricSeriesCache;
    /** Overrides MIN_MINUTE_ROWS_SERIES_MINUTES (tests set 0). */
    minSeriesMinutes?: number;
  } = {},
): Promise<MetricsQueryResponse> {
  const limits = opts.limits ?? METRIC_QUERY_LIMITS;
  const { signal } = opts;
  const window = queryWindow(q);
  const hasLabelFilter = Object.keys(q.labels).length > 0;
  const { series, total: metricSeries } = await lookupSeries(db, q, opts.seriesCache, signal);
  let groups = groupSeries(series, q.groupBy);
  let truncated = false;
  let latestMs: number | undefined;
  if (groups.length > limits.series) {
    const index = indexGroups(groups);
    const plan = planPresence({ seriesRead: index.ids.length, metricSeries, window });
    const ids = readIds(hasLabelFilter, index.ids, index.ids.length);
    const latestByGroup = await readPresence(db, { q, window, index, ids, plan }, signal);
    const present = groups.filter((_, i) => latestByGroup.has(i));
    truncated = present.length > limits.series;
    groups = present.slice(0, limits.series);
    for (const ms of latestByGroup.values()) latestMs = Math.max(latestMs ?? ms, ms);
  }
  let rows: GroupBuckets[] = [];
  if (groups.length > 0) {
    const index = indexGroups(groups);
    const ids = readIds(hasLabelFilter, index.ids, series.length);
    const plan = planBuckets({
      agg: q.agg,
      seriesRead: ids?.length ?? series.length,
      metricSeries,
      window,
      minSeriesMinutes: opts.minSeriesMinutes,
    });
    const read = { q, window, index, ids, oneThread: plan.oneThread, perGroup: limits.points };
    for (const source of plan.sources) {
      rows = await readBuckets(db, source, read, signal);
      if (!rows.some((r) => r.dirty)) break;
    }
  }
  return toAnswer(groups, rows, { truncated, latestMs });
}
