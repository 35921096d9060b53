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

describeBesidePrometheus('request parameters read as Prometheus reads them', startUp, (running) => {
  const t = T0 / 1000 + 1800;
  const both = async (path: string, params: Record<string, string>) => ({
    want: await getJson(running.prom.url, `/api/v1/${path}`, params),
    got: await getJson(running.svc.baseUrl, `/prometheus/api/v1/${path}`, params, AUTH),
  });

  it('fractions of a millisecond in time, start, end and step', async () => {
    for (const [path, params] of [
      ['query', { query: 'dg_cpu', time: `${t}.0005` }],
      ['query', { query: 'dg_cpu', time: `${t}.0015` }],
      ['query', { query: 'time()', time: `${t}.0025` }],
      ['query_range', { query: 'dg_cpu', start: `${t}.0005`, end: String(t + 600), step: '60.0015' }],
      ['query_range', { query: 'time()', start: `${t}.0015`, end: `${t + 300}.0005`, step: '30.0005' }],
    ] as const) {
      const { want, got } = await both(path, params);
      expect(want.status).toBe(200);
      expect(sortVector(got.body), JSON.stringify(params)).toEqual(sortVector(want.body));
    }
  });

  it("a parameter in both the form and the URL of a POST is the form's", async () => {
    const post = async (base: string, path: string, headers: Record<string, string>) => {
      const url = `${base}${path}?${new URLSearchParams({ query: 'count(dg_cpu)', time: String(t) })}`;
      const res = await fetch(url, {
        method: 'POST',
        body: new URLSearchParams({ query: 'sum(dg_cpu)' }).toString(),
        headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      return (await res.json()) as PromBody;
    };
    const want = await post(running.prom.url, '/api/v1/query', {});
    const got = await post(running.svc.baseUrl, '/prometheus/api/v1/query', AUTH);
    expect(got).toEqual(want);
  });

  it("a string's escapes as Prometheus' lexer reads them, and its errors", async () => {
    for (const query of [
      'dg_cpu{host=~"h\\d"}',
      'dg_cpu{host=~"h\\\\d"}',
      'dg_cpu{host=~"h\\x31|h\\u0032|h\\063"}',
      'dg_cpu{host="\\x4"}',
      '"\\u00"',
      '"\\400"',
      '"\\uD800"',
      '"\\08"',
      "'\\\"'",
      'dg_cpu{host="h1\\"}',
      '5.',
      '0X1A',
    ]) {
      const { want, got } = await both('query', { query, time: String(t) });
      expect(sortVector(got.body), query).toEqual(sortVector(want.body));
    }
  });

  it('a query of over 16 KiB sent by GET', async () => {
    const hosts = Array.from({ length: 2500 }, (_, i) => `absent-${i}`).join('|');
    const query = `dg_cpu{host=~"h1|${hosts}"}`;
    expect(query.length).toBeGreaterThan(20_000);
    const { want, got } = await both('query', { query, time: String(t) });
    expect(want.status).toBe(200);
    expect(sortVector(got.body)).toEqual(sortVector(want.body));
  });

  it("a regex RE2 cannot compile: Prometheus' parse error, at the label, with RE2's reason", async () => {
    for (const query of ['dg_cpu{host=~"(1"}', 'dg_cpu{host!~"a["}', 'dg_cpu{host=~"a**"}', '{__name__=~"\\8"}']) {
      const { want, got } = await both('query', { query, time: String(t) });
      expect(got.status, query).toBe(want.status);
      expect(got.body, query).toEqual(want.body);
    }
  });
});

function sortVector(body: PromBody) {
  if (body?.data?.resultType !== 'vector') return body;
  const result = [...body.data.result].sort((a, b) => (JSON.stringify(a.metric) < JSON.stringify(b.metric) ? -1 : 1));
  return { ...body, data: { ...body.data, result } };
}
