import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ingest, out, query } from '../support/metrics-api.ts';

// The all-in-one app keeps the series of each metric between queries (embedded chDB: it is the
// only writer). These check that a series written after a query is in every later answer.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('metrics_new_series');
});
afterAll(async () => app?.close());

const window = { name: 'up', from: '2026-01-01T00:00:00Z', to: '2026-01-01T01:00:00Z', step: '1h', agg: 'sum' };
const H = out('2026-01-01T00:00:00Z');
const point = (labels: Record<string, string>, value: number) => ({
  name: 'up',
  labels,
  value,
  timestamp: '2026-01-01T00:00:10Z',
});

describe('series first sent after a query of their metric', () => {
  it('appear in the next answer, with and without a label filter and group_by', async () => {
    await ingest(app, [point({ host: 'a', region: 'eu' }, 1)]);
    expect((await query(app, window)).data).toHaveLength(1);
    expect((await query(app, { ...window, labels: { region: 'us' } })).data).toEqual([]);

    await ingest(app, [point({ host: 'b', region: 'us' }, 2), point({ host: 'c', region: 'us' }, 4)]);
    expect((await query(app, window)).data.map((s) => s.labels)).toEqual([
      { host: 'a', region: 'eu' },
      { host: 'b', region: 'us' },
      { host: 'c', region: 'us' },
    ]);
    expect((await query(app, { ...window, labels: { region: 'us' } })).data.map((s) => s.labels.host)).toEqual([
      'b',
      'c',
    ]);
    expect((await query(app, { ...window, group_by: 'region' })).data).toEqual([
      { labels: { region: 'eu' }, values: [{ timestamp: H, value: 1 }] },
      { labels: { region: 'us' }, values: [{ timestamp: H, value: 6 }] },
    ]);
  });

  it('of a metric queried before it had any series', async () => {
    const empty = { ...window, name: 'later' };
    expect((await query(app, empty)).data).toEqual([]);
    await ingest(app, [{ ...point({ host: 'a' }, 3), name: 'later' }]);
    expect((await query(app, empty)).data).toEqual([{ labels: { host: 'a' }, values: [{ timestamp: H, value: 3 }] }]);
  });

  it('while queries run alongside the writes: every acknowledged series is in answers given after it', async () => {
    const name = 'busy';
    const q = { ...window, name };
    for (let i = 0; i < 20; i++) {
      const write = ingest(app, [{ ...point({ host: `h${i}` }, 1), name }]);
      const during = query(app, q); // may or may not see h{i}, but must not make later answers miss it
      await Promise.all([write, during]);
      expect((await query(app, q)).data).toHaveLength(i + 1);
    }
  });
});
