import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ingest, out, pairs, query } from '../support/metrics-api.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('metrics_agg');
});
afterAll(async () => app?.close());

// 1..10 in one 1m bucket, sent in shuffled order; the latest timestamp carries 4.
const T0 = '2026-01-01T00:05:00.000Z';
const shuffled = [7, 3, 10, 1, 9, 2, 8, 5, 6, 4];
const window = { from: '2026-01-01T00:00:00Z', to: '2026-01-01T01:00:00Z' };

describe('the eight aggregations on 1..10 in one bucket', () => {
  beforeAll(async () => {
    await ingest(
      app,
      shuffled.map((value, i) => ({
        name: 'agg_ten',
        labels: { k: 'a' },
        value,
        timestamp: new Date(Date.parse(T0) + i * 5_000).toISOString(),
      })),
    );
  });

  const expected: [string, number][] = [
    ['avg', 5.5],
    ['min', 1],
    ['max', 10],
    ['sum', 55],
    ['last', 4],
    ['p50', 5.5],
    ['p90', 9.1],
    ['p99', 9.91],
  ];
  for (const [agg, value] of expected) {
    it(`${agg} = ${value}`, async () => {
      const res = await query(app, { name: 'agg_ten', ...window, agg });
      expect(res.data).toEqual([{ labels: { k: 'a' }, values: [{ timestamp: out(T0), value }] }]);
      expect(res.meta).toEqual({ series_count: 1, truncated: false, latest_ts: out(Date.parse(T0) + 45_000) });
    });
  }

  it('defaults to avg', async () => {
    const res = await query(app, { name: 'agg_ten', ...window });
    expect(pairs(res)).toEqual([[out(T0), 5.5]]);
  });
});
