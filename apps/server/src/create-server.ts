import type { Config } from '@spanhouse/config';
import { type Db, observeQueries, openMigratedDb } from '@spanhouse/db';
import {
  type BaseEnv,
  type Credentials,
  createBaseApp,
  createServiceMetrics,
  type ServiceMetrics,
} from '@spanhouse/http';
import { createIngestDeps, type IngestDeps, readiness, registerIngestRoutes } from '@spanhouse/ingest-api';
import { registerQueryRoutes } from '@spanhouse/query-api';
import type { Hono } from 'hono';
import type { Logger } from 'pino';

export type AllInOne = { app: Hono<BaseEnv>; db: Db; ingest: IngestDeps; metrics: ServiceMetrics };

/**
 * Both APIs on one app over one database: the embedded default, where chDB binds the data folder
 * to this one process. Also what tests build (`app.request()`), with a database of their own.
 */
export async function createAllInOne(opts: {
  config: Config;
  logger: Logger;
  credentials: Credentials;
  db?: Db;
  hooks?: Parameters<typeof createIngestDeps>[0]['hooks'];
}): Promise<AllInOne> {
  const { config, logger, credentials } = opts;
  const db = opts.db ?? (await openMigratedDb({ ...config.clickhouse, dataDir: config.dataDir, logger }));
  const metrics = createServiceMetrics();
  const ingest = createIngestDeps({ db, config, logger, credentials, hooks: opts.hooks, metrics });
  const app = createBaseApp({ logger, credentials, metrics, ready: readiness(db, ingest.ingestor) });
  registerIngestRoutes(app, ingest);
  registerQueryRoutes(app, { db: observeQueries(db, metrics.observeQuery), config, logger });
  return { app, db, ingest, metrics };
}
