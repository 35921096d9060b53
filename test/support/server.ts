import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Config } from '@spanhouse/config';
import type { Db } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { createLogger, keepConnectionsLonger, NODE_SERVER_OPTIONS } from '@spanhouse/http';
import { type AllInOne, createAllInOne } from '@spanhouse/server';
import type { DestinationStream } from 'pino';
import { TEST_CREDENTIALS, testConfig } from './app.ts';

export type TestServer = {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  baseUrl: string;
  credentials: typeof TEST_CREDENTIALS;
  db: Db;
  config: Config;
  app: AllInOne;
  /** Stops the listener, drains the ingest buffer and drops the test database. */
  close: () => Promise<void>;
};

/**
 * The all-in-one service on a real HTTP port (port 0: the OS picks a free one) over a fresh chDB
 * database of this test file, for clients that need a URL: OpenTelemetry exporters, the Langfuse
 * SDK. `env` overrides configuration (limits, buffer sizes, ...).
 */
export async function startTestServer(
  label: string,
  env: Record<string, string> = {},
  /** Sees every request before the app does (headers only; do not read the body). */
  observe?: (req: Request) => void,
  /** Where the service logs go (JSON lines); none by default unless LOG_LEVEL is set. */
  logTo?: DestinationStream,
  /** The key ring's refresh and the removal of deleted projects' rows, shortened. */
  projects?: Parameters<typeof createAllInOne>[0]['projects'],
): Promise<TestServer> {
  const db = await openTestDb(label);
  const { config, logger: quiet } = testConfig(db.dataDir, env);
  const logger = logTo ? createLogger('info', 'spanhouse', logTo) : quiet;
  const app = await createAllInOne({ config, logger, credentials: TEST_CREDENTIALS, db, projects });
  const fetch = (req: Request, ...rest: unknown[]) => {
    observe?.(req);
    return app.app.fetch(req, ...(rest as []));
  };
  // As startServer serves: unread bodies taken in after the answer, idle connections kept 65 s.
  const server = serve({ fetch, port: 0, hostname: '127.0.0.1', ...NODE_SERVER_OPTIONS });
  keepConnectionsLonger(server);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    credentials: TEST_CREDENTIALS,
    db,
    config,
    app,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      await closed;
      await app.ingest.log.close(5_000);
      await app.projects.close();
      await db.close();
    },
  };
}
