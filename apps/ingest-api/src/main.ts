import { loadConfigOrExit } from '@spanhouse/config';
import { exitAfterClose, openMigratedDb } from '@spanhouse/db';
import { createBaseApp, createLogger, createServiceMetrics, resolveCredentials, startServer } from '@spanhouse/http';
import { openProjects } from '@spanhouse/projects';
import { registerIngestRoutes } from './app.ts';
import { startOtlpGrpc } from './grpc/receiver.ts';
import { ingestReadiness } from './readiness.ts';
import { createIngestDeps } from './runtime.ts';

// The ingest API on its own (server mode): run as many copies as the write load needs, each with
// its own ingest log directory (INGEST_LOG_DIR, on a persistent volume), against one ClickHouse
// server or cluster. Every copy migrates at start; the migrations are idempotent, so copies
// starting together do not conflict. Each reads the projects and keys (the key ring) itself.
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel, 'spanhouse-ingest');
const credentials = resolveCredentials(config, logger);
const db = await openMigratedDb({ ...config.clickhouse, dataDir: config.dataDir, logger });
const projects = await openProjects({
  db,
  credentials,
  logger,
  cluster: config.clickhouse.cluster,
  retentionDays: config.retentionDays,
});
const metrics = createServiceMetrics();
const deps = await createIngestDeps({ db, config, logger, authenticate: projects.authenticate, metrics });
const app = createBaseApp({
  logger,
  authenticate: projects.authenticate,
  metrics,
  ready: ingestReadiness(deps.log, undefined, deps.disk),
});
registerIngestRoutes(app, deps);
const grpc =
  config.otlpGrpcPort === undefined
    ? undefined
    : await startOtlpGrpc(deps, { host: config.host, port: config.otlpGrpcPort, logger, metrics });
await startServer({
  app,
  port: config.port,
  host: config.host,
  logger,
  // gRPC calls in flight finish into the open log; then the log drains into ClickHouse.
  drain: async () => {
    await grpc?.stop();
    await deps.log.close();
  },
  close: async () => {
    await projects.close();
    await db.close();
  },
  // The embedded engine's exit handlers can crash on its own background threads.
  exit: exitAfterClose(db, logger),
});
