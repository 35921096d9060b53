import { TABLES, type WriteNotices } from '@spanhouse/store';
import { MetricSeriesCache } from './metric-series/series-cache.ts';
import { PromResultCache } from './prometheus/result-cache.ts';

/**
 * The query caches that are correct only in a process that hears of every write to its database
 * (the all-in-one process on embedded chDB, which binds the data folder to itself), subscribed to
 * that process's write notices: the series cache forgets everything after each insert into the
 * series table, the PromQL result cache the steps that committed points, observation pieces and
 * trace deletions can change. The daily report's cache needs no notice: it checks the database's
 * own write counts (clickhouse/0011), which also see other processes' writes.
 */
export function cachesHearingWrites(writes: WriteNotices): {
  seriesCache: MetricSeriesCache;
  promCache: PromResultCache;
} {
  const seriesCache = new MetricSeriesCache();
  const promCache = new PromResultCache();
  writes.subscribe({
    inserted(table) {
      if (table === TABLES.metricSeries) seriesCache.invalidate();
      // A deletion changes the LLM series at any time in the past.
      if (table === TABLES.traceDeletions) promCache.tracesWritten(0);
    },
    pointsCommitted: (minUs) => promCache.written(minUs),
    // Observation pieces change the LLM series from their earliest start on (changesFromUs).
    committed(table, fromUs) {
      if (table === TABLES.observationPieces) promCache.tracesWritten(fromUs);
    },
  });
  return { seriesCache, promCache };
}
