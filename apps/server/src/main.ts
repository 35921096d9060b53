import { loadConfigOrExit } from '@spanhouse/config';
import { createLogger, resolveCredentials, startServer, webUiBanner } from '@spanhouse/http';
import { createAllInOne } from './create-server.ts';

// `pnpm start`: ingest and query on one port over one embedded data folder.
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);
const credentials = resolveCredentials(config, logger);
const { app, db, ingest, projects } = await createAllInOne({ config, logger, credentials });
const running = await startServer({
  app,
  port: config.port,
  host: config.host,
  logger,
  drain: async () => void (await ingest.log.close()),
  close: async () => {
    await projects.close();
    await db.close();
  },
});
process.stdout.write(webUiBanner(config.host, running.port));
