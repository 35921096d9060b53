import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/*
 * delete_series against every read of the Prometheus API's PromQL engine (docs/data-lifecycle.md):
 * instant and range queries, whether the engine reads raw points itself (PROMQL_PUSHDOWN=service:
 * RowBinary arrays) or has ClickHouse evaluate the plan (clickhouse), and the metadata endpoints
 * (series, label names, label values). A series whose every point is deleted is gone from all of
 * them at the 204; one that gets a point after the deletion is back, whatever that point's time.
 */

const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const sec = (ms: number) => String(ms / 1000);

describe.each(['service', 'clickhouse'] as const)('PROMQL_PUSHDOWN=%s', (pushdown) => {
  let t: TestApp;

  async function points(metrics: { name: string; labels: Record<string, string>; at: number }[]) {
    const r = await t.post('/v1/metrics/batch', {
      metrics: metrics.map((m) => ({ name: m.name, labels: m.labels, value: 1, timestamp: iso(m.at) })),
    });
    expect(r.status).toBe(200);
  }

  const prom = async (path: string, params: Record<string, string | string[]>) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) for (const x of [v].flat()) q.append(k, x);
    const r = await t.get(`/prometheus/api/v1/${path}?${q}`);
    expect(r.status, path).toBe(200);
    return r.body.data;
  };
  const hosts = (result: { metric: { host?: string } }[]) => result.map((s) => s.metric.host).sort();

  /** What each read of the engine shows of the series of cpu_seconds and gone_total. */
  async function reads() {
    const range = { start: sec(now - 15 * 60_000), end: sec(now), step: '60' };
    return {
      instant: hosts((await prom('query', { query: 'count_over_time(cpu_seconds[1h])', time: sec(now) })).result),
      instantSum: (await prom('query', { query: 'sum(count_over_time(cpu_seconds[1h]))', time: sec(now) })).result.map(
        (s: { value: [number, string] }) => Number(s.value[1]),
      ),
      rangeSelector: hosts((await prom('query_range', { query: 'cpu_seconds', ...range })).result),
      rangeRate: hosts((await prom('query_range', { query: 'rate(cpu_seconds[10m])', ...range })).result),
      gone: (await prom('query', { query: 'last_over_time(gone_total[1h])', time: sec(now) })).result.length,
      series: (await prom('series', { 'match[]': ['cpu_seconds', 'gone_total'] }))
        .map((l: Record<string, string>) => l.host ?? l.job)
        .sort(),
      labels: await prom('labels', {}),
      hostValues: await prom('label/host/values', {}),
      names: (await prom('label/__name__/values', {})).filter((n: string) => !n.startsWith('spanhouse_llm_')),
    };
  }

  beforeAll(async () => {
    t = await createTestApp(`lifecycle-delete-series-${pushdown}`, { PROMQL_PUSHDOWN: pushdown });
    await points([
      { name: 'cpu_seconds', labels: { host: 'a' }, at: now - 10 * 60_000 },
      { name: 'cpu_seconds', labels: { host: 'a' }, at: now - 5 * 60_000 },
      { name: 'cpu_seconds', labels: { host: 'a' }, at: now - 2 * 60_000 },
      { name: 'cpu_seconds', labels: { host: 'b' }, at: now - 10 * 60_000 },
      { name: 'cpu_seconds', labels: { host: 'b' }, at: now - 5 * 60_000 },
      { name: 'cpu_seconds', labels: { host: 'b' }, at: now - 2 * 60_000 },
      { name: 'gone_total', labels: { job: 'batch' }, at: now - 5 * 60_000 },
    ]);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('leaves the deleted series out of queries, series, labels and label values at the 204', async () => {
    expect(await reads()).toEqual({
      instant: ['a', 'b'],
      instantSum: [6],
      rangeSelector: ['a', 'b'],
      rangeRate: ['a', 'b'],
      gone: 1,
      series: ['a', 'b', 'batch'],
      labels: ['__name__', 'host', 'job'],
      hostValues: ['a', 'b'],
      names: ['cpu_seconds', 'gone_total'],
    });

    const q = new URLSearchParams();
    q.append('match[]', 'cpu_seconds{host="a"}');
    q.append('match[]', 'gone_total');
    const r = await t.request(`/prometheus/api/v1/admin/tsdb/delete_series?${q}`, { method: 'POST' });
    expect(r.status).toBe(204);

    expect(await reads()).toEqual({
      instant: ['b'],
      instantSum: [3],
      rangeSelector: ['b'],
      rangeRate: ['b'],
      gone: 0,
      series: ['b'],
      labels: ['__name__', 'host'],
      hostValues: ['b'],
      names: ['cpu_seconds'],
    });
  });

  it('shows a deleted series again once it gets a point after the deletion, with only that point', async () => {
    await points([{ name: 'gone_total', labels: { job: 'batch' }, at: Date.now() + 1000 }]);
    const after = await reads();
    expect(after.series).toEqual(['b', 'batch']);
    expect(after.labels).toEqual(['__name__', 'host', 'job']);
    expect(after.names).toEqual(['cpu_seconds', 'gone_total']);
    const count = await prom('query', { query: 'count_over_time(gone_total[1h])', time: sec(Date.now() + 2000) });
    expect(count.result.map((s: { value: [number, string] }) => s.value[1])).toEqual(['1']);
  });

  it('reads a point written after the deletion with a time inside the deleted range, and only that point', async () => {
    await points([{ name: 'cpu_seconds', labels: { host: 'a' }, at: now - 7 * 60_000 }]);
    const after = await reads();
    expect(after.instant).toEqual(['a', 'b']);
    expect(after.instantSum).toEqual([4]);
    expect(after.rangeSelector).toEqual(['a', 'b']);
    expect(after.hostValues).toEqual(['a', 'b']);
    const raw = await prom('query', { query: 'cpu_seconds{host="a"}[1h]', time: sec(now) });
    expect(raw.result[0].values.map(([t]: [number, string]) => t * 1000)).toEqual([now - 7 * 60_000]);
  });
});
