import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { REMOTE_WRITE_HEADERS, type RwSeries, remoteWriteBody } from '../support/prometheus/remote-write-client.ts';

// The requests Grafana's Prometheus data source makes, in the shapes it makes them (forms POSTed
// with start/end/step aligned to the step, GETs for label lookups), each checked for its answer:
// a panel, Explore with its raw-points and table queries, template variables (label_values,
// label_names, metrics, query_result) and an alert rule's preview.
let app: TestApp;
const T = Date.UTC(2026, 7, 1);
const SCRAPE = 15_000;

beforeAll(async () => {
  app = await createTestApp('prom-grafana');
  const series: RwSeries[] = [];
  for (const [job, instance] of [
    ['api', 'a:9100'],
    ['api', 'b:9100'],
    ['db', 'c:9100'],
  ]) {
    let requests = 0;
    let errors = 0;
    const req: [number, number][] = [];
    const err: [number, number][] = [];
    for (let i = 0; i < 240; i++) {
      requests += 10 + (i % 7);
      errors += i % 10 === 0 ? 1 : 0;
      req.push([T + i * SCRAPE, requests]);
      err.push([T + i * SCRAPE, errors]);
    }
    series.push({ labels: { __name__: 'gf_requests_total', job: job!, instance: instance! }, samples: req });
    series.push({ labels: { __name__: 'gf_errors_total', job: job!, instance: instance! }, samples: err });
  }
  const res = await app.request('/prometheus/api/v1/write', {
    method: 'POST',
    body: remoteWriteBody(series),
    headers: REMOTE_WRITE_HEADERS,
  });
  expect(res.status).toBe(204);
});
afterAll(() => app?.close());

type Body = { status: string; data: any; errorType?: string; error?: string };

async function post(path: string, params: Record<string, string>) {
  const res = await app.request(`/prometheus/api/v1/${path}`, {
    method: 'POST',
    body: new URLSearchParams(params).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  return { status: res.status, body: (await res.json()) as Body };
}
const get = async (path: string) => {
  const res = await app.get(`/prometheus/api/v1/${path}`);
  return { status: res.status, body: res.body as Body };
};

// A dashboard time range of the hour of data, as Grafana aligns it to a 60 s step.
const start = String(T / 1000 + 300);
const end = String(T / 1000 + 3540);
const step = '60';

describe("Grafana's Prometheus data source", () => {
  it('a panel: the error ratio per job (vector / vector), with $__rate_interval as Grafana fills it', async () => {
    const query = 'sum by (job) (rate(gf_errors_total[1m0s])) / sum by (job) (rate(gf_requests_total[1m0s]))';
    const res = await post('query_range', { query, start, end, step });
    expect(res.status).toBe(200);
    const result = res.body.data.result as { metric: Record<string, string>; values: [number, string][] }[];
    expect(result.map((s) => s.metric)).toEqual([{ job: 'api' }, { job: 'db' }]);
    for (const s of result) {
      expect(s.values).toHaveLength((Number(end) - Number(start)) / 60 + 1);
      for (const [, v] of s.values) expect(Number(v)).toBeGreaterThanOrEqual(0);
    }
  });

  it("Explore: the range query, the table's instant query and a selector's raw points (an instant range vector)", async () => {
    const query = 'gf_requests_total{instance="a:9100"}';
    const range = await post('query_range', { query, start, end, step: '15' });
    expect(range.body.data.result[0].values).toHaveLength(217);
    const table = await post('query', { query, time: end });
    expect(table.body.data).toEqual({
      resultType: 'vector',
      result: [
        {
          metric: { __name__: 'gf_requests_total', instance: 'a:9100', job: 'api' },
          value: [Number(end), expect.any(String)],
        },
      ],
    });
    const raw = await post('query', { query: `${query}[1m]`, time: end });
    expect(raw.body.data.resultType).toBe('matrix');
    // Scrapes at 3480, 3495, ..., 3540 s: [t - 1m, t] holds five of them.
    expect(raw.body.data.result[0].values.map((v: [number, string]) => v[0] - T / 1000)).toEqual([
      3480, 3495, 3510, 3525, 3540,
    ]);
  });

  it('template variables: label_values(metric, label), label_names(), metrics(regex), query_result(expr)', async () => {
    const range = `start=${start}&end=${end}`;
    const jobs = await get(`label/job/values?${new URLSearchParams({ 'match[]': 'gf_requests_total' })}&${range}`);
    expect(jobs.body.data).toEqual(['api', 'db']);
    const names = await get(`labels?${range}`);
    expect(names.body.data).toEqual(expect.arrayContaining(['__name__', 'instance', 'job']));
    const metrics = await get(`label/__name__/values?${range}`);
    expect(metrics.body.data).toEqual(expect.arrayContaining(['gf_errors_total', 'gf_requests_total']));
    // query_result() is an instant query at the range's end; Grafana lists each series and value.
    const top = await post('query', { query: 'topk(2, sum by (instance) (rate(gf_requests_total[5m])))', time: end });
    expect(top.body.data.resultType).toBe('vector');
    expect(top.body.data.result).toHaveLength(2);
    const counted = await post('query', { query: 'count(count by (job) (gf_requests_total))', time: end });
    expect(counted.body.data.result).toEqual([{ metric: {}, value: [Number(end), '2'] }]);
  });

  it("an alert rule's preview: the condition at one time and over the rule's range", async () => {
    // Fires where a job's error ratio over 5 minutes is above 5%: the api job (1 error in 10 scrapes
    // of 10-16 requests) is below it, and nothing else is there.
    const rule = 'sum by (job) (increase(gf_errors_total[5m])) / sum by (job) (increase(gf_requests_total[5m])) > 0.05';
    const instant = await post('query', { query: rule, time: end });
    expect(instant.body).toEqual({ status: 'success', data: { resultType: 'vector', result: [] } });
    const lowered = rule.replace('0.05', '0.004');
    const firing = await post('query', { query: lowered, time: end });
    expect(firing.body.data.result.map((r: { metric: object }) => r.metric)).toEqual([{ job: 'api' }, { job: 'db' }]);
    const preview = await post('query_range', { query: lowered, start, end, step: '60' });
    expect(preview.status).toBe(200);
    expect(preview.body.data.result.length).toBe(2);
  });

  it("the label browser's values of a dotted label, whose name Grafana escapes in the path (U__service_2e_name)", async () => {
    // OTLP attributes keep their dotted names; Grafana's label browser, query builder and
    // label_values() ask for such a label's values as /label/U__service_2e_name/values.
    const series: RwSeries[] = ['checkout', 'cart'].map((svc) => ({
      labels: { __name__: 'gf_otel_calls', 'service.name': svc, 'k8s.pod_name': `${svc}-0` },
      samples: [[T + 600_000, 1]],
    }));
    const res = await app.request('/prometheus/api/v1/write', {
      method: 'POST',
      body: remoteWriteBody(series),
      headers: REMOTE_WRITE_HEADERS,
    });
    expect(res.status).toBe(204);
    const range = `start=${start}&end=${end}`;
    const names = await get(`labels?${new URLSearchParams({ 'match[]': 'gf_otel_calls' })}&${range}`);
    expect(names.body.data).toEqual(['__name__', 'k8s.pod_name', 'service.name']);
    const escaped = await get(`label/U__service_2e_name/values?${range}`);
    expect(escaped.body).toEqual({ status: 'success', data: ['cart', 'checkout'] });
    const matched = await get(
      `label/U__k8s_2e_pod__name/values?${new URLSearchParams({ 'match[]': '{"service.name"="cart"}' })}&${range}`,
    );
    expect(matched.body.data).toEqual(['cart-0']);
    // The plain dotted name is answered too; a name neither plain nor escaped is refused as before.
    expect((await get(`label/service.name/values?${range}`)).body.data).toEqual(['cart', 'checkout']);
    expect((await get('label/in-valid/values')).status).toBe(400);
  });

  it('the data source health check and the calls made around it', async () => {
    expect((await get('status/buildinfo')).body.data.version).toBe('2.42.0');
    expect((await post('query', { query: '1+1', time: end })).body.data).toEqual({
      resultType: 'scalar',
      result: [Number(end), '2'],
    });
    expect((await get('metadata')).body).toEqual({ status: 'success', data: {} });
    expect((await post('query_exemplars', { query: 'gf_requests_total', start, end })).body).toEqual({
      status: 'success',
      data: [],
    });
  });
});
