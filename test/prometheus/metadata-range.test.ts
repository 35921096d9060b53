import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { REMOTE_WRITE_HEADERS, remoteWriteBody } from '../support/prometheus/remote-write-client.ts';

/*
 * The metadata endpoints (series, label names, label values) with `start`/`end`: only the series
 * with a point in the range, as Prometheus 2.42 answers (docs/prometheus.md); and many `match[]`.
 */

let app: TestApp;
/** "Now" of the tests: every point is at or before it. */
const E = Date.UTC(2026, 4, 1, 12);
const STALE_NAN = Number.NaN; // written with the staleness marker's bits by remoteWriteBody's encoder
beforeAll(async () => {
  app = await createTestApp('prometheus-metadata-range');
  const body = remoteWriteBody([
    // Last sample an hour before E: listed for [E-2h, E], not for [E-10m, E].
    {
      labels: { __name__: 'stale_gauge', instance: 'old' },
      samples: [
        [E - 7_200_000, 1],
        [E - 3_600_000, 2],
      ],
    },
    { labels: { __name__: 'stale_gauge', instance: 'live' }, samples: [[E - 60_000, 3]] },
    { labels: { __name__: 'up', instance: 'a', job: 'j' }, samples: [[E - 30_000, 1]] },
    // Only a NaN in the last 10 minutes (NaN is a sample in Prometheus): listed.
    { labels: { __name__: 'nan_only', zone: 'z' }, samples: [[E - 5_000, STALE_NAN]] },
    ...Array.from({ length: 300 }, (_, i) => ({
      labels: { __name__: 'many', i: String(i) },
      samples: [[E - 1_000, i]] as [number, number][],
    })),
  ]);
  const res = await app.request('/prometheus/api/v1/write', { method: 'POST', body, headers: REMOTE_WRITE_HEADERS });
  expect(res.status).toBe(204);
});
afterAll(() => app?.close());

const s = (ms: number) => String(ms / 1000);
async function get(path: string, params: Record<string, string | string[]>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) for (const x of [v].flat()) q.append(k, x);
  const res = await app.get(`/prometheus/api/v1/${path}?${q}`);
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('start and end narrow the metadata endpoints to the series with points in the range', () => {
  const last10m = { start: s(E - 600_000), end: s(E) };
  const dayBefore = { start: s(E - 3 * 86_400_000), end: s(E - 2 * 86_400_000) };

  it('series: a series whose last sample is an hour old is left out of the last 10 minutes', async () => {
    expect(await get('series', { 'match[]': 'stale_gauge', ...last10m })).toEqual([
      { __name__: 'stale_gauge', instance: 'live' },
    ]);
    expect(await get('series', { 'match[]': 'stale_gauge', start: s(E - 7_200_000), end: s(E) })).toHaveLength(2);
    // Without start and end: all time, as before.
    expect(await get('series', { 'match[]': 'stale_gauge' })).toHaveLength(2);
    // Only start: open until the end of time; only end: from the beginning.
    expect(await get('series', { 'match[]': 'stale_gauge', start: s(E - 600_000) })).toHaveLength(1);
    expect(await get('series', { 'match[]': 'stale_gauge', end: s(E - 5_400_000) })).toEqual([
      { __name__: 'stale_gauge', instance: 'old' },
    ]);
    expect(await get('series', { 'match[]': 'nan_only', ...last10m })).toEqual([{ __name__: 'nan_only', zone: 'z' }]);
  });

  it('a day before any data: no series, no label names, no label values (metric names neither)', async () => {
    expect(await get('series', { 'match[]': 'up', ...dayBefore })).toEqual([]);
    expect(await get('labels', dayBefore)).toEqual([]);
    expect(await get('labels', { 'match[]': 'up', ...dayBefore })).toEqual([]);
    expect(await get('label/__name__/values', dayBefore)).toEqual([]);
    expect(await get('label/instance/values', { 'match[]': 'up', ...dayBefore })).toEqual([]);
    expect(await get('label/instance/values', dayBefore)).toEqual([]);
  });

  it('label names and values of the last 10 minutes leave the stale series out', async () => {
    expect(await get('label/instance/values', last10m)).toEqual(['a', 'live']);
    expect(await get('label/instance/values', { 'match[]': 'stale_gauge', ...last10m })).toEqual(['live']);
    expect(await get('label/__name__/values', { start: s(E - 600_000), end: s(E) })).toEqual([
      'many',
      'nan_only',
      'stale_gauge',
      'up',
    ]);
    // Without a range every series counts, the LLM metric names too (always offered then).
    expect(await get('label/instance/values', {})).toEqual(['a', 'live', 'old']);
    expect(await get('labels', { 'match[]': 'stale_gauge', start: s(E - 600_000), end: s(E) })).toEqual([
      '__name__',
      'instance',
    ]);
    expect(await get('labels', { 'match[]': 'nan_only', end: s(E - 600_000) })).toEqual([]);
  });
});

describe('many match[]', () => {
  /** Reads of the series table the service made so far, from its self-metrics. */
  const seriesReads = async () => {
    const text = await (await app.request('/metrics')).text();
    return Number(
      text.match(/spanhouse_query_duration_seconds_count\{query="prometheus.series",outcome="ok"\} (\d+)/)?.[1] ?? 0,
    );
  };

  it('300 selectors answer the union of their series, each once, sorted, in a few reads', async () => {
    const matches = Array.from({ length: 300 }, (_, i) => `many{i="${i}"}`);
    const before = await seriesReads();
    const data = await get('series', { 'match[]': [...matches, 'many{i=~"1.*"}', 'up'] });
    // Not a read per selector (302 before): ORed 50 at a time.
    expect((await seriesReads()) - before).toBeLessThanOrEqual(7);
    expect(data).toHaveLength(301);
    expect(data[0]).toEqual({ __name__: 'many', i: '0' });
    expect(data[1]).toEqual({ __name__: 'many', i: '1' });
    expect(data[300]).toEqual({ __name__: 'up', instance: 'a', job: 'j' });
    const values = await get('label/i/values', { 'match[]': matches.slice(0, 150) });
    expect(values).toHaveLength(150);
  });
});
