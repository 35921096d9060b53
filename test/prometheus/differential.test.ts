import { expect, it } from 'vitest';
import { describeBesidePrometheus } from '../support/prometheus/beside-service.ts';
import { T0 } from '../support/prometheus/dataset.ts';
import {
  AUTH,
  DIFFERENTIAL_RANGES,
  getJson,
  loadDifferentialData,
  type PromBody,
} from '../support/prometheus/differential.ts';
import { DIFFERENTIAL_QUERIES, WALKED_RANGE_QUERIES } from '../support/prometheus/queries.ts';

const startUp = { label: 'prom-differential', load: loadDifferentialData };

describeBesidePrometheus(`answers identical to Prometheus'`, startUp, (running) => {
  const ranges = DIFFERENTIAL_RANGES;
  for (const query of new Set([...DIFFERENTIAL_QUERIES, ...WALKED_RANGE_QUERIES])) {
    it(`query_range ${query}`, async () => {
      for (const r of ranges) {
        const params = { query, start: String(r.start / 1000), end: String(r.end / 1000), step: r.step };
        const want = await getJson(running.prom.url, '/api/v1/query_range', params);
        const got = await getJson(running.svc.baseUrl, '/prometheus/api/v1/query_range', params, AUTH);
        expect(got.status, `${r.name}: ${JSON.stringify(got.body).slice(0, 300)}`).toBe(want.status);
        expect(got.body, r.name).toEqual(want.body);
      }
    });
    it(`query ${query}`, async () => {
      for (const t of [T0 + 1_234_567, T0 + 2_700_000]) {
        const params = { query, time: String(t / 1000) };
        const want = await getJson(running.prom.url, '/api/v1/query', params);
        const got = await getJson(running.svc.baseUrl, '/prometheus/api/v1/query', params, AUTH);
        expect(got.status).toBe(want.status);
        // An instant vector's order is not defined by Prometheus (storage order); compared sorted.
        expect(sortVector(got.body)).toEqual(sortVector(want.body));
      }
    });
  }

  it('selects a dotted name with the quoted UTF-8 form as Prometheus does with __name__', async () => {
    const params = { start: String(T0 / 1000), end: String((T0 + 600_000) / 1000), step: '60' };
    const want = await getJson(running.prom.url, '/api/v1/query_range', { ...params, query: '{__name__="dg.dotted"}' });
    const got = await getJson(
      running.svc.baseUrl,
      '/prometheus/api/v1/query_range',
      { ...params, query: '{"dg.dotted"}' },
      AUTH,
    );
    expect(got.body).toEqual(want.body);
    expect(got.body.data.result).toHaveLength(1);
  });
});

function sortVector(body: PromBody) {
  if (body?.data?.resultType !== 'vector') return body;
  const result = [...body.data.result].sort((a, b) => (JSON.stringify(a.metric) < JSON.stringify(b.metric) ? -1 : 1));
  return { ...body, data: { ...body.data, result } };
}
