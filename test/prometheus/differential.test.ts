import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { differentialDataSet, INTERVAL_MS, T0 } from '../support/prometheus/dataset.ts';
import {
  prometheusMissing,
  type RunningPrometheus,
  startPrometheus,
} from '../support/prometheus/prometheus-process.ts';
import { DIFFERENTIAL_QUERIES } from '../support/prometheus/queries.ts';
import { REMOTE_WRITE_HEADERS, remoteWriteBody } from '../support/prometheus/remote-write-client.ts';

const missing = prometheusMissing();
let prom: RunningPrometheus;
let svc: TestServer;
const auth = { Authorization: 'Bearer test-token' };

/** Prometheus' answer envelope, as far as the comparisons read it. */
type PromBody = { status: string; data: { resultType: string; result: { metric: Record<string, string> }[] } };

async function get(base: string, path: string, params: Record<string, string>, headers = {}) {
  const res = await fetch(`${base}${path}?${new URLSearchParams(params)}`, { headers });
  return { status: res.status, body: (await res.json()) as PromBody };
}

/** Sends the same remote-write bodies to both: a few series per request, as a sender batches them. */
async function load() {
  const series = differentialDataSet();
  for (let i = 0; i < series.length; i += 5) {
    const body = remoteWriteBody(series.slice(i, i + 5));
    for (const [url, headers] of [
      [`${prom.url}/api/v1/write`, {}],
      // Answered once readable: the queries compare complete stores.
      [`${svc.baseUrl}/prometheus/api/v1/write`, { ...auth, 'Spanhouse-Wait': 'commit' }],
    ] as const) {
      const res = await fetch(url, { method: 'POST', body, headers: { ...REMOTE_WRITE_HEADERS, ...headers } });
      expect(res.status, `${url}: ${await res.text()}`).toBe(204);
    }
  }
}

describe.skipIf(missing !== undefined)(`answers identical to Prometheus' ${missing ?? ''}`, () => {
  beforeAll(async () => {
    [prom, svc] = await Promise.all([startPrometheus(), startTestServer('prom-differential')]);
    await load();
  }, 60_000);
  afterAll(async () => {
    await Promise.all([prom?.stop(), svc?.close()]);
  });

  const ranges = [
    { name: 'aligned 60 s', start: T0 + 300_000, end: T0 + 3_300_000, step: '60' },
    { name: 'unaligned 37 s', start: T0 + 307_123, end: T0 + 3_550_000, step: '37' },
    { name: 'scrape step', start: T0, end: T0 + 3_600_000, step: String(INTERVAL_MS / 1000) },
    { name: '5 m buckets', start: T0, end: T0 + 3_300_000, step: '300' },
  ];
  for (const query of DIFFERENTIAL_QUERIES) {
    it(`query_range ${query}`, async () => {
      for (const r of ranges) {
        const params = { query, start: String(r.start / 1000), end: String(r.end / 1000), step: r.step };
        const want = await get(prom.url, '/api/v1/query_range', params);
        const got = await get(svc.baseUrl, '/prometheus/api/v1/query_range', params, auth);
        expect(got.status, `${r.name}: ${JSON.stringify(got.body).slice(0, 300)}`).toBe(want.status);
        expect(got.body, r.name).toEqual(want.body);
      }
    });
    it(`query ${query}`, async () => {
      for (const t of [T0 + 1_234_567, T0 + 2_700_000]) {
        const params = { query, time: String(t / 1000) };
        const want = await get(prom.url, '/api/v1/query', params);
        const got = await get(svc.baseUrl, '/prometheus/api/v1/query', params, auth);
        expect(got.status).toBe(want.status);
        // An instant vector's order is not defined by Prometheus (storage order); compared sorted.
        expect(sortVector(got.body)).toEqual(sortVector(want.body));
      }
    });
  }

  it('selects a dotted name with the quoted UTF-8 form as Prometheus does with __name__', async () => {
    const params = { start: String(T0 / 1000), end: String((T0 + 600_000) / 1000), step: '60' };
    const want = await get(prom.url, '/api/v1/query_range', { ...params, query: '{__name__="dg.dotted"}' });
    const got = await get(svc.baseUrl, '/prometheus/api/v1/query_range', { ...params, query: '{"dg.dotted"}' }, auth);
    expect(got.body).toEqual(want.body);
    expect(got.body.data.result).toHaveLength(1);
  });
});

function sortVector(body: PromBody) {
  if (body?.data?.resultType !== 'vector') return body;
  const result = [...body.data.result].sort((a, b) => (JSON.stringify(a.metric) < JSON.stringify(b.metric) ? -1 : 1));
  return { ...body, data: { ...body.data, result } };
}
