import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { out, pairs, query } from '../support/metrics-api.ts';

/*
 * The native metrics query (GET /api/public/metrics/query) answers from finite values only; OTLP's
 * NaN and infinities are kept for PromQL (metric_nonfinite_samples). meta.latest_ts, the newest
 * point the answer saw, ignores them too: `last` answering 5 names the time of that 5, not of a
 * newer +Inf.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('otlp-metrics-non-finite-latest');
});
afterAll(() => t?.close());

// Recent points, as the probe sent them: a window up to now reads its last minute from the samples.
const T2 = Date.now() - 2_000;
const T1 = T2 - 3_000;
const FROM = new Date(T1 - 60_000).toISOString();
/** A window of hours: read from the per-minute rows and the samples of its partial minutes. */
const FROM_HOURS = new Date(T1 - 3 * 3_600_000 - 17_000).toISOString();
const ns = (ms: number) => String(BigInt(ms) * 1_000_000n);

describe('a gauge whose newest point is not finite', () => {
  beforeAll(async () => {
    const gauge = (name: string, points: [number, number | string][]) => ({
      name,
      gauge: { dataPoints: points.map(([ms, v]) => ({ timeUnixNano: ns(ms), asDouble: v })) },
    });
    const res = await t.post('/api/public/otel/v1/metrics', {
      resourceMetrics: [
        {
          scopeMetrics: [
            {
              metrics: [
                gauge('nf_mix', [
                  [T1, 5],
                  [T2, 'Infinity'],
                ]),
                gauge('nf_neg', [
                  [T1, 1],
                  [T2, '-Infinity'],
                ]),
                gauge('nf_nan', [[T2, 'NaN']]),
              ],
            },
          ],
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it.each(['last', 'max', 'avg', 'min', 'sum', 'p50'] as const)(
    'agg=%s: latest_ts is the newest finite point’s, as the value is',
    async (agg) => {
      for (const [name, value] of [
        ['nf_mix', 5],
        ['nf_neg', 1],
      ] as const) {
        for (const [from, step] of [
          [FROM, '1m'],
          [FROM, '1h'],
          [FROM_HOURS, '1h'],
          [FROM_HOURS, '1d'],
        ] as const) {
          const res = await query(t, { name, from, step, agg });
          expect(pairs(res).map(([, v]) => v)).toEqual([value]);
          expect(res.meta.latest_ts, `${name} ${agg} ${from} ${step}`).toBe(out(T1));
        }
      }
    },
  );

  it('a series with only non-finite points has no values and no latest_ts', async () => {
    const res = await query(t, { name: 'nf_nan', from: FROM, step: '1m', agg: 'last' });
    expect(res.data).toEqual([]);
    expect(res.meta.latest_ts).toBeUndefined();
  });
});
