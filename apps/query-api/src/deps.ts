import type { Config } from '@spanhouse/config';
import type { Db } from '@spanhouse/db';
import type { ProjectRegistry } from '@spanhouse/projects';
import type { Logger } from 'pino';
import type { MetricSeriesCache } from './metric-series/series-cache.ts';
import type { PromResultCache } from './prometheus/result-cache.ts';
import type { DailyDayCache } from './usage/day-cache.ts';

/**
 * What the query routes need; passed in, never imported as singletons. `seriesCache` only where
 * this process is the sole writer of the database and invalidates it (see MetricSeriesCache).
 * `webDir`: the built web UI to serve (default: apps/web/dist).
 */
export type QueryDeps = {
  db: Db;
  config: Config;
  logger: Logger;
  /** Projects and keys: the admin API (the credential check is the base app's). */
  projects: ProjectRegistry;
  seriesCache?: MetricSeriesCache;
  /** query_range answers reused across refreshes, where this process sees every write (PromResultCache). */
  promCache?: PromResultCache;
  /** The daily report's days, checked against the database's write counts (DailyDayCache). */
  dailyCache?: DailyDayCache;
  /**
   * Where this process also ingests (all-in-one): resolves once every metric point and series it
   * acknowledged so far is stored in ClickHouse, rejects when that does not happen in time. A
   * series deletion waits on it, so it finds the series whose points were still in the ingest log.
   */
  metricsStored?: () => Promise<void>;
  webDir?: string;
};
