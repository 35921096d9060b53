import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TABLES } from '@spanhouse/db';
import { ClickHouseContainer, type StartedClickHouseContainer } from '@testcontainers/clickhouse';
import { getContainerRuntimeClient } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drive, KINDS, Ledger, verify } from '../support/ops/workload.ts';
import { AUTH, launch, type Service, stop } from '../support/service-process.ts';

// Server mode against a real ClickHouse server in a container (testcontainers): separate ingest
// and query processes, and the behaviour suites that run on chDB everywhere else, pointed at the
// server. Runs where a Docker engine answers; elsewhere the suite is skipped and says why.
const IMAGE = 'clickhouse/clickhouse-server:26.3';
const SYSTEM_LOGS_XML = fileURLToPath(new URL('../../deploy/clickhouse/system-logs.xml', import.meta.url));
const TEST_DIR = fileURLToPath(new URL('../', import.meta.url));
const VITEST = path.join(path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

async function dockerMissing(): Promise<string | undefined> {
  try {
    await getContainerRuntimeClient();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}
const missing = await dockerMissing();
if (missing) {
  console.warn(
    `server-mode suite SKIPPED: no Docker engine on this machine (testcontainers: "${missing}"). ` +
      'It runs the ingest and query processes and the behaviour suites against a ClickHouse container where Docker exists.',
  );
}

describe.skipIf(missing !== undefined)(`server mode against ClickHouse (${IMAGE})`, () => {
  let container: StartedClickHouseContainer;
  const services: Service[] = [];

  beforeAll(async () => {
    // With the deployment's bound on ClickHouse's own system logs, as docker-compose.yml mounts it.
    container = await new ClickHouseContainer(IMAGE)
      .withCopyFilesToContainer([
        { source: SYSTEM_LOGS_XML, target: '/etc/clickhouse-server/config.d/system-logs.xml' },
      ])
      .start();
  }, 300_000);

  afterAll(async () => {
    await Promise.all(services.map((s) => stop(s)));
    await container?.stop();
  });

  const serverEnv = (database: string) => ({
    CLICKHOUSE_URL: container.getHttpUrl(),
    CLICKHOUSE_USER: container.getUsername(),
    CLICKHOUSE_PASSWORD: container.getPassword(),
    CLICKHOUSE_DATABASE: database,
  });

  it("runs with the deployment's system-log settings: busy logs off, the others under a TTL", async () => {
    const query = async (sql: string) =>
      (
        await (
          await fetch(`${container.getHttpUrl()}/?query=${encodeURIComponent(sql)}`, {
            headers: { 'X-ClickHouse-User': container.getUsername(), 'X-ClickHouse-Key': container.getPassword() },
          })
        ).text()
      ).trim();
    await query('SYSTEM FLUSH LOGS');
    const tables = (
      await query("SELECT name FROM system.tables WHERE database = 'system' AND name LIKE '%_log'")
    ).split('\n');
    expect(tables).not.toContain('trace_log');
    expect(tables).not.toContain('text_log');
    expect(tables).toContain('query_log');
    expect(
      await query("SELECT engine_full FROM system.tables WHERE database = 'system' AND name = 'query_log'"),
    ).toMatch(/TTL event_date \+ toIntervalDay\(7\)/);
  });

  it('runs separate ingest and query processes that start together on an empty database', {
    timeout: 180_000,
  }, async () => {
    const env = serverEnv(`sm_${process.pid}`);
    // Four processes migrate the same empty database at the same moment.
    const started = await Promise.all([
      launch(env, { entry: 'apps/ingest-api/src/main.ts' }),
      launch(env, { entry: 'apps/ingest-api/src/main.ts' }),
      launch(env, { entry: 'apps/query-api/src/main.ts' }),
      launch(env, { entry: 'apps/query-api/src/main.ts' }),
    ]);
    services.push(...started);
    const [ingestA, ingestB, queryA, queryB] = started as [Service, Service, Service, Service];
    for (const s of started) expect((await fetch(`${s.base}/readyz`)).status).toBe(200);

    // Each API serves only its own routes.
    expect((await fetch(`${ingestA.base}/api/public/traces`, { headers: AUTH })).status).toBe(404);
    expect((await fetch(`${queryA.base}/v1/l/batch`, { method: 'POST', headers: AUTH, body: '{}' })).status).toBe(404);

    const ledgers = [new Ledger('sm-a'), new Ledger('sm-b')];
    let done = false;
    const load = Promise.all([
      drive({ base: ingestA.base, ledger: ledgers[0]!, kinds: KINDS, concurrency: 6, until: () => done }),
      drive({ base: ingestB.base, ledger: ledgers[1]!, kinds: KINDS, concurrency: 6, until: () => done }),
    ]);
    await new Promise((r) => setTimeout(r, 3000));
    done = true;
    await load;
    for (const l of ledgers) expect(l.violations).toEqual([]);

    // Both query processes see everything both ingest processes acknowledged.
    for (const q of [queryA, queryB]) {
      const found = await verify(q.base, ledgers);
      expect(found.problems).toEqual([]);
      expect(found.ackedTraces).toBeGreaterThan(0);
    }
    const metrics = await (await fetch(`${ingestA.base}/metrics`, { headers: AUTH })).text();
    expect(metrics).toMatch(new RegExp(`spanhouse_ingest_rows_accepted_total\\{table="${TABLES.traces}"\\} [1-9]`));

    for (const s of started) expect(await stop(s)).toEqual({ code: 0, signal: null });
  });

  it('passes the behaviour suites with every test database on the server', { timeout: 900_000 }, async () => {
    // Every suite that builds its app on openTestDb; the operational, fuzz and process suites
    // start embedded processes of their own and stay on chDB.
    const suites = readdirSync(TEST_DIR).filter(
      (d) =>
        statSync(`${TEST_DIR}/${d}`).isDirectory() &&
        !['node_modules', 'helpers', 'ops', 'fuzz', 'process', 'server-mode'].includes(d) &&
        readdirSync(`${TEST_DIR}/${d}`).some((f) => f.endsWith('.test.ts')),
    );
    expect(suites.length).toBeGreaterThan(0);
    const child = spawn(process.execPath, [VITEST, 'run', ...suites], {
      cwd: TEST_DIR,
      env: {
        ...process.env,
        SPANHOUSE_TEST_CLICKHOUSE_URL: container.getHttpUrl(),
        SPANHOUSE_TEST_CLICKHOUSE_USER: container.getUsername(),
        SPANHOUSE_TEST_CLICKHOUSE_PASSWORD: container.getPassword(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code, out.slice(-6000)).toBe(0);
  });
});
