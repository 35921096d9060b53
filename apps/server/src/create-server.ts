import type { Config } from '@spanhouse/config';
import { type Db, observeQueries, openMigratedDb, TABLES } from '@spanhouse/db';
import {
  type BaseEnv,
  type Credentials,
  createBaseApp,
  createServiceMetrics,
  type ServiceMetrics,
} from '@spanhouse/http';
import {
  createIngestDeps,
  type IngestDeps,
  type IngestRuntimeHooks,
  ingestReadiness,
  registerIngestRoutes,
} from '@spanhouse/ingest-api';
import { DailyDayCache, MetricSeriesCache, PromResultCache, registerQueryRoutes } from '@spanhouse/query-api';
import type { Hono } from 'hono';
import type { Logger } from 'pino';

export type AllInOne = {
  app: Hono<BaseEnv>;
  db: Db;
  ingest: IngestDeps;
  metrics: ServiceMetrics;
  /** The query side's series cache (embedded only). */
  seriesCache?: MetricSeriesCache;
  /** The daily report's per-day cache (off on a cluster). */
  dailyCache?: DailyDayCache;
};

/**
 * Both APIs on one app over one database: the embedded default, where chDB binds the data folder
 * to this one process. Also what tests build (`app.request()`), with a database of their own.
 */
export async function createAllInOne(opts: {
  config: Config;
  logger: Logger;
  credentials: Credentials;
  db?: Db;
  hooks?: IngestRuntimeHooks;
}): Promise<AllInOne> {
  const { config, logger, credentials } = opts;
  const db = opts.db ?? (await openMigratedDb({ ...config.clickhouse, dataDir: config.dataDir, logger }));
  const metrics = createServiceMetrics();
  // Embedded chDB: this process is the only writer, so metrics queries may keep the series they
  // read as long as every write to the series table forgets them. A server may have other writers.
  const seriesCache = db.mode === 'embedded' ? new MetricSeriesCache() : undefined;
  const hooks = seriesCache ? forgetSeriesOnWrite(seriesCache, opts.hooks) : opts.hooks;
  const ingest = await createIngestDeps({ db, config, logger, credentials, hooks, metrics });
  // Likewise the PromQL answers reused across dashboard refreshes: every metrics write tells the
  // cache its earliest point once it is committed.
  const promCache = db.mode === 'embedded' ? new PromResultCache() : undefined;
  if (promCache) ingest.metricsWritten = (minUs) => promCache.written(minUs);
  const app = createBaseApp({ logger, credentials, metrics, ready: ingestReadiness(ingest.log, db) });
  registerIngestRoutes(app, ingest);
  // The daily report's days are checked against the database's own write counts: no hook needed.
  const dailyCache = config.clickhouse.cluster ? undefined : new DailyDayCache();
  registerQueryRoutes(app, {
    db: observeQueries(db, metrics.observeQuery),
    config,
    logger,
    seriesCache,
    promCache,
    dailyCache,
  });
  return { app, db, ingest, metrics, seriesCache, dailyCache };
}

/**
 * Invalidates the cache after every insert into the series table, failed ones too (a failed
 * insert may still have written, e.g. one that timed out): an answer given once a series row is
 * committed includes that series.
 */
function forgetSeriesOnWrite(cache: MetricSeriesCache, inner: IngestRuntimeHooks = {}): IngestRuntimeHooks {
  return {
    ...inner,
    onInsert(info) {
      if (info.table === TABLES.metricSeries) cache.invalidate();
      inner.onInsert?.(info);
    },
  };
}
