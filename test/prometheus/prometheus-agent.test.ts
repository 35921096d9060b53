import { createServer, type Server } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import { ProjectParams, queryRows, TABLES } from '@spanhouse/db';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { fromProject } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  prometheusMissing,
  type RunningPrometheus,
  startPrometheus,
} from '../support/prometheus/prometheus-process.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

const missing = prometheusMissing();
let prom: RunningPrometheus;
let svc: TestServer;
let target: Server;
let scrapes = 0;

/** A scrape target: a counter that grows at every scrape and a gauge. */
function startTarget(port: number): Promise<Server> {
  const server = createServer((_req, res) => {
    scrapes++;
    res.setHeader('Content-Type', 'text/plain; version=0.0.4');
    res.end(
      `# TYPE agent_requests_total counter\nagent_requests_total{path="/x"} ${scrapes * 3}\n` +
        `# TYPE agent_temp gauge\nagent_temp ${20 + (scrapes % 4) / 2}\n`,
    );
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const until = async <T>(what: string, f: () => Promise<T | undefined>, ms = 45_000): Promise<T> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${prom.output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

const storedCount = (name: string, table: string = TABLES.metricSamples) => {
  const p = new ProjectParams(DEFAULT_PROJECT_ID);
  return queryRows(svc.db, {
    sql: `SELECT count() AS n ${fromProject(table, p, { final: true })} AND name = ${p.add(name, 'String')}`,
    params: p.params,
    tag: 'test',
    map: (r) => Number(r.n),
  }).then((r) => r[0] ?? 0);
};

describe.skipIf(missing !== undefined)(`a real Prometheus remote-writing to the service ${missing ?? ''}`, () => {
  beforeAll(async () => {
    svc = await startTestServer('prom-agent');
    const port = await freePort();
    target = await startTarget(port);
    const { publicKey, secretKey } = svc.credentials;
    prom = await startPrometheus(`
global:
  scrape_interval: 1s
scrape_configs:
  - job_name: demo
    static_configs:
      - targets: ['127.0.0.1:${port}']
remote_write:
  - url: ${svc.baseUrl}/prometheus/api/v1/write
    basic_auth:
      username: ${publicKey}
      password: ${secretKey}
    queue_config:
      batch_send_deadline: 1s
      min_backoff: 100ms
`);
  }, 60_000);
  afterAll(async () => {
    await prom?.stop();
    await new Promise((r) => target?.close(r));
    await svc?.close();
  });

  it('stores what it scrapes, ends series with staleness markers, and answers as Prometheus does', {
    timeout: 120_000,
  }, async () => {
    await until('8 scraped samples at the service', async () =>
      (await storedCount('agent_requests_total')) >= 8 ? true : undefined,
    );
    // The target goes away: Prometheus marks its series stale and remote-writes the markers.
    await new Promise((r) => target.close(r));
    (target as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
    await until('staleness markers', async () =>
      (await storedCount('agent_temp', TABLES.metricNonFinite)) >= 1 ? true : undefined,
    );
    const stale = await queryRows(svc.db, {
      sql: `SELECT stale FROM ${TABLES.metricNonFinite} FINAL WHERE name = 'agent_temp'`,
      tag: 'test',
      map: (r) => Number(r.stale),
    });
    expect(stale).toContain(1);
    // Everything Prometheus holds has reached the service: same answers over the whole window.
    const now = Date.now() / 1000;
    const params = (query: string) =>
      new URLSearchParams({ query, start: String(Math.floor(now - 60)), end: String(Math.floor(now)), step: '1' });
    for (const query of [
      'agent_requests_total',
      'agent_temp',
      'rate(agent_requests_total[5s])',
      'up',
      'sum by (job) (scrape_samples_scraped)',
    ]) {
      const want = await (await fetch(`${prom.url}/api/v1/query_range?${params(query)}`)).json();
      const ask = async () =>
        (
          await fetch(`${svc.baseUrl}/prometheus/api/v1/query_range?${params(query)}`, {
            headers: { Authorization: 'Bearer test-token' },
          })
        ).json();
      // The last remote-write batch may still be on its way: ask again for a few seconds.
      const got = await until(
        `the answer to ${query}`,
        async () => {
          const body = await ask();
          return isDeepStrictEqual(body, want) ? body : undefined;
        },
        5_000,
      ).catch(ask);
      expect(got, query).toEqual(want);
    }
  });
});
