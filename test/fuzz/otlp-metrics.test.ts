import { TABLES } from '@spanhouse/db';
import { opentelemetry } from '@spanhouse/ingest-api/otlp-metrics-proto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { byteDamage, damage, jsonBodies, type RawBody } from '../support/fuzz/bodies.ts';
import { FUZZ_SEED, RUNS } from '../support/fuzz/hostile.ts';
import { fuzzIngest } from '../support/fuzz/ingest-fuzz.ts';

const Request = opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;

// POST /api/public/otel/v1/metrics under hostile JSON (seeded): structural mutations of a valid
// export (wrong types, nulls, huge and odd numbers, deep nesting), damaged text, random bytes.
// Never a 5xx, our error body on every refusal, nothing stored of a refused request.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('fuzz_otlp_metrics');
});
afterAll(() => app?.close());

/** Names carry the request number and a check number, so damage cannot forge another's marker. */
const check = (n: number) => (n * 7919) % 9973;
const T = String(Date.UTC(2026, 3, 1) * 1e6);

function exportOf(n: number) {
  const name = `fz_om_${n}_${check(n)}`;
  const attributes = [{ key: 'route', value: { stringValue: '/a' } }];
  return {
    resourceMetrics: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'fuzz' } }] },
        scopeMetrics: [
          {
            metrics: [
              { name, gauge: { dataPoints: [{ timeUnixNano: T, asDouble: n, attributes }] } },
              {
                name: `${name}_h`,
                histogram: {
                  aggregationTemporality: 2,
                  dataPoints: [
                    {
                      timeUnixNano: T,
                      count: '3',
                      sum: 1.5,
                      bucketCounts: ['1', '1', '1'],
                      explicitBounds: [0.1, 1],
                      attributes,
                    },
                  ],
                },
              },
              {
                name: `${name}_s`,
                summary: {
                  dataPoints: [{ timeUnixNano: T, count: '2', sum: 3, quantileValues: [{ quantile: 0.5, value: 1 }] }],
                },
              },
            ],
          },
        ],
      },
    ],
  };
}

describe('OTLP metrics under hostile JSON', () => {
  it(`never answers 5xx and stores nothing of a refused request (${RUNS} bodies, seed ${FUZZ_SEED})`, async () => {
    const { accepted, refused } = await fuzzIngest({
      app,
      path: '/api/public/otel/v1/metrics',
      bodies: fc.oneof(
        { weight: 3, arbitrary: jsonBodies(exportOf) },
        {
          weight: 1,
          arbitrary: byteDamage.map(
            (d) =>
              (n: number): RawBody => ({
                body: damage(Request.encode(exportOf(n) as never).finish(), d),
                headers: { 'Content-Type': 'application/x-protobuf' },
                note: `damaged protobuf ${d.kind}`,
              }),
          ),
        },
      ),
      storedSql: `SELECT DISTINCT name AS id FROM ${TABLES.metricSeries} WHERE startsWith(name, 'fz_om_')`,
      markerOf: (id) => {
        const m = /^fz_om_(\d+)_(\d+)/.exec(id);
        return m && check(Number(m[1])) === Number(m[2]) ? Number(m[1]) : undefined;
      },
    });
    expect(accepted).toBeGreaterThan(RUNS / 20);
    expect(refused).toBeGreaterThan(RUNS / 20);
  });
});
