import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { REMOTE_WRITE_HEADERS, remoteWriteBody } from '../support/prometheus/remote-write-client.ts';

// Run-time failures and Prometheus' limits: answered in Prometheus' envelope (execution 422,
// timeout 503), never a crash, and the service answers the next query as before.
let app: TestApp;
const T = Date.UTC(2026, 6, 1);
beforeAll(async () => {
  app = await createTestApp('prom-limits', { PROMQL_MAX_SAMPLES: '1000000', PROMQL_TIMEOUT_MS: '1000' });
  const points = (v: number): [number, number][] => Array.from({ length: 240 }, (_, i) => [T + i * 15_000, v + i]);
  const body = remoteWriteBody([
    { labels: { __name__: 'lim_cpu', host: 'a', dc: 'eu' }, samples: points(1) },
    { labels: { __name__: 'lim_cpu', host: 'b', dc: 'eu' }, samples: points(2) },
    { labels: { __name__: 'lim_mem', host: 'a', dc: 'eu' }, samples: points(3) },
  ]);
  const res = await app.request('/prometheus/api/v1/write', { method: 'POST', body, headers: REMOTE_WRITE_HEADERS });
  expect(res.status).toBe(204);
});
afterAll(() => app?.close());

async function query(path: 'query' | 'query_range', params: Record<string, string>) {
  const res = await app.request(`/prometheus/api/v1/${path}?${new URLSearchParams(params)}`);
  return {
    status: res.status,
    body: (await res.json()) as { status: string; errorType?: string; error?: string; data?: { result: unknown } },
  };
}
const at = String(T / 1000 + 1800);
const range = { start: String(T / 1000), end: String(T / 1000 + 3000), step: '60' };

describe('run-time failures are execution errors with Prometheus message', () => {
  const cases: [string, string, RegExp][] = [
    [
      'a many-to-one match without group_left',
      'lim_cpu + on(dc) lim_mem',
      /multiple matches for labels: many-to-one matching must be explicit \(group_left\/group_right\)/,
    ],
    [
      'several matches on the "one" side',
      'lim_mem + on(dc) lim_cpu',
      /found duplicate series for the match group \{dc="eu"\} on the right hand-side of the operation: \[\{__name__="lim_cpu", dc="eu", host="(a|b)"\}, \{__name__="lim_cpu", dc="eu", host="(a|b)"\}\];many-to-many matching not allowed/,
    ],
    [
      'label sets made equal',
      'label_replace(lim_cpu, "host", "x", "", "")',
      /vector cannot contain metrics with the same labelset/,
    ],
    [
      'an invalid regex in label_replace',
      'label_replace(lim_cpu, "x", "$1", "host", "(")',
      /invalid regular expression in label_replace\(\): \(/,
    ],
    [
      'an invalid label name',
      'label_join(lim_cpu, "1x", "-", "host")',
      /invalid destination label name in label_join\(\): 1x/,
    ],
    [
      'a smoothing factor out of range',
      'holt_winters(lim_cpu[10m], 1.5, 0.5)',
      /invalid smoothing factor. Expected: 0 < sf < 1, got: 1.500000/,
    ],
  ];
  for (const [what, q, message] of cases) {
    it(what, async () => {
      for (const [path, params] of [
        ['query', { query: q, time: at }],
        ['query_range', { query: q, ...range }],
      ] as const) {
        const res = await query(path, params);
        expect(res.status, JSON.stringify(res.body)).toBe(422);
        expect(res.body).toMatchObject({ status: 'error', errorType: 'execution' });
        expect(res.body.error).toMatch(message);
      }
    });
  }
});

describe('limits', () => {
  it('a query that would hold more samples than PROMQL_MAX_SAMPLES fails as Prometheus fails it', async () => {
    // 2 series x 51 steps fit; a one-second subquery over 30 days (2.6 M steps) does not.
    expect((await query('query_range', { query: 'lim_cpu', ...range })).status).toBe(200);
    const res = await query('query', { query: 'count_over_time(vector(1)[30d:1s])', time: at });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      errorType: 'execution',
      error: 'query processing would load too many samples into memory in query execution',
    });
  });

  it('a query past PROMQL_TIMEOUT_MS (or a lower timeout parameter) is answered timeout, and the next one as usual', async () => {
    // A subquery of 20 ms steps over 10 days: 43 M steps, of which those within minutes of the
    // points have values (about 800,000 samples, within the limit).
    const slow = { query: 'count_over_time((timestamp(lim_cpu) > 1e12)[10d:20ms])', time: at };
    const res = await query('query', slow);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ errorType: 'timeout', error: 'query timed out in expression evaluation' });
    const lowered = await query('query', { ...slow, timeout: '50ms' });
    expect(lowered.body).toMatchObject({ errorType: 'timeout' });
    const after = await query('query', { query: 'sum(lim_cpu)', time: at });
    expect(after.body.data?.result).toEqual([{ metric: {}, value: [Number(at), String(1 + 120 + 2 + 120)] }]);
  });
});

describe('long chains of arithmetic', () => {
  it('are answered, never a storage error of the SQL nesting', async () => {
    // lim_cpu{host="a"} is 121 at `at`, lim_cpu{host="b"} 122; both are 59 + 2 × k at range step k.
    const plusOnes = `lim_cpu${' + 1'.repeat(100)}`;
    const instant = await query('query', { query: `sum(${plusOnes})`, time: at });
    expect(instant.body, JSON.stringify(instant.body)).toMatchObject({
      status: 'success',
      data: { result: [{ metric: {}, value: [Number(at), String(121 + 122 + 200)] }] },
    });
    const ratio = `(sum(lim_cpu) * 100)${' / 1'.repeat(100)}`;
    const scaled = await query('query', { query: ratio, time: at });
    expect(scaled.body.data?.result).toEqual([{ metric: {}, value: [Number(at), String((121 + 122) * 100)] }]);
    const negations = `${'-('.repeat(150)}sum(lim_cpu)${')'.repeat(150)}`;
    const negated = await query('query', { query: negations, time: at });
    expect(negated.body.data?.result).toEqual([{ metric: {}, value: [Number(at), String(121 + 122)] }]);
    const sums = `${'sum by (dc) (-('.repeat(60)}lim_cpu${'))'.repeat(60)}`;
    const summed = await query('query', { query: sums, time: at });
    expect(summed.body.data?.result).toEqual([{ metric: { dc: 'eu' }, value: [Number(at), String(121 + 122)] }]);
    const aggregations = `${'max by (dc) ('.repeat(60)}rate(lim_cpu[5m])${')'.repeat(60)}`;
    const rated = await query('query', { query: aggregations, time: at });
    expect(rated.body.data?.result).toEqual([{ metric: { dc: 'eu' }, value: [Number(at), String(1 / 15)] }]);
    const ranged = await query('query_range', { query: `max(${plusOnes})`, ...range });
    expect(ranged.status, JSON.stringify(ranged.body)).toBe(200);
    expect(ranged.body.data?.result).toEqual([
      { metric: {}, values: Array.from({ length: 51 }, (_, k) => [T / 1000 + 60 * k, String(2 + 4 * k + 100)]) },
    ]);
  });
});

describe('an instant query of a range vector', () => {
  it('answers the raw points of the range as a matrix, as Prometheus does', async () => {
    const res = await query('query', { query: 'lim_cpu{host="a"}[1m]', time: at });
    expect(res.body).toEqual({
      status: 'success',
      data: {
        resultType: 'matrix',
        result: [
          {
            metric: { __name__: 'lim_cpu', dc: 'eu', host: 'a' },
            // Points at 1740, 1755, 1770, 1785 and 1800 s after T: [t - 1m, t], both ends included.
            values: [116, 117, 118, 119, 120].map((i) => [T / 1000 + i * 15, String(1 + i)]),
          },
        ],
      },
    });
  });
});
