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

describe('the dashboard-refresh cache over the LLM series', () => {
  const QUERY = 'sum by (model) (sum_over_time(spanhouse_llm_input_tokens[15s]))';
  const iso = (ms: number) => new Date(ms).toISOString();
  // A day after the metrics above, on the step grid; generations start between steps, so each
  // counts in one step's range (Prometheus 2.42's ranges hold both ends).
  const END = T0 + 86_400_000;
  const models = async (endMs: number) => {
    const params = new URLSearchParams({
      query: QUERY,
      start: String((endMs - 1_800_000) / 1000),
      end: String(endMs / 1000),
      step: '15',
    });
    const res = await app.get(`/prometheus/api/v1/query_range?${params}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const fresh = await rangeQuery(app.db, DEFAULT_PROJECT_ID, QUERY, rangeGrid(endMs - 1_800_000, endMs, STEP));
    expect(res.body.data).toEqual(fresh);
    return res.body.data.result.map((r: { metric: { model: string }; values: [number, string][] }) => [
      r.metric.model,
      r.values.map(([, v]) => Number(v)).reduce((a, b) => a + b, 0),
    ]);
  };
  const generation = (id: string, model: string, startMs: number, endMs: number, tokens: number) =>
    app.post('/v1/l/batch', {
      trace: { id: `t-${id}` },
      observations: [
        { id, type: 'GENERATION', model, startTime: iso(startMs), endTime: iso(endMs), promptTokens: tokens },
      ],
    });

  it('shows a generation stored after its start time was cached, as a refresh slides the window', async () => {
    expect((await generation('g-early', 'early', END - 599_000, END - 590_000, 3)).status).toBe(200);
    expect(await models(END)).toEqual([['early', 3]]);
    // Exported when it ended, a minute after it started: its start lies in steps already cached.
    expect((await generation('g-late', 'late', END - 59_000, END, 5)).status).toBe(200);
    expect(await models(END + STEP)).toEqual([
      ['early', 3],
      ['late', 5],
    ]);
    expect(await models(END + STEP)).toEqual([
      ['early', 3],
      ['late', 5],
    ]);
  });

  it('shows usage an update gives a generation whose start was cached', async () => {
    const at = END - 119_000;
    const event = (id: string, type: string, ms: number, body: object) => ({ id, type, timestamp: iso(ms), body });
    const created = await app.post('/api/public/ingestion', {
      batch: [
        event('e-t', 'trace-create', at, { id: 't-upd' }),
        event('e-c', 'generation-create', at, { id: 'g-upd', traceId: 't-upd', model: 'updated', startTime: iso(at) }),
      ],
    });
    expect(created.body.errors).toEqual([]);
    expect(await models(END + 2 * STEP)).toEqual([
      ['early', 3],
      ['late', 5],
      ['updated', 0],
    ]);
    // The update names no start: the generation keeps the create's.
    const updated = await app.post('/api/public/ingestion', {
      batch: [event('e-u', 'generation-update', END, { id: 'g-upd', traceId: 't-upd', usage: { input: 7 } })],
    });
    expect(updated.body.errors).toEqual([]);
    expect(await models(END + 3 * STEP)).toEqual([
      ['early', 3],
      ['late', 5],
      ['updated', 7],
    ]);
  });

  it('drops a deleted trace from cached steps', async () => {
    const res = await app.request('/api/public/traces/t-g-late', { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await models(END + 4 * STEP)).toEqual([
      ['early', 3],
      ['updated', 7],
    ]);
  });
});
