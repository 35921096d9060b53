import { loadMigrations, TABLES } from '@spanhouse/db';
import { runMetricsQuery } from '@spanhouse/query-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.ts';
import { ingest, query } from './helpers.ts';
import { type OraclePoint, type OracleQuery, oracle } from './oracle.ts';

// The per-minute rows (clickhouse/0005_metric_minutes.sql) behind avg, sum, min, max and last.
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
      const got = await runMetricsQuery(app.db, q, { minSeriesMinutes: 0 });
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
const queryHttp = (q: OracleQuery) =>
  query(app, {
    name: q.name,
    from: new Date(q.fromUs / 1000).toISOString(),
    to: new Date(q.toUs / 1000).toISOString(),
    labels: q.labels,
    step: q.step,
    agg: q.agg,
    group_by: q.groupBy,
  });

const backfill = () => {
  const statements = loadMigrations().find((m) => m.name === '0005_metric_minutes')!.statements;
  return app.db.writer.command({ query: statements.find((s) => s.startsWith('INSERT'))! });
};

describe('metric_minutes', () => {
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
    // A week of 100 series is over the cap of 1,000,000 series x minutes (the merge's memory):
    // read from the samples, it is whole even without the per-minute rows.
    const week = { ...q, step: '1d' as const, toUs: START_US + 7 * 86_400e6 };
    const weekly = await queryHttp(week);
    expect(weekly).toEqual(oracle(ps, week));
    await backfill();
    expect(await ask()).toEqual(oracle(ps, q));
  });

  it('covers points stored before the view existed once migration 0005 backfills them, also if run twice', async () => {
    const ps = points('m_backfill');
    await store(ps);
    // As before the upgrade: the points are stored, no minute row holds them.
    await app.db.writer.command({ query: `TRUNCATE TABLE ${TABLES.metricMinutes}` });
    const q = queries('m_backfill')[0]!;
    // Without the backfill the whole minutes are missing from the answer (the test can fail).
    const missing = await runMetricsQuery(app.db, q, { minSeriesMinutes: 0 });
    expect(missing.data[0]!.values.length).toBeLessThan(oracle(ps, q).data[0]!.values.length);

    await backfill();
    await expectAnswers('m_backfill', ps);
    // A second run counts every point twice: those minutes are read raw and stay exact.
    await backfill();
    await expectAnswers('m_backfill', ps);
  });
});
