import { loadMigrations, TABLES } from '@spanhouse/db';
import { runMetricsQuery } from '@spanhouse/query-api';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ingest, queryOracle } from '../support/metrics-api.ts';
import { type OraclePoint, type OracleQuery, oracle } from '../support/metrics-oracle.ts';

// The per-minute rows (clickhouse/0005_metric_minutes.sql, 0006_metric_minute_rollups.sql) behind
// avg, sum, min, max and last.
// The property test checks answers against the oracle on random data; this file checks what only
// an upgrade sees: points stored before the view existed.

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('metrics_minutes');
});
afterAll(async () => app?.close());

const START_US = Date.UTC(2026, 0, 1) * 1000;
const AGGS = ['avg', 'sum', 'min', 'max', 'last'] as const;

/** 30 minutes of two series at 10 s, and a re-sent point with another value. */
function points(name: string): OraclePoint[] {
  const out: OraclePoint[] = [];
  for (const host of ['a', 'b'])
    for (let i = 0; i < 180; i++)
      out.push({
        name,
        labels: { host },
        us: START_US + i * 10e6,
        value: ((i * 37) % 101) + (host === 'a' ? 0.25 : 0),
      });
  out.push({ name, labels: { host: 'a' }, us: START_US + 600e6, value: 1000 });
  return out;
}

async function store(ps: OraclePoint[]) {
  await ingest(
    app,
    ps.map((p) => ({ name: p.name, labels: p.labels, value: p.value, timestamp: new Date(p.us / 1000).toISOString() })),
  );
}

/** Windows that start and end inside a minute, and one of whole minutes. */
function queries(name: string): OracleQuery[] {
  return AGGS.flatMap((agg): OracleQuery[] => [
    { name, labels: {}, step: '5m' as const, agg, fromUs: START_US + 25e6, toUs: START_US + 1_745e6 },
    { name, labels: { host: 'a' }, step: '1m' as const, agg, fromUs: START_US, toUs: START_US + 1_800e6 - 1 },
    { name, labels: {}, step: '1h' as const, agg, groupBy: 'host', fromUs: START_US - 1, toUs: START_US + 3_600e6 },
  ]);
}

function expectAnswers(name: string, ps: OraclePoint[]) {
  return Promise.all(
    queries(name).map(async (q) => {
      const got = await runMetricsQuery(app.db, DEFAULT_PROJECT_ID, q, { minSeriesMinutes: 0 });
      const want = oracle(ps, q);
      expect(got.meta, `${q.agg} ${q.step}`).toEqual(want.meta);
      expect(
        got.data.map((s) => s.values.map((v) => v.value!.toFixed(6))),
        `${q.agg} ${q.step}`,
      ).toEqual(want.data.map((s) => s.values.map((v) => v.value!.toFixed(6))));
    }),
  );
}

/** The oracle's query through GET /api/public/metrics/query. */
const queryHttp = (q: OracleQuery) => queryOracle(app, q);

/**
 * The per-minute rows of the points already stored, computed as the view that keeps them computes
 * them (its SELECT, from the latest migration that made it): what an upgrade does for points that predate
 * the per-minute rows (0005 and 0006 did it for the tables before projects, whose rows 0021 copied).
 * Run on rows that already have their minutes, it counts them twice: the reads must stay exact.
 */
const backfill = async () => {
  const view = loadMigrations()
    .flatMap((m) => m.statements)
    .filter((st) => st.includes(`MATERIALIZED VIEW IF NOT EXISTS ${TABLES.metricMinutes}_mv`))
    .at(-1)!;
  const select = view.slice(view.indexOf('SELECT'));
  await app.db.writer.command({ query: `INSERT INTO ${TABLES.metricMinutes} ${select}` });
};

describe('metric_minute_rollups', () => {
  it('keeps one row per series and minute as points arrive', async () => {
    const ps = points('m_rows');
    await store(ps);
    await expectAnswers('m_rows', ps);
    const rs = await app.db.writer.query({
      query: `SELECT count() AS n FROM ${TABLES.metricMinutes} FINAL WHERE name = 'm_rows'`,
      format: 'JSONEachRow',
    });
    expect((await rs.json<{ n: unknown }>()).map((r) => Number(r.n))).toEqual([60]);
  });

  it('answers wide reads (at least 5,000 series x minutes) from them through the API', async () => {
    // 100 series x 520 minutes, one point a minute: 52,000 series x minutes.
    const ps: OraclePoint[] = [];
    for (let h = 0; h < 100; h++)
      for (let m = 0; m < 520; m++)
        ps.push({
          name: 'm_wide',
          labels: { host: `h${h}`, dc: `d${h % 3}` },
          us: START_US + m * 60e6 + 5e6,
          value: (h * m) % 17,
        });
    for (let i = 0; i < ps.length; i += 10_000) await store(ps.slice(i, i + 10_000));
    const q: OracleQuery = {
      name: 'm_wide',
      labels: {},
      step: '1h',
      agg: 'sum',
      groupBy: 'dc',
      fromUs: START_US,
      toUs: START_US + 520 * 60e6,
    };
    const ask = () => queryHttp(q);
    expect(await ask()).toEqual(oracle(ps, q));
    // Proof that the answer came from the per-minute rows: without them it changes.
    await app.db.writer.command({ query: `TRUNCATE TABLE ${TABLES.metricMinutes}` });
    expect((await ask()).data).toEqual([]);
    // No cap on the size of a read: a week of all 100 series reads them too.
    const week = { ...q, step: '1d' as const, toUs: START_US + 7 * 86_400e6 };
    expect((await queryHttp(week)).data).toEqual([]);
    await backfill();
    expect(await queryHttp(week)).toEqual(oracle(ps, week));
    expect(await ask()).toEqual(oracle(ps, q));
  });

  it("leaves reads of few of a metric's series to the samples, which are sorted by series", async () => {
    // 150 series, a point an hour over 90 hours: 5,400 whole minutes per series.
    const ps: OraclePoint[] = [];
    for (let h = 0; h < 150; h++)
      for (let hour = 0; hour < 90; hour++)
        ps.push({
          name: 'm_many',
          labels: { host: `h${h}`, five: `f${h % 30}`, two: `t${h % 75}` },
          us: START_US + hour * 3_600e6 + 5e6,
          value: (h + hour) % 13,
        });
    await store(ps);
    // Reads of up to 100,000 series x minutes can read the samples without FINAL: the minutes
    // need 1 in 30 of the series. Larger reads would need FINAL: the minutes need 1 in 100.
    const small = { step: '1d' as const, agg: 'sum' as const, fromUs: START_US, toUs: START_US + 5_400 * 60e6 };
    const large = { ...small, toUs: START_US + 70 * 86_400e6 };
    const reads: [OracleQuery, 'samples' | 'minutes'][] = [
      [{ name: 'm_many', labels: { two: 't7' }, ...small }, 'samples'], // 1 in 75
      [{ name: 'm_many', labels: { five: 'f7' }, ...small }, 'minutes'], // 1 in 30
      [{ name: 'm_many', labels: { host: 'h7' }, ...large }, 'samples'], // 1 in 150
      [{ name: 'm_many', labels: { two: 't7' }, ...large }, 'minutes'], // 1 in 75
    ];
    for (const [q] of reads) expect(await queryHttp(q)).toEqual(oracle(ps, q));
    // Which rows each read: without the per-minute rows, the reads of the minutes come back empty.
    // Through HTTP the process knows the metric's series from its cache; without the cache
    // (split processes) the series lookup counts them in SQL.
    await app.db.writer.command({ query: `TRUNCATE TABLE ${TABLES.metricMinutes}` });
    for (const [q, source] of reads) {
      const want = source === 'samples' ? oracle(ps, q).data : [];
      expect((await queryHttp(q)).data, JSON.stringify(q.labels)).toEqual(want);
      expect((await runMetricsQuery(app.db, DEFAULT_PROJECT_ID, q)).data, JSON.stringify(q.labels)).toEqual(want);
    }
    await backfill();
    for (const [q] of reads) expect(await queryHttp(q)).toEqual(oracle(ps, q));
  });

  it('covers points stored before the per-minute rows existed once they are backfilled, also if run twice', async () => {
    const ps = points('m_backfill');
    await store(ps);
    // As before the upgrade: the points are stored, no minute row holds them.
    await app.db.writer.command({ query: `TRUNCATE TABLE ${TABLES.metricMinutes}` });
    const q = queries('m_backfill')[0]!;
    // Without the backfill the whole minutes are missing from the answer (the test can fail).
    const missing = await runMetricsQuery(app.db, DEFAULT_PROJECT_ID, q, { minSeriesMinutes: 0 });
    expect(missing.data[0]!.values.length).toBeLessThan(oracle(ps, q).data[0]!.values.length);

    await backfill();
    await expectAnswers('m_backfill', ps);
    // A second run counts every point twice: those minutes are read raw and stay exact.
    await backfill();
    await expectAnswers('m_backfill', ps);
  });
});
