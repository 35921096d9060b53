import { gzipSync } from 'node:zlib';
import { TABLES } from '@spanhouse/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ingest, out, type Point, pairs, query } from '../support/metrics-api.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('metrics_limits');
});
afterAll(async () => app?.close());

const T0 = Date.parse('2026-01-01T00:00:00Z');
const minute = (m: number) => new Date(T0 + m * 60_000).toISOString();
const pad = (i: number) => String(i).padStart(2, '0');

describe('the 50-series cut', () => {
  it('keeps the first 50 series by sorted labels and says truncated', async () => {
    const name = 'cut_series';
    // 51 series s00..s50; the newest point belongs to s50, which is cut: latest_ts still shows it.
    await ingest(
      app,
      Array.from({ length: 51 }, (_, i) => ({
        name,
        labels: { s: `s${pad(50 - i)}` },
        value: i,
        timestamp: minute(50 - i),
      })),
    );
    const res = await query(app, { name, from: minute(0), to: minute(60), step: '1h', agg: 'max' });
    expect(res.data.map((s) => s.labels.s)).toEqual(Array.from({ length: 50 }, (_, i) => `s${pad(i)}`));
    expect(res.meta).toEqual({ series_count: 50, truncated: true, latest_ts: out(minute(50)) });
    // Every read of the query went through the query port: its duration is on /metrics.
    const metrics = await (await app.request('/metrics')).text();
    for (const tag of ['metrics.series', 'metrics.presence', 'metrics.query.max'])
      expect(metrics).toMatch(
        new RegExp(
          `spanhouse_query_duration_seconds_count\\{query="${tag.replace(/\./g, '\\.')}",outcome="ok"\\} [1-9]`,
        ),
      );
  });

  it('counts only series with points in the window', async () => {
    const name = 'cut_window';
    // 52 series; a00 and a01 sort first but have points only outside the window.
    const points: Point[] = Array.from({ length: 50 }, (_, i) => ({
      name,
      labels: { s: `b${pad(i)}` },
      value: 1,
      timestamp: minute(10),
    }));
    points.push({ name, labels: { s: 'a00' }, value: 1, timestamp: minute(100) });
    points.push({ name, labels: { s: 'a01' }, value: 1, timestamp: minute(0) });
    await ingest(app, points);
    const res = await query(app, { name, from: minute(5), to: minute(60), step: '1h', agg: 'sum' });
    expect(res.data.map((s) => s.labels.s)).toEqual(Array.from({ length: 50 }, (_, i) => `b${pad(i)}`));
    expect(res.meta).toEqual({ series_count: 50, truncated: false, latest_ts: out(minute(10)) });
  });

  it('is not truncated when the series past the 50th have no points in the window', async () => {
    const name = 'cut_quiet_tail';
    // 50 series with points in the window, then z00 and z01 (sorted last) with points only before it.
    const points: Point[] = Array.from({ length: 50 }, (_, i) => ({
      name,
      labels: { s: `a${pad(i)}` },
      value: i,
      timestamp: minute(i),
    }));
    points.push({ name, labels: { s: 'z00' }, value: 1, timestamp: minute(-5) });
    points.push({ name, labels: { s: 'z01' }, value: 1, timestamp: minute(-1) });
    await ingest(app, points);
    const res = await query(app, { name, from: minute(0), to: minute(60), step: '1h', agg: 'max' });
    expect(res.data.map((s) => s.labels.s)).toEqual(Array.from({ length: 50 }, (_, i) => `a${pad(i)}`));
    expect(res.meta).toEqual({ series_count: 50, truncated: false, latest_ts: out(minute(49)) });
  });

  it('applies to groups of group_by, not to the series inside them', async () => {
    const name = 'cut_groups';
    await ingest(
      app,
      Array.from({ length: 120 }, (_, i) => ({
        name,
        labels: { g: `g${pad(i % 51)}`, s: String(i) },
        value: 1,
        timestamp: minute(1),
      })),
    );
    const res = await query(app, { name, from: minute(0), to: minute(60), step: '1h', agg: 'sum', group_by: 'g' });
    expect(res.data.map((s) => s.labels.g)).toEqual(Array.from({ length: 50 }, (_, i) => `g${pad(i)}`));
    // g00..g17 hold three series each (i, i + 51, i + 102), the rest two.
    expect(res.data.map((s) => s.values[0]?.value)).toEqual(Array.from({ length: 50 }, (_, i) => (i < 18 ? 3 : 2)));
    expect(res.meta.truncated).toBe(true);
  });
});

describe('the 1000-point cut', () => {
  it('keeps the most recent 1000 buckets and says truncated', async () => {
    const name = 'cut_points';
    await ingest(
      app,
      Array.from({ length: 1001 }, (_, m) => ({ name, value: m, timestamp: minute(m) })),
    );
    const res = await query(app, { name, from: minute(0), to: minute(2000), step: '1m', agg: 'last' });
    const got = pairs(res);
    expect(got).toHaveLength(1000);
    expect(got[0]).toEqual([out(minute(1)), 1]);
    expect(got[999]).toEqual([out(minute(1000)), 1000]);
    expect(res.meta).toEqual({ series_count: 1, truncated: true, latest_ts: out(minute(1000)) });
  });

  it('is not truncated at exactly 1000 buckets', async () => {
    const res = await query(app, { name: 'cut_points', from: minute(1), to: minute(1000), step: '1m', agg: 'last' });
    expect(pairs(res)).toHaveLength(1000);
    expect(res.meta.truncated).toBe(false);
  });

  it('counts buckets, not points', async () => {
    const res = await query(app, { name: 'cut_points', from: minute(0), to: minute(2000), step: '5m', agg: 'sum' });
    expect(pairs(res)).toHaveLength(201);
    expect(res.meta.truncated).toBe(false);
  });
});

describe('both cuts at once', () => {
  it('cuts series and points in one answer', async () => {
    const name = 'cut_both';
    const points: Point[] = Array.from({ length: 1001 }, (_, m) => ({
      name,
      labels: { s: 'a' },
      value: 1,
      timestamp: minute(m),
    }));
    for (let i = 0; i < 51; i++) points.push({ name, labels: { s: `b${pad(i)}` }, value: 2, timestamp: minute(0) });
    await ingest(app, points);
    const res = await query(app, { name, from: minute(0), to: minute(2000), step: '1m', agg: 'sum' });
    expect(res.data).toHaveLength(50);
    expect(res.data[0]?.labels).toEqual({ s: 'a' });
    expect(res.data[0]?.values).toHaveLength(1000);
    expect(res.data[49]?.labels).toEqual({ s: 'b48' });
    expect(res.meta).toEqual({ series_count: 50, truncated: true, latest_ts: out(minute(1000)) });
  });
});

describe('default window and latest_ts', () => {
  it('without from and to, reads the last hour ending now', async () => {
    const name = 'recent';
    const now = Date.now();
    await ingest(app, [
      { name, value: 1, timestamp: new Date(now - 30 * 60_000).toISOString() },
      { name, value: 2, timestamp: new Date(now - 2 * 3_600_000).toISOString() },
      { name, value: 4, timestamp: new Date(now + 10 * 60_000).toISOString() },
    ]);
    const res = await query(app, { name, step: '1d', agg: 'sum' });
    expect(res.data[0]?.values.map((v) => v.value)).toEqual([1]);
    expect(res.meta.latest_ts).toBe(out(now - 30 * 60_000));
  });

  it('with only to, reads the hour before it; with only from, up to now', async () => {
    const name = 'recent';
    const now = Date.now();
    const onlyTo = await query(app, { name, to: new Date(now - 90 * 60_000).toISOString(), step: '1d', agg: 'sum' });
    expect(onlyTo.data[0]?.values.map((v) => v.value)).toEqual([2]);
    const onlyFrom = await query(app, {
      name,
      from: new Date(now - 3 * 3_600_000).toISOString(),
      step: '1d',
      agg: 'sum',
    });
    expect(onlyFrom.data.flatMap((s) => s.values).reduce((a, v) => a + (v.value ?? 0), 0)).toBe(3);
  });

  it('latest_ts is the newest matching point in the window, to the millisecond', async () => {
    const name = 'latest';
    await ingest(app, [
      { name, labels: { k: 'a' }, value: 1, timestamp: '2026-01-01T00:00:10.123456Z' },
      { name, labels: { k: 'b' }, value: 1, timestamp: '2026-01-01T00:20:00Z' },
      { name, labels: { k: 'a' }, value: 1, timestamp: '2026-01-01T00:40:00Z' },
    ]);
    const w = { name, from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:30:00Z', step: '1h' };
    expect((await query(app, w)).meta.latest_ts).toBe('2026-01-01T00:20:00.000+00:00');
    expect((await query(app, { ...w, labels: { k: 'a' } })).meta.latest_ts).toBe('2026-01-01T00:00:10.123+00:00');
    const none = await query(app, { ...w, from: '2026-01-01T00:50:00Z', to: '2026-01-01T01:00:00Z' });
    expect(none).toEqual({ data: [], meta: { series_count: 0, truncated: false } });
  });
});

describe('duplicates', () => {
  const batch = (name: string, value = 5): Point[] => [
    { name, labels: { k: 'a' }, value, timestamp: '2026-01-01T00:00:10Z' },
    { name, labels: { k: 'a' }, value: 1, timestamp: '2026-01-01T00:00:20Z' },
  ];
  const w = { from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:01:00Z', step: '1m' };

  it('the same batch sent twice counts once', async () => {
    await ingest(app, batch('dup_twice'));
    await ingest(app, batch('dup_twice'));
    for (const [agg, value] of [
      ['sum', 6],
      ['avg', 3],
      ['p50', 3],
    ] as const) {
      expect(pairs(await query(app, { name: 'dup_twice', ...w, agg }))).toEqual([[out(w.from), value]]);
    }
  });

  it('the same point twice in one batch counts once', async () => {
    await ingest(app, [...batch('dup_inside'), ...batch('dup_inside')]);
    expect(pairs(await query(app, { name: 'dup_inside', ...w, agg: 'sum' }))).toEqual([[out(w.from), 6]]);
  });

  it('a point sent again with another value: the value stored last wins', async () => {
    await ingest(app, batch('dup_value', 5));
    await ingest(app, batch('dup_value', 50));
    expect(pairs(await query(app, { name: 'dup_value', ...w, agg: 'sum' }))).toEqual([[out(w.from), 51]]);
    // Inside one batch too: the later point of the batch wins.
    await ingest(app, [...batch('dup_value', 7), ...batch('dup_value', 70)]);
    expect(pairs(await query(app, { name: 'dup_value', ...w, agg: 'max' }))).toEqual([[out(w.from), 70]]);
  });

  it('a partition merged into one part is read as is, and a copy sent after the merge still wins', async () => {
    // Readers skip FINAL's merge for a partition that is one merged part (clickhouse/0003); that
    // must never hide a copy that arrives later in a new part of the same partition.
    await ingest(app, batch('dup_fold', 5));
    await ingest(app, batch('dup_fold', 50));
    await app.db.writer.command({ query: `OPTIMIZE TABLE ${TABLES.metricSamples} FINAL` });
    expect(pairs(await query(app, { name: 'dup_fold', ...w, agg: 'sum' }))).toEqual([[out(w.from), 51]]);
    await ingest(app, batch('dup_fold', 500));
    expect(pairs(await query(app, { name: 'dup_fold', ...w, agg: 'sum' }))).toEqual([[out(w.from), 501]]);
    expect(pairs(await query(app, { name: 'dup_fold', ...w, agg: 'max' }))).toEqual([[out(w.from), 500]]);
  });

  it('labels in another order are the same series, so also a duplicate', async () => {
    const name = 'dup_order';
    await ingest(app, [{ name, labels: { a: '1', b: '2' }, value: 3, timestamp: '2026-01-01T00:00:10Z' }]);
    await ingest(app, [{ name, labels: { b: '2', a: '1' }, value: 3, timestamp: '2026-01-01T00:00:10Z' }]);
    const res = await query(app, { name, ...w, agg: 'sum' });
    expect(res.data).toEqual([{ labels: { a: '1', b: '2' }, values: [{ timestamp: out(w.from), value: 3 }] }]);
  });
});

describe('the points and series of one request', () => {
  /** POSTs `points` gzipped (a batch past 200,000 points is larger than the body limit as plain JSON). */
  async function post(points: unknown[]) {
    const res = await app.request('/v1/metrics/batch', {
      method: 'POST',
      body: gzipSync(JSON.stringify({ metrics: points })),
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    });
    return { status: res.status, body: (await res.json()) as { code: string; message: string; data: null } };
  }
  const at = (i: number) => new Date(T0 + i * 1000).toISOString();

  // The defaults: 200,000 points and 50,000 series a request (docs/ingest.md#metric-limits).
  for (const [path, label] of [
    ['the scanner', (i: number) => ({ i: String(i) })],
    // An escape sends the body down the JSON.parse path.
    ['the JSON.parse path', (i: number) => ({ i: `\u0041${i}` })],
  ] as const) {
    it(`${path}: a batch of more points than one request may store is a 400, nothing stored`, async () => {
      const points = Array.from({ length: 200_001 }, (_, i) => ({
        name: 'too_many_points',
        labels: label(i % 10),
        value: i,
        timestamp: at(i),
      }));
      const res = await post(points);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: 'BAD_REQUEST',
        data: null,
        message:
          'metrics: more than 200000 points in one request (METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches',
      });
    });

    it(`${path}: a batch of more series than one request may write to is a 400, nothing stored`, async () => {
      const points = Array.from({ length: 50_001 }, (_, i) => ({
        name: 'too_many_series',
        labels: label(i),
        value: i,
        timestamp: at(0),
      }));
      const res = await post(points);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(
        'metrics: more than 50000 series in one request (METRICS_MAX_SERIES_PER_REQUEST); send smaller batches',
      );
      // The same series many times over is within the limit.
      const ok = await post(points.slice(0, 100).map((p, i) => ({ ...p, labels: label(i % 5) })));
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    });
  }

  /** POSTs `json` gzipped as it is: bodies no client would build from objects. */
  async function postText(json: string) {
    const res = await app.request('/v1/metrics/batch', {
      method: 'POST',
      body: gzipSync(json),
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
    });
    return { status: res.status, body: await res.json() };
  }
  const copies = (item: string, n: number) => `${`${item},`.repeat(n - 1)}${item}`;

  it('a body of more JSON values than points within the limits could take is a 400 before it is parsed', async () => {
    // 6,900,000 empty objects beside an empty batch: 13,800,003 values, past 69 per point of
    // 200,000 (the most a point with 64 labels takes). It was parsed whole and answered 200.
    expect(await postText(`{"metrics":[],"padding":[${copies('{}', 6_900_000)}]}`)).toEqual({
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        data: null,
        message:
          'metrics: request body holds more than 13800000 JSON values (69 per point of METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches',
      },
    });
  });

  it('the JSON.parse path: a batch of more empty points than the limit is refused for its points, before any is checked', async () => {
    expect(await postText(`{"metrics":[${copies('{}', 200_001)}]}`)).toEqual({
      status: 400,
      body: {
        code: 'BAD_REQUEST',
        data: null,
        message:
          'metrics: more than 200000 points in one request (METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches',
      },
    });
  });

  it('nothing of a refused batch is stored', async () => {
    const window = { from: new Date(T0).toISOString(), to: at(200_001), step: '1d', agg: 'max' } as const;
    expect((await query(app, { name: 'too_many_points', ...window })).data).toEqual([]);
    // Only the 5 series of each path's batch within the limits ("0".."4" and "A0".."A4").
    expect((await query(app, { name: 'too_many_series', ...window })).data).toHaveLength(10);
  });
});
