import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import {
  prometheusMissing,
  type RunningPrometheus,
  startPrometheus,
} from '../support/prometheus/prometheus-process.ts';
import { type Point, refBucketQuantile, refQuantile, refRate, windowOf } from '../support/prometheus/reference.ts';
import { REMOTE_WRITE_HEADERS, type RwSeries, remoteWriteBody } from '../support/prometheus/remote-write-client.ts';

// Random data through the service, checked against Prometheus itself where it runs and against
// pure references (reference.ts) always: the functions where PromQL's edge cases live.
const missing = prometheusMissing();
let app: TestApp;
let prom: RunningPrometheus | undefined;
let run = 0;
const T0 = Date.UTC(2026, 3, 1);

beforeAll(async () => {
  [app, prom] = await Promise.all([createTestApp('prom-property'), missing ? undefined : startPrometheus()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([app?.close(), prom?.stop()]);
});

async function write(series: RwSeries[]) {
  const body = remoteWriteBody(series);
  const res = await app.request('/prometheus/api/v1/write', { method: 'POST', body, headers: REMOTE_WRITE_HEADERS });
  expect(res.status).toBe(204);
  if (prom) {
    const p = await fetch(`${prom.url}/api/v1/write`, { method: 'POST', body, headers: REMOTE_WRITE_HEADERS });
    expect(p.status, await p.text()).toBe(204);
  }
}

type Matrix = { metric: Record<string, string>; values: [number, string][] }[];

async function rangeQuery(params: Record<string, string>) {
  const res = await app.get(`/prometheus/api/v1/query_range?${new URLSearchParams(params)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (prom) {
    const want = await (await fetch(`${prom.url}/api/v1/query_range?${new URLSearchParams(params)}`)).json();
    expect(res.body, params.query).toEqual(want);
  }
  return res.body.data.result as Matrix;
}

/** Time-ordered points from (gap, value) pairs: gaps of 1-30 s with ms jitter. */
const pointsOf = (steps: [number, number][]): Point[] => {
  let t = T0;
  return steps.map(([gap, v]) => {
    t += gap;
    return [t, v];
  });
};

const grid = fc.record({
  startOffset: fc.integer({ min: 0, max: 600_000 }),
  stepMs: fc.integer({ min: 7, max: 90 }).map((s) => s * 1000),
  rangeMs: fc.constantFrom(30_000, 60_000, 95_000, 300_000, 299_999),
});

describe(`PromQL properties on random data${missing ? ` (pure references only: ${missing})` : ', Prometheus as the oracle'}`, () => {
  it('rate and increase over counters with resets', async () => {
    const counter = fc.array(
      fc.tuple(fc.integer({ min: 1000, max: 30_000 }), fc.integer({ min: 0, max: 100 }), fc.boolean()),
      { minLength: 2, maxLength: 60 },
    );
    await fc.assert(
      fc.asyncProperty(counter, grid, async (steps, g) => {
        let v = 0;
        const points = pointsOf(
          steps.map(([gap, inc, reset]) => {
            v = reset ? inc % 7 : v + inc;
            return [gap, v];
          }),
        );
        const name = `p_counter_${run++}`;
        await write([{ labels: { __name__: name }, samples: points }]);
        const start = T0 + g.startOffset;
        const end = start + 30 * g.stepMs;
        for (const [fn, isRate] of [
          ['rate', true],
          ['increase', false],
        ] as const) {
          const result = await rangeQuery({
            query: `${fn}(${name}[${g.rangeMs}ms])`,
            start: String(start / 1000),
            end: String(end / 1000),
            step: String(g.stepMs / 1000),
          });
          const got = new Map((result[0]?.values ?? []).map(([t, s]) => [Math.round(t * 1000), Number(s)]));
          for (let t = start; t <= end; t += g.stepMs) {
            const want = refRate(windowOf(points, t, g.rangeMs), t, g.rangeMs, isRate);
            expect(got.get(t), `${fn} at ${t}`).toBe(want);
          }
        }
      }),
      { numRuns: 15 },
    );
  });

  it('quantile_over_time', async () => {
    const values = fc.array(
      fc.tuple(
        fc.integer({ min: 1000, max: 30_000 }),
        fc.integer({ min: -500, max: 500 }).map((x) => x / 4),
      ),
      {
        minLength: 1,
        maxLength: 60,
      },
    );
    await fc.assert(
      fc.asyncProperty(values, grid, fc.integer({ min: 0, max: 100 }), async (steps, g, qi) => {
        const q = qi / 100;
        const points = pointsOf(steps);
        const name = `p_gauge_${run++}`;
        await write([{ labels: { __name__: name }, samples: points }]);
        const start = T0 + g.startOffset;
        const end = start + 30 * g.stepMs;
        const result = await rangeQuery({
          query: `quantile_over_time(${q}, ${name}[${g.rangeMs}ms])`,
          start: String(start / 1000),
          end: String(end / 1000),
          step: String(g.stepMs / 1000),
        });
        const got = new Map((result[0]?.values ?? []).map(([t, s]) => [Math.round(t * 1000), Number(s)]));
        for (let t = start; t <= end; t += g.stepMs) {
          const w = windowOf(points, t, g.rangeMs).map(([, v]) => v);
          expect(got.get(t), `at ${t}`).toBe(w.length === 0 ? undefined : refQuantile(q, w));
        }
      }),
      { numRuns: 15 },
    );
  });

  it('histogram_quantile over classic buckets', async () => {
    const histogram = fc.record({
      bounds: fc.uniqueArray(fc.integer({ min: -20, max: 200 }), { minLength: 1, maxLength: 6 }),
      counts: fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 7, maxLength: 7 }),
      q: fc.integer({ min: 0, max: 100 }).map((x) => x / 100),
    });
    await fc.assert(
      fc.asyncProperty(histogram, async ({ bounds, counts, q }) => {
        const sorted = [...bounds].sort((a, b) => a - b).map((b) => b / 10);
        const les = [...sorted, Infinity];
        // Cumulative counts, sometimes not monotonic (as scrapes of a live histogram can be).
        let c = 0;
        const buckets: [number, number][] = les.map((le, i) => {
          c += counts[i]!;
          return [le, c - (counts[i]! % 5 === 1 ? 3 : 0)];
        });
        const name = `p_hist_${run++}_bucket`;
        const t = T0 + 60_000;
        await write(
          buckets.map(([le, n]) => ({
            labels: { __name__: name, le: le === Infinity ? '+Inf' : String(le) },
            samples: [[t, n]],
          })),
        );
        const result = await rangeQuery({
          query: `histogram_quantile(${q}, ${name})`,
          start: String(t / 1000),
          end: String(t / 1000),
          step: '1',
        });
        const got = Number(result[0]!.values[0]![1]);
        expect(Object.is(got, refBucketQuantile(q, buckets)) || got === refBucketQuantile(q, buckets)).toBe(true);
      }),
      { numRuns: 20 },
    );
  });
});
