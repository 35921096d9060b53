import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/*
 * What one OTLP metrics request may become (docs/ingest.md#metric-limits): a histogram or summary
 * data point at most METRICS_HISTOGRAM_BUCKET_LIMIT buckets (160 by default); what does not fit is
 * refused in partial_success, and the rest of the request is stored.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('otlp-request-limits');
});
afterAll(() => t?.close());

const AT = '2026-11-29T00:00:00.000Z';
const NANOS = String(Date.parse(AT) * 1e6);

const exportOf = (metrics: Record<string, unknown>[]) => ({ resourceMetrics: [{ scopeMetrics: [{ metrics }] }] });
const gauge = (name: string, value: number) => ({
  name,
  gauge: { dataPoints: [{ timeUnixNano: NANOS, asDouble: value }] },
});

async function seriesCount(selector: string): Promise<number> {
  const query = new URLSearchParams({ query: `count(${selector})`, time: String(Date.parse(AT) / 1000) });
  const r = await t.get(`/prometheus/api/v1/query?${query}`);
  expect(r.body.status).toBe('success');
  return Number(r.body.data.result[0]?.value[1] ?? 0);
}

it('a histogram with more explicit bounds or a summary with more quantiles than the limit is refused, the rest kept', async () => {
  const bounds = Array.from({ length: 500 }, (_, i) => i + 1);
  const res = await t.post(
    '/api/public/otel/v1/metrics',
    exportOf([
      {
        name: 'wide.histogram',
        histogram: {
          aggregationTemporality: 2,
          dataPoints: [
            {
              timeUnixNano: NANOS,
              count: '501',
              sum: 1,
              explicitBounds: bounds,
              bucketCounts: [...bounds, 0].map(() => '1'),
            },
          ],
        },
      },
      {
        name: 'wide.summary',
        summary: {
          dataPoints: [
            {
              timeUnixNano: NANOS,
              count: '1',
              sum: 1,
              quantileValues: Array.from({ length: 1000 }, (_, i) => ({ quantile: i / 1000, value: i })),
            },
          ],
        },
      },
      gauge('kept.gauge', 7),
    ]),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.partialSuccess.rejectedDataPoints).toBe('2');
  expect(res.body.partialSuccess.errorMessage).toMatch(
    /wide\.histogram: histogram with 500 explicit bounds, more than 160/,
  );
  expect(res.body.partialSuccess.errorMessage).toMatch(/wide\.summary: summary with 1000 quantiles, more than 160/);
  expect(await seriesCount('{__name__=~"wide.*"}')).toBe(0);
  expect(await seriesCount('{__name__="kept.gauge"}')).toBe(1);
});
