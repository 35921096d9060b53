import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, type TestApp } from '../support/app.ts';
import { REMOTE_WRITE_HEADERS, remoteWriteBody } from '../support/prometheus/remote-write-client.ts';

let app: TestApp;
const T = Date.UTC(2026, 2, 1);
beforeAll(async () => {
  app = await createTestApp('prometheus-api');
  const body = remoteWriteBody([
    {
      labels: { __name__: 'api_cpu', host: 'a', dc: 'eu' },
      samples: [
        [T, 1],
        [T + 15_000, 2],
      ],
    },
    { labels: { __name__: 'api_cpu', host: 'b', dc: 'us' }, samples: [[T, 3]] },
    { labels: { __name__: 'api.mem', host: 'a', 'service.name': 'checkout' }, samples: [[T, 10]] },
  ]);
  const res = await app.request('/prometheus/api/v1/write', { method: 'POST', body, headers: REMOTE_WRITE_HEADERS });
  expect(res.status).toBe(204);
});
afterAll(() => app?.close());

/** What Grafana sends: a form POST (its default HTTP method for the Prometheus data source). */
async function form(path: string, params: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of [v].flat()) body.append(k, x);
  const res = await app.request(`/prometheus/api/v1/${path}`, {
    method: 'POST',
    body: body.toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  });
  return { status: res.status, body: (await res.json()) as { data: any; error: string } };
}

describe('the calls Grafana makes on "Save & test" and while building a panel', () => {
  it('buildinfo and the 1+1 health query', async () => {
    const info = await app.get('/prometheus/api/v1/status/buildinfo');
    expect(info.body).toMatchObject({ status: 'success', data: { version: '2.42.0' } });
    const health = await form('query', { query: '1+1', time: String(T / 1000) });
    expect(health.body).toEqual({ status: 'success', data: { resultType: 'scalar', result: [T / 1000, '2'] } });
  });

  it('label names, label values (metric names too) and series, with match[] and a time range', async () => {
    const range = { start: String(T / 1000 - 3600), end: String(T / 1000 + 3600) };
    expect((await form('labels', range)).body.data).toEqual(['__name__', 'dc', 'host', 'service.name']);
    expect((await form('labels', { ...range, 'match[]': '{__name__="api.mem"}' })).body.data).toEqual([
      '__name__',
      'host',
      'service.name',
    ]);
    expect((await app.get('/prometheus/api/v1/label/__name__/values')).body.data).toEqual([
      'api.mem',
      'api_cpu',
      // Read from the trace tables (docs/prometheus.md): always offered.
      'spanhouse_llm_cost_usd',
      'spanhouse_llm_duration_seconds',
      'spanhouse_llm_input_tokens',
      'spanhouse_llm_output_tokens',
      'spanhouse_llm_requests',
      'spanhouse_llm_total_tokens',
    ]);
    const hosts = await app.get(
      `/prometheus/api/v1/label/host/values?${new URLSearchParams({ 'match[]': 'api_cpu{dc="us"}' })}`,
    );
    expect(hosts.body.data).toEqual(['b']);
    const series = await form('series', { ...range, 'match[]': ['api_cpu', '{"api.mem"}'] });
    expect(series.body.data).toEqual([
      { __name__: 'api.mem', host: 'a', 'service.name': 'checkout' },
      { __name__: 'api_cpu', dc: 'eu', host: 'a' },
      { __name__: 'api_cpu', dc: 'us', host: 'b' },
    ]);
    expect((await app.get('/prometheus/api/v1/metadata')).body).toEqual({ status: 'success', data: {} });
    const panel = await form('query_range', {
      query: 'sum by (dc) (api_cpu)',
      start: String(T / 1000),
      end: String(T / 1000 + 30),
      step: '15',
    });
    expect(panel.body.data.result).toEqual([
      {
        metric: { dc: 'eu' },
        values: [
          [T / 1000, '1'],
          [T / 1000 + 15, '2'],
          [T / 1000 + 30, '2'],
        ],
      },
      {
        metric: { dc: 'us' },
        values: [
          [T / 1000, '3'],
          [T / 1000 + 15, '3'],
          [T / 1000 + 30, '3'],
        ],
      },
    ]);
  });

  it('accepts Basic PUBLIC_KEY:SECRET_KEY and refuses a request without credentials', async () => {
    const ok = await app.app.request('/prometheus/api/v1/query?query=api_cpu', { headers: basic() });
    expect(ok.status).toBe(200);
    const anonymous = await app.app.request('/prometheus/api/v1/query?query=api_cpu');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('re-sent points', () => {
  it('count once with the value sent last, while the copies sit in separate parts', async () => {
    await app.db.writer.command({ query: 'SYSTEM STOP MERGES metric_samples' });
    try {
      const t = T + 3_600_000;
      for (const value of [1, 2, 3]) {
        const body = remoteWriteBody([
          {
            labels: { __name__: 'api_resent' },
            samples: [
              [t, value],
              [t + 15_000, value * 10],
            ],
          },
        ]);
        const res = await app.request('/prometheus/api/v1/write', {
          method: 'POST',
          body,
          headers: REMOTE_WRITE_HEADERS,
        });
        expect(res.status).toBe(204);
      }
      const at = String(t / 1000 + 20);
      const query = async (q: string) => (await form('query', { query: q, time: at })).body.data.result;
      expect(await query('api_resent')).toEqual([{ metric: { __name__: 'api_resent' }, value: [Number(at), '30'] }]);
      expect((await query('count_over_time(api_resent[1m])'))[0].value[1]).toBe('2');
      expect((await query('sum_over_time(api_resent[1m])'))[0].value[1]).toBe('33');
      const range = await form('query_range', { query: 'api_resent', start: String(t / 1000), end: at, step: '5' });
      expect(range.body.data.result[0].values.map((v: [number, string]) => v[1])).toEqual(['3', '3', '3', '30', '30']);
    } finally {
      await app.db.writer.command({ query: 'SYSTEM START MERGES metric_samples' });
    }
  });
});

describe('queries Prometheus refuses are bad_data with its reason', () => {
  const range = { start: String(T / 1000), end: String(T / 1000 + 60), step: '15' };
  const cases: [string, Record<string, string>, RegExp][] = [
    ['a syntax error', { query: 'api_cpu{host="a"' }, /^1:\d+: parse error: /],
    [
      'a range where an instant vector goes',
      { query: 'sum(api_cpu[5m])' },
      /expected type instant vector in aggregation expression, got range vector/,
    ],
    [
      'an instant vector where a range goes',
      { query: 'rate(api_cpu)' },
      /expected type range vector in call to function "rate", got instant vector/,
    ],
    [
      'a set operator with a scalar',
      { query: 'api_cpu and 1' },
      /set operator "and" not allowed in binary scalar expression/,
    ],
    [
      'a name that is no function',
      { query: 'rate(api_cpu[5m]) / nonexistent_func(api_cpu)' },
      /^1:21: parse error: unknown function with name "nonexistent_func"$/,
    ],
    [
      'a function Prometheus 2.42 does not have',
      { query: 'mad_over_time(api_cpu[5m])' },
      /unknown function with name "mad_over_time"/,
    ],
    [
      'an offset on a function',
      { query: 'rate(api_cpu[5m]) offset 1m' },
      /offset modifier must be preceded by an instant vector selector/,
    ],
    [
      'a range vector in a range query',
      { query: 'api_cpu[5m]' },
      /invalid expression type "range vector" for range query, must be Scalar or instant Vector/,
    ],
    ['a selector that matches everything', { query: '{host=~".*"}' }, /at least one non-empty matcher/],
    [
      'a regex RE2 cannot compile',
      { query: 'api_cpu{host=~"(a"}' },
      /^1:9: parse error: error parsing regexp: missing closing \): `\^\(\?:\(a\)\$`$/,
    ],
    [
      'an aggregation Prometheus 2.42 does not have',
      { query: 'limitk(1, api_cpu)' },
      /^1:1: parse error: unknown function with name "limitk"$/,
    ],
    ['no query', {}, /^1:1: parse error: no expression found in input$/],
    ['an empty query', { query: '' }, /^1:1: parse error: no expression found in input$/],
  ];
  for (const [what, params, message] of cases) {
    it(what, async () => {
      const res = await form('query_range', { ...range, ...params });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ status: 'error', errorType: 'bad_data' });
      expect(res.body.error).toMatch(message);
    });
  }

  it('huge ranges and steps: more than 11,000 steps per series, a zero step, end before start', async () => {
    const huge = await form('query_range', { query: 'api_cpu', start: '0', end: String(11_001 * 15), step: '15' });
    expect(huge.status).toBe(400);
    expect(huge.body.error).toMatch(/exceeded maximum resolution of 11,000 points per timeseries/);
    const zero = await form('query_range', { query: 'api_cpu', start: '0', end: '60', step: '0' });
    expect(zero.status).toBe(400);
    expect(zero.body.error).toMatch(/zero or negative query resolution step/);
    const backwards = await form('query_range', { query: 'api_cpu', start: '60', end: '0', step: '15' });
    expect(backwards.body.error).toMatch(/end timestamp must not be before start time/);
    // Prometheus refuses (end - start) / step > 11000: 11,000 steps (11,001 points) are answered.
    const edge = await form('query_range', { query: 'api_cpu', start: '0', end: String(11_000 * 15), step: '15' });
    expect(edge.status).toBe(200);
  });

  it('a time the metadata endpoints cannot parse, a query the exemplars endpoint cannot parse', async () => {
    for (const [path, params] of [
      ['series', { 'match[]': 'api_cpu', start: 'abc' }],
      ['labels', { end: 'yesterday' }],
      ['label/host/values', { start: '2026-13-01T00:00:00Z' }],
    ] as const) {
      const res = await form(path, params);
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({ status: 'error', errorType: 'bad_data' });
      const [name, value] = Object.entries(params).find(([k]) => k !== 'match[]')!;
      expect(res.body.error).toBe(
        `invalid parameter "${name}": Invalid time value for '${name}': cannot parse "${value}" to a valid timestamp`,
      );
    }
    const exemplars = await form('query_exemplars', { query: 'api_cpu(', start: String(T / 1000) });
    expect(exemplars.status).toBe(400);
    expect(exemplars.body).toMatchObject({ status: 'error', errorType: 'bad_data' });
    expect((await form('query_exemplars', { query: 'api_cpu', start: String(T / 1000) })).body.data).toEqual([]);
    const fine = await form('series', { 'match[]': 'api_cpu', start: String(T / 1000), end: '2026-03-02T00:00:00Z' });
    expect(fine.status).toBe(200);
    expect(fine.body.data).toHaveLength(2);
  });

  it('times without a zone, label names of the label values endpoint, a timeout of zero: as Prometheus 2.42', async () => {
    // RFC 3339 needs its zone (Go's time.RFC3339Nano); `time` is read by parseTimeParam, which says which value.
    const local = await form('query', { query: 'time()', time: '2026-11-29T04:00:00' });
    expect(local.status).toBe(400);
    expect(local.body).toMatchObject({
      errorType: 'bad_data',
      error: `invalid parameter "time": Invalid time value for 'time': cannot parse "2026-11-29T04:00:00" to a valid timestamp`,
    });
    const zoned = await form('query', { query: 'time()', time: '2026-11-29T04:00:00+01:00' });
    expect(zoned.body.data).toEqual({ resultType: 'scalar', result: [1795921200, '1795921200'] });
    const start = await form('query_range', { query: 'api_cpu', start: '2026-11-29T04:00:00', end: '1', step: '1' });
    expect(start.body).toMatchObject({
      errorType: 'bad_data',
      error: 'invalid parameter "start": cannot parse "2026-11-29T04:00:00" to a valid timestamp',
    });

    const label = await app.request('/prometheus/api/v1/label/in-valid/values');
    expect(label.status).toBe(400);
    expect(await label.json()).toEqual({
      status: 'error',
      errorType: 'bad_data',
      error: 'invalid label name: "in-valid"',
    });
    // A dotted name, as OTLP attributes are stored, is listed: Grafana's label browser asks for it.
    const dotted = await app.get('/prometheus/api/v1/label/service.name/values');
    expect(dotted.body).toEqual({ status: 'success', data: ['checkout'] });

    // A deadline already past: Prometheus' query times out waiting for its turn.
    for (const [path, extra] of [
      ['query', { time: String(T / 1000) }],
      ['query_range', range],
    ] as const) {
      for (const timeout of ['0s', '0', '-1']) {
        const res = await form(path, { query: 'api_cpu', ...extra, timeout });
        expect(res.status, `${path} ${timeout}`).toBe(503);
        expect(res.body).toMatchObject({ errorType: 'timeout', error: 'query timed out in query queue' });
      }
    }
    const negative = await form('query', { query: 'api_cpu', timeout: '-1s' });
    expect(negative.body).toMatchObject({
      errorType: 'bad_data',
      error: 'invalid parameter "timeout": cannot parse "-1s" to a valid duration',
    });
  });

  it("the query endpoint's parse errors name the parameter, as Prometheus' do", async () => {
    const at = { time: String(T / 1000) };
    for (const [params, error] of [
      [{ query: 'limitk(1, api_cpu)' }, '1:1: parse error: unknown function with name "limitk"'],
      [{ query: 'LIMITK(1, api_cpu)' }, '1:1: parse error: unknown function with name "LIMITK"'],
      [{}, '1:1: parse error: no expression found in input'],
      [{ query: '' }, '1:1: parse error: no expression found in input'],
      [{ query: 'api_cpu{host=~"("}' }, '1:9: parse error: error parsing regexp: missing closing ): `^(?:()$`'],
    ] as const) {
      const res = await form('query', { ...at, ...params });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        status: 'error',
        errorType: 'bad_data',
        error: `invalid parameter "query": ${error}`,
      });
    }
    const series = await form('series', { 'match[]': 'api_cpu{host=~"("}' });
    expect(series.body.error).toBe(
      'invalid parameter "match[]": 1:9: parse error: error parsing regexp: missing closing ): `^(?:()$`',
    );
    const labels = await form('labels', { 'match[]': 'api_cpu{host=~"("}' });
    expect(labels.body.error).toBe('1:9: parse error: error parsing regexp: missing closing ): `^(?:()$`');
  });

  it('sorts label values, series and results by UTF-8 bytes, as Prometheus (characters above U+FFFF last)', async () => {
    const hosts = ['😀emoji', '\uff21wide', '\ue000pua', 'ascii'];
    const t = T + 7_200_000;
    const body = remoteWriteBody(hosts.map((host) => ({ labels: { __name__: 'api_order', host }, samples: [[t, 1]] })));
    const write = await app.request('/prometheus/api/v1/write', {
      method: 'POST',
      body,
      headers: REMOTE_WRITE_HEADERS,
    });
    expect(write.status).toBe(204);
    const inBytes = ['ascii', '\ue000pua', '\uff21wide', '😀emoji'];

    const values = await form('label/host/values', { 'match[]': 'api_order' });
    expect(values.body.data).toEqual(inBytes);
    const series = await form('series', { 'match[]': 'api_order' });
    expect(series.body.data.map((s: { host: string }) => s.host)).toEqual(inBytes);
    const ranged = await form('query_range', {
      query: 'api_order',
      start: String(t / 1000),
      end: String(t / 1000 + 60),
      step: '15',
    });
    expect(ranged.body.data.result.map((r: { metric: { host: string } }) => r.metric.host)).toEqual(inBytes);
    // Equal values: sort() leaves them in the order of their labels.
    const sorted = await form('query', { query: 'sort(api_order)', time: String(t / 1000) });
    expect(sorted.body.data.result.map((r: { metric: { host: string } }) => r.metric.host)).toEqual(inBytes);
  });
});
