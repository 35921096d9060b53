// First: sizes libuv's thread pool before anything uses it (see threadpool.ts).
import './threadpool.ts';
import { loadConfigOrExit } from '@spanhouse/config';
import { createLogger, resolveCredentials, startServer, webUiBanner } from '@spanhouse/http';
import { createAllInOne } from './create-server.ts';

// `pnpm start`: ingest and query on one port over one embedded data folder.
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);
const credentials = resolveCredentials(config, logger);
const { app, db, ingest } = await createAllInOne({ config, logger, credentials });
const running = await startServer({
  app,
  port: config.port,
  host: config.host,
  logger,
  drain: async () => void (await ingest.log.close()),
  close: () => db.close(),
});
process.stdout.write(webUiBanner(config.host, running.port));
