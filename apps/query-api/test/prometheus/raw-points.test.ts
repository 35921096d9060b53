import { type Db, observeQueries } from '@spanhouse/db';
import { openTestDb } from '@spanhouse/db/testing';
import { TABLES } from '@spanhouse/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPoints } from '../../src/prometheus/engine/raw-samples.ts';
import type { FoundSeries } from '../../src/prometheus/series-lookup.ts';
import { type Point, storedPoints } from './stored-points.ts';

/*
 * The raw points a PromQL query computes from (readPoints), on the real engine: each series' points
 * in time order, one per millisecond with the copy stored last where a point was re-sent (the
 * copies kept in separate parts: merges are stopped), the non-finite points and staleness markers
 * of their own table merged in by time, a long series whole, and the series in the order they
 * were asked for, those without points in the range left out.
 */

const T = Date.UTC(2026, 3, 1, 8);
let db: Db;
const tags: string[] = [];
const series = (id: string, name = 'raw_points'): FoundSeries => ({ id, name, labels: { __name__: name, id } });

/** readPoints as plain arrays: [time, value, stale?][] per series, with its id. */
async function read(found: FoundSeries[], fromMs: number, toMs: number) {
  const got = await readPoints(db, 'spanhouse', found, fromMs, toMs);
  return got.map((s) => ({
    id: s.metric.id,
    points: Array.from(s.ts, (t, i) => [t - T, s.vs[i]!, s.stale?.[i] ?? 0]),
  }));
}

beforeAll(async () => {
  db = observeQueries(await openTestDb('promql_raw_points'), (tag) => tags.push(tag));
  const { insertPoints } = storedPoints(db);
  await db.writer.command({ query: `SYSTEM STOP MERGES ${TABLES.metricSamples}` });
  // Series 1: five points, the third re-sent twice with other values (three parts hold it) and
  // one point only the second insert holds.
  await insertPoints(
    'raw_points',
    '1',
    [0, 1, 2, 3, 4].map((i): Point => [T + i * 1000, i]),
  );
  await insertPoints('raw_points', '1', [
    [T + 2000, 200],
    [T + 5000, 5],
  ]);
  await insertPoints('raw_points', '1', [[T + 2000, 2000]]);
  // Series 2: finite points, NaN and +Inf between them, a staleness marker after them.
  await insertPoints(
    'raw_points',
    '2',
    [
      [T, 1],
      [T + 1000, Number.NaN],
      [T + 2000, 2],
      [T + 3000, Number.POSITIVE_INFINITY],
      [T + 4000, 4],
    ],
    [T + 9000],
  );
  // Series 3: only a staleness marker.
  await insertPoints('raw_points', '3', [], [T + 1000]);
  // Series 4: 150,000 points at 1 ms.
  await db.writer.command({
    query: `INSERT INTO ${TABLES.metricSamples} (project_id, name, series_id, ts, value)
      SELECT 'spanhouse', 'raw_long', 4, fromUnixTimestamp64Milli(toInt64(${T} + number), 'UTC'), number * 0.5
      FROM numbers(150000)`,
  });
  // Series 5: points outside every range read below.
  await insertPoints('raw_points', '5', [[T - 3_600_000, 1]]);
});
afterAll(() => db?.close());

describe('readPoints', () => {
  it('keeps one point per millisecond, the copy stored last, while the copies sit in separate parts', async () => {
    const parts = await db.writer.query({
      query: `SELECT count() AS n FROM system.parts WHERE active AND database = currentDatabase() AND table = '${TABLES.metricSamples}'`,
      format: 'JSONEachRow',
    });
    expect(Number((await parts.json<{ n: string }>())[0]!.n)).toBeGreaterThanOrEqual(3);
    expect(await read([series('1')], T, T + 10_000)).toEqual([
      {
        id: '1',
        points: [
          [0, 0, 0],
          [1000, 1, 0],
          [2000, 2000, 0],
          [3000, 3, 0],
          [4000, 4, 0],
          [5000, 5, 0],
        ],
      },
    ]);
  });

  it('merges the non-finite points and staleness markers in by time', async () => {
    const [got] = await read([series('2')], T, T + 10_000);
    expect(got!.points.map(([t]) => t)).toEqual([0, 1000, 2000, 3000, 4000, 9000]);
    expect(got!.points.map(([, v]) => v)).toEqual([1, Number.NaN, 2, Number.POSITIVE_INFINITY, 4, Number.NaN]);
    expect(got!.points.map(([, , stale]) => stale)).toEqual([0, 0, 0, 0, 0, 1]);
    expect(await read([series('3')], T, T + 10_000)).toEqual([{ id: '3', points: [[1000, Number.NaN, 1]] }]);
  });

  it.each([
    ['a short range', T + 10, T + 140_009, 10, 140_000],
    ['a range of 300 hours', T - 300 * 3_600_000, T + 3_600_000, 0, 150_000],
  ])('answers a long series whole and in order, within the bounds of %s', async (_, from, to, first, n) => {
    const [got] = await readPoints(db, 'spanhouse', [series('4', 'raw_long')], from, to);
    expect(got!.ts.length).toBe(n);
    expect(got!.stale).toBeUndefined();
    let ordered = true;
    for (let i = 0; i < got!.ts.length; i++) {
      if (got!.ts[i] !== T + first + i || got!.vs[i] !== (first + i) * 0.5) ordered = false;
    }
    expect(ordered).toBe(true);
  });

  it('answers the series in the order asked, leaving out those without points in the range', async () => {
    const got = await read([series('4', 'raw_long'), series('5'), series('3'), series('1'), series('404')], T, T + 2);
    expect(got.map((s) => s.id)).toEqual(['4', '1']);
    expect(got[0]!.points).toEqual([
      [0, 0, 0],
      [1, 0.5, 0],
      [2, 1, 0],
    ]);
    expect(await read([series('5')], T, T + 10_000)).toEqual([]);
  });

  it('reads with the tag of the query-duration metric', () => {
    expect(new Set(tags)).toEqual(new Set(['prometheus.points']));
  });
});
