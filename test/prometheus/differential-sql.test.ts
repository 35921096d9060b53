import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH, DIFFERENTIAL_RANGES, getJson, loadDifferentialData } from '../support/prometheus/differential.ts';
import {
  prometheusMissing,
  type RunningPrometheus,
  startPrometheus,
} from '../support/prometheus/prometheus-process.ts';
import { WALKED_RANGE_QUERIES } from '../support/prometheus/queries.ts';
import { startTestServer, type TestServer } from '../support/server.ts';

/*
 * The range functions the SQL planner walks along the steps in ClickHouse (range-walk-sql.ts),
 * answered by a service that computes in ClickHouse every part the planner compiles
 * (PROMQL_PUSHDOWN=clickhouse), against a real Prometheus on the differential data set: bit for
 * bit, as differential.test.ts holds the default evaluation. One service per file: chDB opens one
 * data folder per process.
 */

const missing = prometheusMissing();
let prom: RunningPrometheus;
let svc: TestServer;

describe.skipIf(missing !== undefined)(`walked in ClickHouse, identical to Prometheus' ${missing ?? ''}`, () => {
  beforeAll(async () => {
    [prom, svc] = await Promise.all([
      startPrometheus(),
      startTestServer('prom-differential-sql', { PROMQL_PUSHDOWN: 'clickhouse' }),
    ]);
    await loadDifferentialData(prom.url, svc.baseUrl);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([prom?.stop(), svc?.close()]);
  });

  for (const query of WALKED_RANGE_QUERIES) {
    it(`query_range ${query}`, async () => {
      let answered = 0;
      for (const r of DIFFERENTIAL_RANGES) {
        const params = { query, start: String(r.start / 1000), end: String(r.end / 1000), step: r.step };
        const want = await getJson(prom.url, '/api/v1/query_range', params);
        answered += want.body.data.result.length;
        const got = await getJson(svc.baseUrl, '/prometheus/api/v1/query_range', params, AUTH);
        expect(got.status, `${r.name}: ${JSON.stringify(got.body).slice(0, 300)}`).toBe(want.status);
        expect(got.body, r.name).toEqual(want.body);
      }
      expect(answered).toBeGreaterThan(0);
    });
  }
});
