import { opentelemetry } from '@spanhouse/ingest-api/otlp-metrics-proto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

const { ExportMetricsServiceRequest, ExportMetricsServiceResponse } = opentelemetry.proto.collector.metrics.v1;

/*
 * The `le` labels of an exponential histogram's buckets are its bucket bounds, base^(i+1) with
 * base = 2^(2^-scale): where that is a power of two (every 2^scale-th bound) the label is that power
 * exactly, as a Prometheus user selects it (`le="2"`), not a neighbour of it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('otlp-exponential-bounds');
});
afterAll(() => t?.close());

const AT = '2026-11-29T00:00:00.000Z';

/** Values of the series matching `selector` at AT, by the label `by`. */
async function valuesBy(selector: string, by: string): Promise<Map<string, string>> {
  const query = new URLSearchParams({ query: selector, time: String(Date.parse(AT) / 1000) });
  const r = await t.get(`/prometheus/api/v1/query?${query}`);
  expect(r.body.status).toBe('success');
  return new Map(
    r.body.data.result.map((s: { metric: Record<string, string>; value: [number, string] }) => [
      s.metric[by],
      s.value[1],
    ]),
  );
}

it('bounds that are powers of two are exact at scale 5', async () => {
  // Positive bucket i is (base^i, base^(i+1)]: indexes -33 .. 191 reach the bounds 0.5 .. 64.
  const counts = Array.from({ length: 225 }, (_, j) => ([0, 64, 224].includes(j) ? 1 : 0));
  const res = await t.post('/api/public/otel/v1/metrics', {
    resourceMetrics: [
      {
        scopeMetrics: [
          {
            metrics: [
              {
                name: 'exp.bounds',
                exponentialHistogram: {
                  aggregationTemporality: 2,
                  dataPoints: [
                    {
                      timeUnixNano: String(Date.parse(AT) * 1e6),
                      scale: 5,
                      count: '4',
                      sum: 66.5,
                      zeroCount: '0',
                      positive: { offset: -33, bucketCounts: counts.map(String) },
                      // Negative bucket 32 is [-base^33, -base^32): its upper bound is -2.
                      negative: { offset: 32, bucketCounts: ['1'] },
                    },
                  ],
                },
              },
            ],
          },
        ],
      },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const query = new URLSearchParams({ query: '{__name__="exp.bounds_bucket"}', time: String(Date.parse(AT) / 1000) });
  const r = await t.get(`/prometheus/api/v1/query?${query}`);
  expect(r.body.status).toBe('success');
  const byLe = new Map<string, string>(
    r.body.data.result.map((s: { metric: { le: string }; value: [number, string] }) => [s.metric.le, s.value[1]]),
  );
  expect(byLe.get('-2')).toBe('1');
  expect(byLe.get('0.5')).toBe('2');
  expect(byLe.get('2')).toBe('3');
  expect(byLe.get('64')).toBe('4');
  expect(byLe.get('+Inf')).toBe('4');
});

it('a histogram of 100,000 exponential buckets is stored at a lower scale, its count and sum kept', async () => {
  // Scale 20, one observation in each of 100,000 buckets: positive bucket i is (2^(i/2^20), 2^((i+1)/2^20)],
  // so the 50,000 buckets below index 2^20 hold the observations at or below 2.
  const buckets = 100_000;
  const body = ExportMetricsServiceRequest.encode({
    resourceMetrics: [
      {
        scopeMetrics: [
          {
            metrics: [
              {
                name: 'exp.wide',
                exponentialHistogram: {
                  aggregationTemporality: 2,
                  dataPoints: [
                    {
                      timeUnixNano: Date.parse(AT) * 1e6,
                      scale: 20,
                      count: buckets,
                      sum: 123456.5,
                      zeroCount: 0,
                      positive: { offset: 2 ** 20 - 50_000, bucketCounts: Array(buckets).fill(1) },
                    },
                  ],
                },
              },
            ],
          },
        ],
      },
    ],
  }).finish();
  const res = await t.request('/api/public/otel/v1/metrics', {
    method: 'POST',
    body: body,
    headers: { 'Content-Type': 'application/x-protobuf' },
  });
  expect(res.status).toBe(200);
  const reply = ExportMetricsServiceResponse.decode(new Uint8Array(await res.arrayBuffer()));
  expect(Number(reply.partialSuccess?.rejectedDataPoints ?? 0)).toBe(0);
  expect(reply.partialSuccess?.errorMessage).toMatch(
    /1 exponential histogram point with more than 160 buckets stored at a lower scale/,
  );

  const byLe = await valuesBy('{__name__="exp.wide_bucket"}', 'le');
  // At most the limit's buckets, plus the zero bucket and +Inf.
  expect(byLe.size).toBeGreaterThan(1);
  expect(byLe.size).toBeLessThanOrEqual(160 + 2);
  expect(byLe.get('+Inf')).toBe(String(buckets));
  expect(byLe.get('2')).toBe('50000');
  // Cumulative counts never fall as `le` grows.
  const bound = (le: string) => (le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le));
  const cumulative = [...byLe.entries()].sort(([a], [b]) => bound(a) - bound(b)).map(([, v]) => Number(v));
  expect(cumulative).toEqual([...cumulative].sort((a, b) => a - b));
  expect([...(await valuesBy('{__name__="exp.wide_count"}', 'le')).values()]).toEqual([String(buckets)]);
  expect([...(await valuesBy('{__name__="exp.wide_sum"}', 'le')).values()]).toEqual(['123456.5']);
});
