import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@spanhouse/config';
import { clusterTransform, type Db, migrate, openDb, queryRows, TABLES } from '@spanhouse/db';
import { createLogger } from '@spanhouse/http';
import { type AllInOne, createAllInOne } from '@spanhouse/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, TEST_CREDENTIALS, WAIT_FOR_COMMIT } from '../support/app.ts';

// Cluster mode cannot run here for real (no ClickHouse Keeper, no second node), but its tables
// can: chDB takes a server configuration file, so this test defines a one-shard cluster whose
// replica is this process, builds the cluster-mode schema (the real transform, minus what needs
// Keeper: ON CLUSTER and the Replicated engines' Keeper paths) and runs the service on it:
// every write goes through the Distributed tables into the *_local tables, every read (FINAL,
// subqueries, aggregations) through the Distributed tables. The same requests go to a service on
// the plain single-server schema, and every answer must be identical.
const CLUSTER = 'spanhouse_cluster';
const dataDir = mkdtempSync(path.join(tmpdir(), 'spanhouse-cluster-'));
const configFile = path.join(dataDir, 'cluster.xml');
writeFileSync(
  configFile,
  `<clickhouse>
  <tcp_port>9000</tcp_port>
  <remote_servers><${CLUSTER}><shard><replica><host>localhost</host><port>9000</port></replica></shard></${CLUSTER}></remote_servers>
</clickhouse>`,
);

/** What the emulation cannot have: ON CLUSTER (distributed DDL needs Keeper) and Keeper paths. */
const withoutKeeper = (sql: string) =>
  sql
    .replace(` ON CLUSTER \`${CLUSTER}\``, '')
    .replace(
      /Replicated(\w*MergeTree)\('\/clickhouse\/tables\/\{shard\}\/\{database\}\/\{table\}', '\{replica\}'(?:, )?/,
      '$1(',
    );

let anchor: { close(): void };
let plain: AllInOne;
let clustered: AllInOne;
const dbs: Db[] = [];

beforeAll(async () => {
  // The first connection to a chDB folder starts its engine; this one brings the cluster config.
  const { Session } = createRequire(createRequire(import.meta.url).resolve('@spanhouse/db'))('chdb');
  anchor = new Session(path.join(dataDir, 'chdb'), { connectionArgs: [`--config-file=${configFile}`] });
  const config = loadConfig({ DATA_DIR: dataDir, INGEST_FLUSH_INTERVAL_MS: '5', ...credentialsEnv() });
  const logger = createLogger(process.env.LOG_LEVEL ?? 'silent');

  const plainDb = await openDb({ dataDir, database: 'plain', readers: 2 });
  await migrate(plainDb);
  const clusterDb = await openDb({ dataDir, database: 'clustered', readers: 2 });
  const transform = clusterTransform({ cluster: CLUSTER, database: 'clustered' });
  await migrate(clusterDb, { transform: (s) => transform(s).map(withoutKeeper) });
  // Server mode sets this on the client when CLICKHOUSE_CLUSTER is set (a 200 means stored on the shards).
  await clusterDb.writer.command({ query: 'SET insert_distributed_sync = 1' });
  dbs.push(plainDb, clusterDb);
  // Two services over one chDB folder: each ingests through a log directory of its own.
  const logIn = (name: string) => ({ ...config, ingest: { ...config.ingest, logDir: path.join(dataDir, name) } });
  plain = await createAllInOne({ config: logIn('log-plain'), logger, credentials: TEST_CREDENTIALS, db: plainDb });
  clustered = await createAllInOne({
    config: logIn('log-clustered'),
    logger,
    credentials: TEST_CREDENTIALS,
    db: clusterDb,
  });
}, 120_000);

afterAll(async () => {
  for (const app of [plain, clustered]) await app?.ingest.log.close(5_000);
  await Promise.all(dbs.map((db) => db.close()));
  anchor?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function credentialsEnv() {
  return {
    API_BEARER_TOKEN: TEST_CREDENTIALS.bearerToken,
    PUBLIC_KEY: TEST_CREDENTIALS.publicKey,
    SECRET_KEY: TEST_CREDENTIALS.secretKey,
  };
}

/** A body without the times a score was stored at (each schema stored it at its own moment). */
const withoutStoredAt = (x: unknown): unknown =>
  Array.isArray(x)
    ? x.map(withoutStoredAt)
    : x && typeof x === 'object'
      ? Object.fromEntries(
          Object.entries(x)
            .filter(([k]) => k !== 'createdAt' && k !== 'updatedAt')
            .map(([k, v]) => [k, withoutStoredAt(v)]),
        )
      : x;

async function both(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) {
  const init = {
    method,
    // Writes are answered once readable, so each read after them compares complete stores.
    headers: { ...bearer(), ...WAIT_FOR_COMMIT, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
  const [a, b] = await Promise.all([plain.app.request(url, init), clustered.app.request(url, init)]);
  return {
    plain: { status: a.status, body: withoutStoredAt(await a.json()) },
    clustered: { status: b.status, body: withoutStoredAt(await b.json()) },
  };
}

/** The tables of stored data, each Distributed over a *_local table in cluster mode. */
const DATA_TABLES = [
  TABLES.traces,
  TABLES.observationPieces,
  TABLES.observationTraces,
  TABLES.traceSearch,
  TABLES.scores,
  TABLES.scoreTimes,
  TABLES.metricSeries,
  TABLES.metricSamples,
  TABLES.metricMinutes,
];

const time = (day: number, sec: number) => new Date(Date.UTC(2026, 4, day, 10, 0, sec)).toISOString();

describe('cluster-mode schema (one-shard cluster emulated in chDB)', () => {
  it('is the Distributed tables over *_local tables the transform describes', async () => {
    const tables = await queryRows(dbs[1]!, {
      sql: 'SELECT name, engine FROM system.tables WHERE database = currentDatabase() ORDER BY name',
      tag: 'test',
      map: (r) => `${r.name}:${r.engine}`,
    });
    for (const t of [...DATA_TABLES, TABLES.projects, TABLES.apiKeys, TABLES.migrations]) {
      expect(tables).toContain(`${t}:Distributed`);
      expect(tables.find((x) => x.startsWith(`${t}_local:`))).toMatch(/MergeTree$/);
    }
    // 0006 replaced 0005's per-minute table: both of its tables and its view are gone.
    expect(tables.filter((x) => x.startsWith('metric_minutes'))).toEqual([]);
  });

  it('stores every write and answers every query exactly like the single-server schema', {
    timeout: 120_000,
  }, async () => {
    // Writes: traces in pieces (the same trace over several requests, re-sends), OTLP spans,
    // metric points (with a re-sent point).
    for (let i = 0; i < 20; i++) {
      const id = `cl-t${i % 12}`;
      const res = await both('POST', '/v1/l/batch', {
        trace: {
          id,
          timestamp: time(1 + (i % 3), i),
          name: i % 2 ? 'chat' : 'search',
          userId: `u${i % 3}`,
          session_id: `s${i % 4}`,
          tags: [`t${i % 2}`],
          release: 'r1',
          version: `v${i % 2}`,
          metadata: { k: `v${i}` },
          environment: i % 2 ? 'prod' : 'dev',
        },
        observations: [
          { id: `${id}-root`, type: 'SPAN', startTime: time(1 + (i % 3), i), endTime: time(1 + (i % 3), i + 2) },
          {
            id: `${id}-gen-${i % 2}`,
            type: 'GENERATION',
            model: i % 3 ? 'gpt-4o-mini' : 'gpt-4o',
            startTime: time(1 + (i % 3), i),
            endTime: time(1 + (i % 3), i + 1),
            promptTokens: 100 + i,
            completionTokens: 10 + i,
            parentObservationId: `${id}-root`,
          },
        ],
      });
      expect([res.plain.status, res.clustered.status]).toEqual([200, 200]);
    }
    const spans = [0, 1, 2].map((k) => ({
      traceId: 'c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1c1',
      spanId: `00000000000000a${k}`,
      parentSpanId: k ? '00000000000000a0' : undefined,
      name: `span-${k}`,
      startTimeUnixNano: '1778493600000000000',
      endTimeUnixNano: '1778493601000000000',
      attributes: [{ key: 'langfuse.trace.name', value: { stringValue: 'otlp' } }],
    }));
    const otlp = await both('POST', '/api/public/otel/v1/traces', {
      resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ scope: { name: 's' }, spans }] }],
    });
    expect([otlp.plain.status, otlp.clustered.status]).toEqual([200, 200]);
    // Langfuse's ingestion API: an update before its create (traceless, resolved by the lookup),
    // scores, a re-sent score, a deleted one.
    const ev = (id: string, type: string, body: object, ts = '2026-05-01T10:00:00.000Z') => ({
      id,
      type,
      timestamp: ts,
      body,
    });
    for (const batch of [
      [
        ev('e1', 'generation-create', {
          id: 'lf-g',
          traceId: 'lf-t',
          model: 'gpt-4o',
          startTime: '2026-05-01T10:00:00Z',
        }),
      ],
      [
        ev(
          'e2',
          'generation-update',
          { id: 'lf-g', endTime: '2026-05-01T10:00:03Z', usage: { input: 9, output: 3 } },
          '2026-05-01T10:00:03.000Z',
        ),
        ev('e3', 'score-create', { id: 'lf-s1', traceId: 'lf-t', name: 'q', value: 0.5 }),
        ev('e4', 'score-create', { id: 'lf-s2', sessionId: 's1', name: 'tone', value: 'ok' }),
        ev('e5', 'score-create', { id: 'lf-s3', traceId: 'cl-t3', name: 'q', value: 1, dataType: 'BOOLEAN' }),
      ],
    ]) {
      const res = await both('POST', '/api/public/ingestion', { batch });
      expect([res.plain.status, res.clustered.status]).toEqual([207, 207]);
      expect(res.plain.body).toEqual(res.clustered.body);
    }
    const deleted = await both('DELETE', '/api/public/scores/lf-s3');
    expect([deleted.plain.status, deleted.clustered.status]).toEqual([202, 202]);
    const points = [];
    for (const host of ['a', 'b', 'c']) {
      for (let m = 0; m < 40; m++) {
        points.push({
          name: 'cpu',
          labels: { host, region: host === 'a' ? 'eu' : 'us' },
          value: (m * 7) % 11,
          timestamp: `2026-05-01T10:${String(m).padStart(2, '0')}:00Z`,
        });
      }
    }
    for (const batch of [points, points.slice(0, 10), [{ name: 'mem', labels: {}, value: 1, timestamp: time(1, 0) }]]) {
      const res = await both('POST', '/v1/metrics/batch', { metrics: batch });
      expect([res.plain.status, res.clustered.status]).toEqual([200, 200]);
    }

    // Series deletions (Prometheus' admin API): two ranges of one series, and a series whole.
    const deletions = [
      `match[]=${encodeURIComponent('cpu{host="c"}')}&start=2026-05-01T10:10:00Z&end=2026-05-01T10:15:00Z`,
      `match[]=${encodeURIComponent('cpu{host="c"}')}&start=2026-05-01T10:20:00Z&end=2026-05-01T10:25:00Z`,
      'match[]=mem',
    ];
    for (const query of deletions) {
      const init = { method: 'POST', headers: bearer() };
      const url = `/prometheus/api/v1/admin/tsdb/delete_series?${query}`;
      const statuses = await Promise.all([plain.app.request(url, init), clustered.app.request(url, init)]);
      expect(statuses.map((r) => r.status)).toEqual([204, 204]);
    }

    const window = 'from=2026-05-01T10:00:00Z&to=2026-05-01T11:00:00Z';
    const wide = 'from=2026-05-01T00:00:00Z&to=2026-05-03T00:00:00Z';
    const reads = [
      '/api/public/traces',
      '/api/public/traces?limit=5&page=2',
      '/api/public/traces?orderBy=totalCost.desc&fields=metrics,observations',
      '/api/public/traces?orderBy=latency.asc&userId=u1',
      '/api/public/traces?tags=t1&environment=prod,dev&name=chat',
      '/api/public/traces?fromTimestamp=2026-05-02T00:00:00Z&toTimestamp=2026-05-02T23:59:59Z&fields=io',
      // The search documents (trace_search_v3) are written by views into the local table.
      '/api/public/traces?search=chat',
      '/api/public/traces?search=chat&userId=u1',
      // Two terms: every row holding a term, grouped by trace through the Distributed table.
      '/api/public/traces?search=chat%20v3',
      '/api/public/traces?search=chat%20v15&limit=1',
      '/api/public/sessions?search=search',
      '/api/public/traces/cl-t3',
      '/api/public/traces/cl-t11',
      '/api/public/traces/c1c1c1c1-c1c1-c1c1-c1c1-c1c1c1c1c1c1',
      '/api/public/traces/missing',
      '/api/public/metrics/daily',
      '/api/public/metrics/daily?userId=u2&limit=1',
      '/api/public/metrics/daily?traceName=search&tags=t0',
      `/api/public/metrics/query?name=cpu&${window}`,
      `/api/public/metrics/query?name=cpu&${window}&step=5m&agg=p90&group_by=region`,
      `/api/public/metrics/query?name=cpu&${window}&step=1h&agg=last&labels=${encodeURIComponent('{"host":"b"}')}`,
      `/api/public/metrics/query?name=cpu&${window}&step=1m&agg=sum&group_by=host`,
      // Two days: wide enough (series x minutes) for the per-minute rows; the us hosts hold no
      // re-sent point, host a does (its window is answered from the samples).
      `/api/public/metrics/query?name=cpu&${wide}&step=1h&agg=avg&labels=${encodeURIComponent('{"region":"us"}')}`,
      `/api/public/metrics/query?name=cpu&from=2026-05-01T10:05:30Z&to=2026-05-03T00:00:00Z&step=1m&agg=max&labels=${encodeURIComponent('{"region":"us"}')}`,
      `/api/public/metrics/query?name=cpu&${wide}&step=5m&agg=last&group_by=region`,
      '/api/public/metrics/names',
      // The deleted ranges and series through PromQL and the metadata reads.
      `/prometheus/api/v1/query_range?query=${encodeURIComponent('count_over_time(cpu[5m])')}&start=2026-05-01T10:00:00Z&end=2026-05-01T10:45:00Z&step=300`,
      '/prometheus/api/v1/series?match[]=cpu&match[]=mem',
      '/prometheus/api/v1/label/__name__/values',
      '/prometheus/api/v1/label/host/values',
      '/api/public/traces/lf-t',
      '/api/public/v2/scores',
      '/api/public/v2/scores?name=q',
      '/api/public/scores',
      '/api/public/v2/scores/lf-s2',
      '/api/public/v2/scores/lf-s3',
      '/api/public/sessions',
      '/api/public/sessions/s1',
      '/api/public/observations?traceId=cl-t3',
      '/api/public/observations/lf-g',
      '/api/public/v2/observations?fields=core,basic,usage&limit=5',
    ];
    for (const url of reads) {
      const res = await both('GET', url);
      expect(res.clustered, url).toEqual(res.plain);
      expect(res.plain.status, url).toBeLessThan(500);
    }
    // The deletions were applied, not refused alike: host c lost the minutes of its two ranges
    // (a window of [t-5m, t] holds six minutes' points; the windows at 10:15 and 10:25 lie inside
    // a deleted range and have none), mem is gone from the metadata.
    const counted = await both(
      'GET',
      `/prometheus/api/v1/query_range?query=${encodeURIComponent('count_over_time(cpu{host="c"}[5m])')}&start=2026-05-01T10:05:00Z&end=2026-05-01T10:30:00Z&step=300`,
    );
    const values = (counted.clustered.body as { data: { result: { values: [number, string][] }[] } }).data.result[0]
      ?.values;
    expect(values?.map(([t, v]) => [new Date(t * 1000).toISOString().slice(11, 16), Number(v)])).toEqual([
      ['10:05', 6],
      ['10:10', 5],
      ['10:20', 4],
      ['10:30', 5],
    ]);
    const names = await both('GET', '/prometheus/api/v1/label/__name__/values');
    expect((names.clustered.body as { data: string[] }).data).toContain('cpu');
    expect((names.clustered.body as { data: string[] }).data).not.toContain('mem');
    // The reads were not all empty: the comparison compared data, which sits in the local tables.
    const list = await both('GET', '/api/public/traces?limit=200');
    expect((list.clustered.body as { data: unknown[] }).data).toHaveLength(14);
    for (const table of DATA_TABLES.map((t) => `${t}_local`)) {
      const [n] = await queryRows(dbs[1]!, {
        sql: `SELECT count() AS n FROM ${table}`,
        tag: 'test',
        map: (r) => Number(r.n),
      });
      expect(n, table).toBeGreaterThan(0);
    }
  });

  it('keeps score configs and checks scores against them exactly like the single-server schema', async () => {
    const call = async (app: AllInOne, method: string, url: string, body?: unknown) => {
      const res = await app.app.request(url, {
        method,
        headers: { ...bearer(), ...WAIT_FOR_COMMIT, 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const answers = async (app: AllInOne) => {
      const config = { name: 'cluster grade', dataType: 'NUMERIC', minValue: 0, maxValue: 10 };
      const created = await call(app, 'POST', '/api/public/score-configs', config);
      const path = `/api/public/score-configs/${created.body.id}`;
      const updated = await call(app, 'PATCH', path, { maxValue: 5, description: 'out of five' });
      const score = (value: number) => ({ traceId: 'cl-t0', name: 'x', value, configId: created.body.id });
      const scored = [await call(app, 'POST', '/api/public/scores', score(4))];
      scored.push(await call(app, 'POST', '/api/public/scores', score(6)));
      const read = await call(app, 'GET', path);
      const listed = await call(app, 'GET', '/api/public/score-configs');
      const withoutIds = (x: { status: number; body: Record<string, unknown> }) =>
        withoutStoredAt({ status: x.status, body: { ...x.body, id: undefined } });
      return {
        configs: [created, updated, read].map(withoutIds),
        listed: { ...listed.body, data: (listed.body.data as Record<string, unknown>[]).map((c) => c.name) },
        scored: scored.map((s) => s.status),
      };
    };
    const [onOne, onCluster] = [await answers(plain), await answers(clustered)];
    expect(onCluster).toEqual(onOne);
    expect(onOne.configs.map((c) => (c as { body: { maxValue: number } }).body.maxValue)).toEqual([10, 5, 5]);
    expect(onOne.scored).toEqual([200, 400]);
    const [n] = await queryRows(dbs[1]!, {
      sql: `SELECT count() AS n FROM ${TABLES.scoreConfigs}_local`,
      tag: 'test',
      map: (r) => Number(r.n),
    });
    // The configs sit in the local table (merges may have folded a config's two versions).
    expect(n).toBeGreaterThan(0);
  });
});
