import type { Db } from '@spanhouse/db';
import { METRIC_QUERY_LIMITS, type MetricsQueryResponse } from '@spanhouse/schema';
import { metricLoader, sqlSource } from '../metric-series/reader.ts';
import type { MetricSeriesCache } from '../metric-series/series-cache.ts';
import { toAnswer } from './answer.ts';
import { type GroupBuckets, readBuckets } from './bucket-rows.ts';
import { indexGroups } from './groups.ts';
import type { MetricsQuery } from './params.ts';
import { planBuckets, readIds } from './plan.ts';
import { selectGroups } from './select.ts';
import { queryWindow } from './window.ts';

export type QueryLimits = { series: number; points: number };

/**
 * GET /api/public/metrics/query (docs/api.md). The steps, each a module of its own:
 *  1. select: the output series, from the series of the metric (series-source: the memory of
 *     series-cache for small metrics in the all-in-one process, else series-lookup's SQL), grouped
 *     and ordered (groups, series-order); past `limits.series`, the first of those with points in
 *     the window (presence), the rest cut (truncated);
 *  2. bucket-rows: every (group, bucket) aggregate from the sources plan.ts picks, each tried while
 *     the one before could not prove its answer exact;
 *  3. answer: the response body.
 */
export async function runMetricsQuery(
  db: Db,
  project: string,
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
  const source =
    (await opts.seriesCache?.source(project, q.name, metricLoader(db, project, q.name, signal))) ??
    sqlSource(db, project, q.name, signal);
  const selection = await selectGroups(db, project, q, { window, source, limit: limits.series }, signal);
  const { groups } = selection;
  let rows: GroupBuckets[] = [];
  if (groups.length > 0) {
    const index = indexGroups(groups);
    const ids = readIds(Object.keys(q.labels).length > 0, index.ids, selection.seriesFound);
    const plan = planBuckets({
      agg: q.agg,
      seriesRead: ids?.length ?? selection.seriesFound,
      metricSeries: selection.metricSeries,
      window,
      minSeriesMinutes: opts.minSeriesMinutes,
    });
    const read = { q, window, index, ids, oneThread: plan.oneThread, perGroup: limits.points };
    for (const source of plan.sources) {
      rows = await readBuckets(db, project, source, read, signal);
      if (!rows.some((r) => r.dirty)) break;
    }
  }
  return toAnswer(groups, rows, selection);
}
