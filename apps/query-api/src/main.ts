import { loadConfigOrExit } from '@spanhouse/config';
import { migrate, openDb } from '@spanhouse/db';
import { createBaseApp, createLogger, resolveCredentials, startServer } from '@spanhouse/http';
import { registerQueryRoutes } from './app.ts';

// The query API on its own (server mode): scale it separately from the ingest API.
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel, 'spanhouse-query');
const credentials = resolveCredentials(config, logger);
const db = await openDb({ ...config.clickhouse, dataDir: config.dataDir, logger });
await migrate(db, { logger });
const app = registerQueryRoutes(createBaseApp({ logger, credentials }), { db, config, logger });
await startServer({ app, port: config.port, host: config.host, logger, close: () => db.close() });
