import { expect, it } from 'vitest';
import { describeBesidePrometheus } from '../support/prometheus/beside-service.ts';
import { AUTH, DIFFERENTIAL_RANGES, getJson, loadDifferentialData } from '../support/prometheus/differential.ts';
import { WALKED_RANGE_QUERIES } from '../support/prometheus/queries.ts';

/*
 * The range functions the SQL planner walks along the steps in ClickHouse (range-walk-sql.ts),
 * answered by a service that computes in ClickHouse every part the planner compiles
 * (PROMQL_PUSHDOWN=clickhouse), against a real Prometheus on the differential data set: bit for
 * bit, as differential.test.ts holds the default evaluation.
 */

const startUp = { label: 'prom-differential-sql', env: { PROMQL_PUSHDOWN: 'clickhouse' }, load: loadDifferentialData };

describeBesidePrometheus(`walked in ClickHouse, identical to Prometheus'`, startUp, (running) => {
  for (const query of WALKED_RANGE_QUERIES) {
    it(`query_range ${query}`, async () => {
      let answered = 0;
      for (const r of DIFFERENTIAL_RANGES) {
        const params = { query, start: String(r.start / 1000), end: String(r.end / 1000), step: r.step };
        const want = await getJson(running.prom.url, '/api/v1/query_range', params);
        answered += want.body.data.result.length;
        const got = await getJson(running.svc.baseUrl, '/prometheus/api/v1/query_range', params, AUTH);
        expect(got.status, `${r.name}: ${JSON.stringify(got.body).slice(0, 300)}`).toBe(want.status);
        expect(got.body, r.name).toEqual(want.body);
      }
      expect(answered).toBeGreaterThan(0);
    });
  }
});
