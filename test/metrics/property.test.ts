import { runMetricsQuery } from '@spanhouse/query-api';
import type { MetricsQueryResponse } from '@spanhouse/schema';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ingest, query } from '../support/metrics-api.ts';
import { type OraclePoint, type OracleQuery, oracle } from '../support/metrics-oracle.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('metrics_prop');
});
afterAll(async () => app?.close());

const BASE_US = Date.UTC(2026, 0, 1) * 1000;
const SPAN_US = 3 * 86_400e6;
const KEYS = ['host', 'region', 'k"=\\', 'é'];
const VALUES = ['a', 'b', "it's", 'ü日本', ''];

const labelSet = fc.dictionary(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES), { maxKeys: 3 });
/** Points of a few series; times on whole seconds, minutes or microseconds, near one another. */
const dataset = fc
  .record({
    series: fc.uniqueArray(labelSet, {
      minLength: 1,
      maxLength: 6,
      selector: (l) => JSON.stringify(Object.entries(l).sort()),
    }),
    raw: fc.array(
      fc.record({
        s: fc.nat(),
        t: fc.oneof(
          // A few instants shared by many points: ties between series for `last`.
          fc.integer({ min: 0, max: 5 }).map((m) => m * 60e6),
          fc.integer({ min: 0, max: SPAN_US / 60e6 }).map((m) => m * 60e6),
          fc.integer({ min: 0, max: SPAN_US / 1e6 }).map((s) => s * 1e6),
          fc.integer({ min: 0, max: SPAN_US }),
        ),
        value: fc.oneof(
          fc.integer({ min: -1000, max: 1000 }),
          fc.integer({ min: -100_000, max: 100_000 }).map((c) => c / 100),
          // -0 as +0: the client sends JSON, which has no -0 (JSON.stringify(-0) is "0"), so an
          // oracle fed -0 expected a min or last of -0 that no request can carry.
          fc
            .double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true })
            .map((v) => (Object.is(v, -0) ? 0 : v)),
        ),
        dup: fc.boolean(),
      }),
      { minLength: 1, maxLength: 80 },
    ),
    batches: fc.integer({ min: 1, max: 3 }),
  })
  .map(({ series, raw, batches }) => {
    const points: OraclePoint[] = [];
    for (const r of raw) {
      // Now and then the same series and instant again (a duplicate, maybe with another value).
      const prev = r.dup && points.length > 0 ? points[r.s % points.length]! : undefined;
      const labels = prev ? prev.labels : series[r.s % series.length]!;
      points.push({ name: '', labels, us: prev ? prev.us : BASE_US + r.t, value: r.value });
    }
    return { points, batches };
  });

const queryArb = (points: OraclePoint[]) =>
  fc.record({
    step: fc.constantFrom('1m', '5m', '1h', '1d' as const),
    agg: fc.constantFrom('avg', 'max', 'min', 'sum', 'last', 'p50', 'p90', 'p99' as const),
    groupBy: fc.option(fc.constantFrom(...KEYS, 'absent'), { nil: undefined }),
    filter: fc.oneof(
      fc.constant({}),
      fc
        .constantFrom(...points.map((p) => p.labels))
        .chain((l) => fc.subarray(Object.entries(l)))
        .map(Object.fromEntries),
      labelSet,
    ),
    a: fc.integer({ min: -86_400e6, max: SPAN_US + 86_400e6 }),
    b: fc.integer({ min: -86_400e6, max: SPAN_US + 86_400e6 }),
    exactEdge: fc.boolean(),
  });

/** Equal labels and timestamps; values equal up to float summation order. */
function expectSame(actual: MetricsQueryResponse, expected: MetricsQueryResponse, exact: boolean) {
  expect(actual.meta).toEqual(expected.meta);
  expect(actual.data.map((s) => s.labels)).toEqual(expected.data.map((s) => s.labels));
  actual.data.forEach((s, i) => {
    const want = expected.data[i]!.values;
    expect(s.values.map((v) => v.timestamp)).toEqual(want.map((v) => v.timestamp));
    s.values.forEach((v, j) => {
      const w = want[j]!.value!;
      if (exact) expect(v.value).toBe(w);
      else expect(Math.abs(v.value! - w)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(w)) * 1e3);
    });
  });
}

let run = 0;
describe('property: random points, filters and group_by against a plain TypeScript computation', () => {
  it('matches through the HTTP API (limits 50 series / 1000 points)', async () => {
    await fc.assert(
      fc.asyncProperty(
        dataset.chain((d) => fc.tuple(fc.constant(d), fc.array(queryArb(d.points), { minLength: 1, maxLength: 6 }))),
        async ([{ points, batches }, queries]) => {
          const name = `prop_${run++}`;
          for (const p of points) p.name = name;
          const per = Math.ceil(points.length / batches);
          for (let i = 0; i < points.length; i += per) {
            await ingest(
              app,
              points
                .slice(i, i + per)
                .map((p) => ({ name, labels: p.labels, value: p.value, timestamp: isoMicros(p.us) })),
            );
          }
          for (const r of queries) {
            const lo = BASE_US + Math.min(r.a, r.b);
            // Sometimes a bound sits exactly on a stored point, to test inclusiveness.
            const hi = r.exactEdge ? points[Math.abs(r.b) % points.length]!.us : BASE_US + Math.max(r.a, r.b);
            const q: OracleQuery = {
              name,
              fromUs: Math.min(lo, hi),
              toUs: Math.max(lo, hi),
              labels: r.filter,
              step: r.step,
              agg: r.agg,
              groupBy: r.groupBy,
            };
            const actual = await query(app, {
              name,
              from: isoMicros(q.fromUs),
              to: isoMicros(q.toUs),
              labels: q.labels,
              step: q.step,
              agg: q.agg,
              group_by: q.groupBy,
            });
            const exact = ['min', 'max', 'last'].includes(q.agg);
            expectSame(actual, oracle(points, q), exact);
            // The per-minute rows behind avg, sum, min, max and last, which the service uses only
            // for reads of at least 5,000 series x minutes: here for every read.
            expectSame(
              await runMetricsQuery(app.db, DEFAULT_PROJECT_ID, q, { minSeriesMinutes: 0 }),
              oracle(points, q),
              exact,
            );
            // The cuts, with limits small enough for random data to reach them.
            const limits = { series: 2, points: 3 };
            const cut = await runMetricsQuery(app.db, DEFAULT_PROJECT_ID, q, { limits, minSeriesMinutes: 0 });
            expectSame(cut, oracle(points, q, limits), exact);
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 240_000);
});

/** ISO 8601 with all six fraction digits (the API takes microseconds). */
function isoMicros(us: number): string {
  const ms = Math.floor(us / 1000);
  const micros = us - ms * 1000;
  return `${new Date(ms).toISOString().slice(0, -1)}${String(micros).padStart(3, '0')}Z`;
}
