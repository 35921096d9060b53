import { runMetricsQuery } from '@spanhouse/query-api';
import { DEFAULT_PROJECT_ID, isoToMicros, MetricNamesResponse, safeParse } from '@spanhouse/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ingest, out, query, queryPath } from '../support/metrics-api.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('metrics_labels');
  const at = (m: number) => `2026-01-01T00:0${m}:30Z`;
  await ingest(app, [
    { name: 'req', labels: { host: 'a', region: 'eu', tier: 'web' }, value: 1, timestamp: at(0) },
    { name: 'req', labels: { region: 'eu', host: 'b', tier: 'web' }, value: 2, timestamp: at(0) },
    { name: 'req', labels: { host: 'c', region: 'us', tier: 'db' }, value: 4, timestamp: at(0) },
    { name: 'req', labels: { region: 'us', tier: 'web' }, value: 8, timestamp: at(1) },
    // Same label set as the first series, keys in another order: the same series.
    { name: 'req', labels: { tier: 'web', region: 'eu', host: 'a' }, value: 16, timestamp: at(1) },
  ]);
});
afterAll(async () => app?.close());

const window = { name: 'req', from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:10:00Z', step: '1h', agg: 'sum' };
const H = out('2026-01-01T00:00:00Z');

describe('series without group_by', () => {
  it('returns one series per stored label set, with its full labels, sorted by labels', async () => {
    const res = await query(app, window);
    expect(res.data).toEqual([
      { labels: { host: 'a', region: 'eu', tier: 'web' }, values: [{ timestamp: H, value: 17 }] },
      { labels: { host: 'b', region: 'eu', tier: 'web' }, values: [{ timestamp: H, value: 2 }] },
      { labels: { host: 'c', region: 'us', tier: 'db' }, values: [{ timestamp: H, value: 4 }] },
      { labels: { region: 'us', tier: 'web' }, values: [{ timestamp: H, value: 8 }] },
    ]);
    expect(res.meta).toEqual({ series_count: 4, truncated: false, latest_ts: out('2026-01-01T00:01:30Z') });
  });
});

describe('group_by', () => {
  it('gives one series per value of the key, labelled with the key alone', async () => {
    const res = await query(app, { ...window, group_by: 'region' });
    expect(res.data).toEqual([
      { labels: { region: 'eu' }, values: [{ timestamp: H, value: 19 }] },
      { labels: { region: 'us' }, values: [{ timestamp: H, value: 12 }] },
    ]);
    expect(res.meta.series_count).toBe(2);
  });

  it('puts series without the key into the group ""', async () => {
    const res = await query(app, { ...window, group_by: 'host' });
    expect(res.data.map((s) => [s.labels, s.values[0]?.value])).toEqual([
      [{ host: '' }, 8],
      [{ host: 'a' }, 17],
      [{ host: 'b' }, 2],
      [{ host: 'c' }, 4],
    ]);
  });

  it('groups everything under "" when no series has the key', async () => {
    const res = await query(app, { ...window, group_by: 'nope' });
    expect(res.data).toEqual([{ labels: { nope: '' }, values: [{ timestamp: H, value: 31 }] }]);
  });
});

describe('label containment', () => {
  it('filters by one pair', async () => {
    const res = await query(app, { ...window, labels: { region: 'eu' } });
    expect(res.data.map((s) => s.labels.host)).toEqual(['a', 'b']);
  });

  it('filters by several pairs (all must hold)', async () => {
    const res = await query(app, { ...window, labels: { region: 'us', tier: 'web' } });
    expect(res.data).toEqual([{ labels: { region: 'us', tier: 'web' }, values: [{ timestamp: H, value: 8 }] }]);
  });

  it('combines a filter with group_by', async () => {
    const res = await query(app, { ...window, labels: { tier: 'web' }, group_by: 'region' });
    expect(res.data.map((s) => [s.labels, s.values[0]?.value])).toEqual([
      [{ region: 'eu' }, 19],
      [{ region: 'us' }, 8],
    ]);
  });

  it('matches nothing when a pair is absent, and then leaves latest_ts out', async () => {
    for (const labels of [{ region: 'asia' }, { region: 'eu', tier: 'db' }, { host: '' }]) {
      const res = await query(app, { ...window, labels });
      expect(res).toEqual({ data: [], meta: { series_count: 0, truncated: false } });
    }
  });

  it('an empty filter object matches every series', async () => {
    const res = await query(app, { ...window, labels: {} });
    expect(res.meta.series_count).toBe(4);
  });

  it('an unknown metric name returns no series', async () => {
    expect(await query(app, { ...window, name: 'nothing' })).toEqual({
      data: [],
      meta: { series_count: 0, truncated: false },
    });
  });
});

describe('unusual characters in names, keys and values', () => {
  const odd = {
    'quote"key': 'double "quoted" value',
    "it's": "single 'quoted'",
    'back\\slash': 'C:\\path\\',
    'a=b': 'x=y,z=w',
    ключ: 'значение 日本語 🚀',
    'tab\tkey': 'line\nbreak\r\ttab',
    '{}': '[]',
    empty: '',
  };
  const name = 'odd "metric" \\ \' = 🚀\t\n';

  beforeAll(async () => {
    await ingest(app, [
      { name, labels: odd, value: 5, timestamp: '2026-01-01T00:00:10Z' },
      { name, labels: { ...odd, ключ: 'другое' }, value: 7, timestamp: '2026-01-01T00:00:20Z' },
    ]);
  });

  it('stores and returns them exactly', async () => {
    const res = await query(app, { ...window, name, labels: { ключ: 'значение 日本語 🚀' } });
    expect(res.data).toEqual([{ labels: odd, values: [{ timestamp: H, value: 5 }] }]);
  });

  it('filters on every one of them', async () => {
    for (const [k, v] of Object.entries(odd)) {
      const res = await query(app, { ...window, name, labels: { [k]: v } });
      // Both series share every pair but ключ; "другое" sorts before "значение".
      expect(res.data.map((s) => s.values[0]?.value)).toEqual(k === 'ключ' ? [5] : [7, 5]);
    }
  });

  it('groups by a key with them', async () => {
    const res = await query(app, { ...window, name, group_by: 'tab\tkey' });
    expect(res.data).toEqual([{ labels: { 'tab\tkey': 'line\nbreak\r\ttab' }, values: [{ timestamp: H, value: 12 }] }]);
    const res2 = await query(app, { ...window, name, group_by: 'ключ' });
    expect(res2.data.map((s) => s.labels)).toEqual([{ ключ: 'другое' }, { ключ: 'значение 日本語 🚀' }]);
  });

  it('lists the name among the metric names', async () => {
    const res = await app.get('/api/public/metrics/names');
    expect(res.status).toBe(200);
    expect(safeParse(MetricNamesResponse, res.body).success).toBe(true);
    expect(res.body.data).toContain(name);
  });
});

describe('label keys named like built-in object members', () => {
  // Any string is a label key: `__proto__`, `constructor`, `toString`, `valueOf` and
  // `hasOwnProperty` are ordinary keys in filters, answers and group_by. (Built with JSON text:
  // an object literal would make `__proto__` a prototype, not a key.)
  const special = '{"__proto__":"x","constructor":"c","toString":"t"}';
  const name = 'proto_keys';
  const at = '2026-01-01T00:00:30Z';
  beforeAll(async () => {
    const body = `{"metrics":[{"name":"${name}","labels":${special},"value":1,"timestamp":"${at}"},{"name":"${name}","labels":{"k":"v"},"value":2,"timestamp":"${at}"}]}`;
    expect((await app.post('/v1/metrics/batch', body)).status).toBe(200);
  });
  const ask = async (params: Record<string, string>) => {
    const res = await app.request(queryPath({ ...window, name, ...params }));
    expect(res.status).toBe(200);
    return (await res.text()).replace(/,"meta".*$/, ''); // the data, as JSON text
  };
  const series = (labels: string, value: number) =>
    `{"labels":${labels},"values":[{"timestamp":"${H}","value":${value}}]}`;

  it('filters by them like by any key', async () => {
    expect(await ask({ labels: '{"__proto__":"nope"}' })).toBe('{"data":[]');
    expect(await ask({ labels: '{"constructor":"nope"}' })).toBe('{"data":[]');
    expect(await ask({ labels: '{"__proto__":"x"}' })).toBe(`{"data":[${series(special, 1)}]`);
    expect(await ask({ labels: '{"toString":"t","constructor":"c"}' })).toBe(`{"data":[${series(special, 1)}]`);
  });

  it('answers with them among the labels of a series', async () => {
    expect(await ask({})).toBe(`{"data":[${series(special, 1)},${series('{"k":"v"}', 2)}]`);
  });

  it('groups by them, series lacking the key forming the group ""', async () => {
    expect(await ask({ group_by: '__proto__' })).toBe(
      `{"data":[${series('{"__proto__":""}', 2)},${series('{"__proto__":"x"}', 1)}]`,
    );
    expect(await ask({ group_by: 'constructor' })).toBe(
      `{"data":[${series('{"constructor":""}', 2)},${series('{"constructor":"c"}', 1)}]`,
    );
    for (const key of ['valueOf', 'hasOwnProperty'])
      expect(await ask({ group_by: key })).toBe(`{"data":[${series(`{"${key}":""}`, 3)}]`);
  });

  it('holds without the series cache too (the lookup filters in SQL)', async () => {
    const q = {
      name,
      fromUs: isoToMicros(window.from)!,
      toUs: isoToMicros(window.to)!,
      labels: JSON.parse('{"__proto__":"x"}'),
      step: '1h' as const,
      agg: 'sum' as const,
    };
    expect(JSON.stringify((await runMetricsQuery(app.db, DEFAULT_PROJECT_ID, q)).data)).toBe(`[${series(special, 1)}]`);
    const none = { ...q, labels: JSON.parse('{"__proto__":"nope"}') };
    expect((await runMetricsQuery(app.db, DEFAULT_PROJECT_ID, none)).data).toEqual([]);
  });
});

describe('GET /api/public/metrics/names', () => {
  it('lists every stored name once, sorted', async () => {
    await ingest(app, [
      { name: 'zeta', value: 1, timestamp: '2026-01-01T00:00:00Z' },
      { name: 'alpha', labels: { a: '1' }, value: 1, timestamp: '2026-01-01T00:00:00Z' },
      { name: 'alpha', labels: { a: '2' }, value: 1, timestamp: '2026-01-01T00:00:00Z' },
      { name: 'Beta', value: 1, timestamp: '2026-01-01T00:00:00Z' },
    ]);
    const names: string[] = (await app.get('/api/public/metrics/names')).body.data;
    expect(names.filter((n) => ['zeta', 'alpha', 'Beta', 'req'].includes(n))).toEqual(['Beta', 'alpha', 'req', 'zeta']);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(names);
  });
});
