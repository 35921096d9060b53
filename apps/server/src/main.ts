// First: sizes libuv's thread pool before anything uses it (see threadpool.ts).
import './threadpool.ts';
import { loadConfigOrExit } from '@spanhouse/config';
import { exitAfterClose } from '@spanhouse/db';
import { createLogger, resolveCredentials, startServer, webUiBanner } from '@spanhouse/http';
import { startOtlpGrpc } from '@spanhouse/ingest-api';
import { createAllInOne } from './create-server.ts';
import { releaseStartupPages } from './startup-pages.ts';

// `pnpm start`: ingest and query on one port over one embedded data folder.
const config = loadConfigOrExit();
const logger = createLogger(config.logLevel);
const credentials = resolveCredentials(config, logger);
const { app, db, ingest, metrics, projects } = await createAllInOne({ config, logger, credentials });
const grpc =
  config.otlpGrpcPort === undefined
    ? undefined
    : await startOtlpGrpc(ingest, { host: config.host, port: config.otlpGrpcPort, logger, metrics });
const running = await startServer({
  app,
  port: config.port,
  host: config.host,
  logger,
  // gRPC calls in flight finish into the open log; then the log drains into ClickHouse.
  drain: async () => {
    await grpc?.stop();
    await ingest.log.close();
  },
  close: async () => {
    await projects.close();
    await db.close();
  },
  // The embedded engine's exit handlers can crash on its own background threads.
  exit: exitAfterClose(db, logger),
});
process.stdout.write(webUiBanner(config.host, running.port));
// The engine's library is what starting touched most; a server-mode process does not load it.
if (db.mode === 'embedded') logger.debug({ bytes: await releaseStartupPages(logger) }, 'startup pages given back');
