import { loadConfigOrExit } from '@spanhouse/config';
import { migrate, openDb } from '@spanhouse/db';
import { createBaseApp, createLogger, resolveCredentials, startServer } from '@spanhouse/http';
import { registerIngestRoutes } from './app.ts';
import { createIngestDeps } from './runtime.ts';

// The ingest API on its own (server mode): scale it separately from the query API.
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel, 'spanhouse-ingest');
const credentials = resolveCredentials(config, logger);
const db = await openDb({ ...config.clickhouse, dataDir: config.dataDir, logger });
await migrate(db, { logger });
const deps = createIngestDeps({ db, config, logger, credentials });
const app = registerIngestRoutes(createBaseApp({ logger, credentials }), deps);
await startServer({
  app,
  port: config.port,
  host: config.host,
  logger,
  drain: async () => void (await deps.ingestor.close()),
  close: () => db.close(),
});
