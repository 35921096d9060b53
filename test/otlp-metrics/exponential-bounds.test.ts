import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

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
