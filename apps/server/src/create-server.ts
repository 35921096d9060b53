import type { Config } from '@spanhouse/config';
import { type Db, observeQueries, openMigratedDb } from '@spanhouse/db';
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
import { openProjects, type Projects } from '@spanhouse/projects';
import {
  cachesHearingWrites,
  DailyDayCache,
  explainReadErrors,
  type MetricSeriesCache,
  registerQueryRoutes,
} from '@spanhouse/query-api';
import { TABLES, WriteNotices } from '@spanhouse/store';
import type { Hono } from 'hono';
import type { Logger } from 'pino';
import { registerEngineMemory } from './engine-memory-metrics.ts';
import { registerEnginePartsMetrics } from './engine-parts-metrics.ts';

/** The tables a metric point and its series are written to. */
const METRIC_TABLES = [TABLES.metricSeries, TABLES.metricSamples, TABLES.metricNonFinite];

export type AllInOne = {
  app: Hono<BaseEnv>;
  db: Db;
  ingest: IngestDeps;
  /** Projects and keys: the credential check, the admin operations (close it with the app). */
  projects: Projects;
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
  /** Tests shorten the key ring's refresh and the removal of a deleted project's rows. */
  projects?: Pick<Parameters<typeof openProjects>[0], 'refreshMs' | 'removalDelayMs' | 'keyUsesFlushMs'>;
}): Promise<AllInOne> {
  const { config, logger, credentials } = opts;
  const db = opts.db ?? (await openMigratedDb({ ...config.clickhouse, dataDir: config.dataDir, logger }));
  const projects = await openProjects({
    db,
    credentials,
    logger,
    cluster: config.clickhouse.cluster,
    retentionDays: config.retentionDays,
    ...opts.projects,
  });
  const { authenticate } = projects;
  const metrics = createServiceMetrics();
  if (db.mode === 'embedded') {
    registerEngineMemory(metrics.registry, db);
    registerEnginePartsMetrics(metrics.registry, db);
  }
  // The port through which the query caches hear of this process's writes. Embedded chDB: this
  // process is the only writer, so the series cache and the PromQL result cache hold; a server
  // may have other writers, so there they are off.
  const writes = new WriteNotices();
  const { seriesCache, promCache } = db.mode === 'embedded' ? cachesHearingWrites(writes) : {};
  const ingest = await createIngestDeps({ db, config, logger, authenticate, hooks: opts.hooks, metrics, writes });
  const app = createBaseApp({
    logger,
    authenticate,
    metrics,
    ready: ingestReadiness(ingest.log, db, ingest.disk),
    explainError: explainReadErrors(db, config.queryTimeoutMs),
  });
  registerIngestRoutes(app, ingest);
  // The daily report's days are checked against the database's own write counts: no hook needed.
  const dailyCache = config.clickhouse.cluster ? undefined : new DailyDayCache();
  registerQueryRoutes(app, {
    db: observeQueries(db, metrics.observeQuery),
    config,
    logger,
    projects: projects.registry,
    seriesCache,
    promCache,
    dailyCache,
    metricsStored: () => ingest.log.waitCommitted(ingest.log.lastLsn, METRIC_TABLES, config.ingest.commitTimeoutMs),
  });
  return { app, db, ingest, projects, metrics, seriesCache, dailyCache };
}
