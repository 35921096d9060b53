import { rangeGrid, rangeQuery } from '@spanhouse/query-api';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { REMOTE_WRITE_HEADERS, type RwSeries, remoteWriteBody } from '../support/prometheus/remote-write-client.ts';

let app: TestApp;
const T0 = Date.UTC(2026, 4, 1);
const STEP = 15_000;
beforeAll(async () => {
  app = await createTestApp('prom-refresh-cache');
});
afterAll(() => app?.close());

async function write(series: RwSeries[]) {
  const res = await app.request('/prometheus/api/v1/write', {
    method: 'POST',
    body: remoteWriteBody(series),
    headers: REMOTE_WRITE_HEADERS,
  });
  expect(res.status).toBe(204);
}
const scrape = (i: number, value: (h: number) => number): RwSeries[] =>
  [0, 1, 2].map((h) => ({ labels: { __name__: 'rc_cpu', host: `h${h}` }, samples: [[T0 + i * STEP, value(h)]] }));

const QUERIES = ['sum(rc_cpu)', 'avg_over_time(rc_cpu[1m])', 'max_over_time(rc_cpu[45s] offset -30s)', 'rc_cpu'];

describe('the dashboard-refresh cache', () => {
  it('answers a sliding window like a fresh evaluation while points keep arriving, late ones too', async () => {
    for (let i = 0; i < 40; i++) await write(scrape(i, (h) => h * 10 + (i % 7)));
    for (let round = 0; round < 12; round++) {
      const now = 40 + round;
      await write(scrape(now, (h) => h * 10 + round));
      // Every third round a late point lands inside the window: a re-sent scrape with other values,
      // or a point between two scrapes.
      if (round % 3 === 1) await write(scrape(now - 20, (h) => 100 + h));
      if (round % 3 === 2)
        await write([{ labels: { __name__: 'rc_cpu', host: 'h1' }, samples: [[T0 + (now - 10) * STEP + 5_000, -7]] }]);
      const grid = rangeGrid(T0 + (now - 30) * STEP, T0 + now * STEP, STEP);
      for (const query of QUERIES) {
        const params = new URLSearchParams({
          query,
          start: String(grid.startMs / 1000),
          end: String((grid.startMs + (grid.steps - 1) * STEP) / 1000),
          step: '15',
        });
        const cached = await app.get(`/prometheus/api/v1/query_range?${params}`);
        const fresh = await rangeQuery(app.db, DEFAULT_PROJECT_ID, query, grid);
        expect(cached.body.data, `round ${round}: ${query}`).toEqual(fresh);
        const uncached = await app.get(`/prometheus/api/v1/query_range?${params}&nocache=1`);
        expect(uncached.body.data).toEqual(fresh);
      }
    }
  });
});
