import { type Db, observeQueries } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { TABLES } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rangeQuery } from '../../src/prometheus/evaluate.ts';
import { type Point, storedPoints } from './stored-points.ts';

/*
 * rate, increase, delta, irate and idelta over ranges longer than the step, computed in ClickHouse
 * by walking each series' points along the steps (range-walk-sql.ts), answer exactly what the
 * engine in the service answers from the raw points (which test/prometheus/differential.test.ts
 * holds bit for bit to a real Prometheus): counter resets (two in one range, added in order),
 * copies of a re-sent point in separate parts (the one stored last counts), staleness markers,
 * gaps that leave ranges with 0, 1 and 2 points, NaN and Inf, a counter that starts near zero
 * (the clamp of the extrapolation at zero), negative gauges.
 */

const T = Date.UTC(2026, 2, 1, 10);
const STEP = 15_000;
let db: Db;
const tags: string[] = [];

beforeAll(async () => {
  db = observeQueries(await openTestDb('promql_range_walk'), (tag) => tags.push(tag));
  const { insertSeries, insertPoints } = storedPoints(db);
  // Copies of one point must stay in separate parts while the queries run.
  await db.writer.command({ query: `SYSTEM STOP MERGES ${TABLES.metricSamples}` });
  await insertSeries([
    ['w_counter', '1', { s: 'resets' }],
    ['w_counter', '2', { s: 'gaps' }],
    ['w_counter', '3', { s: 'from_zero' }],
    ['w_stale', '4', { s: 'marker' }],
    ['w_nan', '5', { s: 'nonfinite' }],
    ['w_gauge', '6', { s: 'negative' }],
  ]);
  // Two resets 30 s apart (one 1-minute range holds both), values whose sums round.
  let v = 0;
  const resets: Point[] = [];
  for (let i = 0; i < 160; i++) {
    v = i === 40 || i === 42 || i === 100 ? 0.1 * (i % 7) : v + 0.1 + ((i * 37) % 11) / 3;
    resets.push([T + i * STEP + (i % 3), v]);
  }
  await insertPoints('w_counter', '1', resets);
  // The point at i = 70 re-sent twice, each copy in its own part: the value sent last counts.
  await insertPoints('w_counter', '1', [[T + 70 * STEP + 1, 1e6]]);
  await insertPoints('w_counter', '1', [[T + 70 * STEP + 1, resets[70]![1] + 0.05]]);
  // Irregular scrapes with gaps of 20 s to 3 minutes: ranges of 20 s hold 0, 1 or 2 points.
  const gaps: Point[] = [];
  let t = T;
  for (let i = 0; t < T + 160 * STEP; i++) {
    gaps.push([t, i * 3.7]);
    t += [10_000, 10_000, 20_000, 180_000, 7_000, 45_000][i % 6]!;
  }
  await insertPoints('w_counter', '2', gaps);
  // A counter from 1 rising fast: the extrapolation to the range start stops at zero.
  await insertPoints(
    'w_counter',
    '3',
    Array.from({ length: 160 }, (_, i): Point => [T + 30_000 + i * STEP, 1 + i * 250]),
  );
  // Stale at 15 minutes (a marker), back at 25.
  await insertPoints(
    'w_stale',
    '4',
    Array.from({ length: 160 }, (_, i): Point => [T + i * STEP, i * 2]).filter(([, x]) => x < 120 || x >= 200),
    [T + 60 * STEP],
  );
  await insertPoints(
    'w_nan',
    '5',
    Array.from(
      { length: 160 },
      (_, i): Point => [T + i * STEP + 5, i % 13 === 4 ? Number.NaN : i === 77 ? Infinity : i],
    ),
  );
  await insertPoints(
    'w_gauge',
    '6',
    Array.from({ length: 160 }, (_, i): Point => [T + i * STEP + 9, Math.sin(i / 5) * 40 - 10]),
  );
});
afterAll(() => db?.close());

const GRIDS = [
  { name: 'at the scrape step', startMs: T + 60_000, stepMs: 15_000, steps: 150 },
  { name: 'unaligned 37 s', startMs: T + 61_234, stepMs: 37_000, steps: 60 },
];

/** The points of a range query's first series. */
function firstSeries(r: Awaited<ReturnType<typeof rangeQuery>>): [number, string][] {
  if (r.resultType !== 'matrix') throw new Error(`a matrix expected, got ${r.resultType}`);
  return r.result[0]!.values;
}

describe('range functions walked along the steps in ClickHouse', () => {
  const queries = [
    ...['rate', 'increase', 'delta', 'irate', 'idelta'].flatMap((f) =>
      ['20s', '45s', '1m', '5m'].map((r) => `${f}({__name__=~"w_.+"}[${r}])`),
    ),
    'rate(w_counter[2m] offset 1m)',
    'sum by (s) (rate(w_counter[1m]))',
    'increase(w_counter[1m]) * 2',
  ];
  for (const query of queries) {
    it(query, async () => {
      for (const g of GRIDS) {
        const service = await rangeQuery(db, 'spanhouse', query, g, { pushdown: 'service' });
        tags.length = 0;
        const sql = await rangeQuery(db, 'spanhouse', query, g, { pushdown: 'clickhouse' });
        // Computed by the SQL: no raw points were read.
        expect(tags, g.name).toContain('prometheus.query');
        expect(tags, g.name).not.toContain('prometheus.points');
        expect(sql.result.length, g.name).toBeGreaterThan(0);
        expect(sql, g.name).toEqual(service);
      }
    });
  }

  it('has windows of 0, 1 and 2 points, and ranges holding two resets', async () => {
    const g = GRIDS[0]!;
    const counts = await rangeQuery(db, 'spanhouse', 'count_over_time(w_counter{s="gaps"}[20s])', g, {
      pushdown: 'service',
    });
    const seen = new Set(firstSeries(counts).map(([, v]) => v));
    expect(seen).toContain('1');
    expect(seen).toContain('2');
    // Steps without any point in the range are missing from the answer.
    expect(firstSeries(counts).length).toBeLessThan(g.steps);
    const resets = await rangeQuery(db, 'spanhouse', 'resets(w_counter{s="resets"}[1m])', g, { pushdown: 'service' });
    expect(firstSeries(resets).some(([, v]) => v === '2')).toBe(true);
  });
});
