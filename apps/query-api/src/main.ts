import { loadConfigOrExit } from '@spanhouse/config';
import { exitAfterClose, observeQueries, openMigratedDb, pingDb } from '@spanhouse/db';
import {
  createBaseApp,
  createLogger,
  createServiceMetrics,
  resolveCredentials,
  startServer,
  webUiBanner,
} from '@spanhouse/http';
import { openProjects } from '@spanhouse/projects';
import { registerQueryRoutes } from './app.ts';
import { explainReadErrors } from './read-timeouts.ts';
import { DailyDayCache } from './usage/day-cache.ts';

// The query API on its own (server mode): run as many copies as the read load needs. It
// migrates at start too, so whichever process starts first creates the schema.
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel, 'spanhouse-query');
const credentials = resolveCredentials(config, logger);
const db = await openMigratedDb({ ...config.clickhouse, dataDir: config.dataDir, logger });
const projects = await openProjects({
  db,
  credentials,
  logger,
  cluster: config.clickhouse.cluster,
  retentionDays: config.retentionDays,
  // The ingest processes sweep expired rows; one sweeper per deployment kind is enough.
  sweep: false,
});
const metrics = createServiceMetrics();
const app = createBaseApp({
  logger,
  authenticate: projects.authenticate,
  metrics,
  ready: async () => void (await pingDb(db)),
  explainError: explainReadErrors(db, config.queryTimeoutMs),
});
// The daily report's cache checks the database's write counts, so it holds beside other writers;
// on a cluster a read may meet replicas at different points, so it is off there.
const dailyCache = config.clickhouse.cluster ? undefined : new DailyDayCache();
registerQueryRoutes(app, {
  db: observeQueries(db, metrics.observeQuery),
  config,
  logger,
  projects: projects.registry,
  dailyCache,
});
const running = await startServer({
  app,
  port: config.port,
  host: config.host,
  logger,
  close: async () => {
    await projects.close();
    await db.close();
  },
  // The embedded engine's exit handlers can crash on its own background threads.
  exit: exitAfterClose(db, logger),
});
process.stdout.write(webUiBanner(config.host, running.port));
