import { type Config, loadConfig } from '@spanhouse/config';
import { openTestDb } from '@spanhouse/db/testing';
import { createLogger } from '@spanhouse/http';
import { createAllInOne } from '@spanhouse/server';

export const TEST_CREDENTIALS = { bearerToken: 'test-token', publicKey: 'pk-test', secretKey: 'sk-test' } as const;

export const bearer = (token: string = TEST_CREDENTIALS.bearerToken) => ({ Authorization: `Bearer ${token}` });
export const basic = (pk: string = TEST_CREDENTIALS.publicKey, sk: string = TEST_CREDENTIALS.secretKey) => ({
  Authorization: `Basic ${Buffer.from(`${pk}:${sk}`).toString('base64')}`,
});

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Asks an ingest request to be answered once its rows are readable, not merely durable. */
export const WAIT_FOR_COMMIT = { 'Spanhouse-Wait': 'commit' } as const;

/**
 * The configuration and logger of a test service on `dataDir`: the test credentials, a short flush
 * interval (tests wait on commits), `env` over that; logs silent unless LOG_LEVEL says otherwise.
 */
export function testConfig(dataDir: string, env: Record<string, string> = {}) {
  const config: Config = loadConfig({
    DATA_DIR: dataDir,
    API_BEARER_TOKEN: TEST_CREDENTIALS.bearerToken,
    PUBLIC_KEY: TEST_CREDENTIALS.publicKey,
    SECRET_KEY: TEST_CREDENTIALS.secretKey,
    INGEST_FLUSH_INTERVAL_MS: '5',
    ...env,
  });
  return { config, logger: createLogger(process.env.LOG_LEVEL ?? 'silent') };
}

/**
 * The all-in-one app on a fresh chDB database of this test file, called in-process with
 * `app.request` (no port). `env` overrides configuration (log budget, body limits, ...).
 * Requests ask to be answered once their rows are committed (`Spanhouse-Wait: commit`), so a
 * test reads what it just wrote; a test of the default acknowledgement passes its own header.
 */
export async function createTestApp(
  label: string,
  env: Record<string, string> = {},
  hooks?: Parameters<typeof createAllInOne>[0]['hooks'],
) {
  const db = await openTestDb(label);
  const { config, logger } = testConfig(db.dataDir, env);
  const server = await createAllInOne({ config, logger, credentials: TEST_CREDENTIALS, db, hooks });
  const request = (path: string, init: RequestInit = {}) =>
    server.app.request(path, {
      ...init,
      headers: { ...bearer(), ...WAIT_FOR_COMMIT, ...(init.headers as Record<string, string>) },
    });
  return {
    ...server,
    config,
    request,
    /** GET with the bearer token; returns status and parsed JSON body. */
    async get(path: string, headers: Record<string, string> = {}) {
      const res = await request(path, { headers });
      return { status: res.status, headers: res.headers, body: (await res.json()) as any };
    },
    /** POST JSON (an object, or a raw string sent as is) with the bearer token. */
    async post(path: string, body: unknown, headers: Record<string, string> = {}) {
      const res = await request(path, {
        method: 'POST',
        body: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'Content-Type': 'application/json', ...headers },
      });
      return { status: res.status, headers: res.headers, body: (await res.json()) as any };
    },
    async close() {
      await server.ingest.log.close(5_000);
      await server.projects.close();
      await db.close();
    },
  };
}
