import { runMetricsQuery } from '@spanhouse/query-api';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { query, queryOracle } from '../support/metrics-api.ts';
import { type OraclePoint, type OracleQuery, oracle } from '../support/metrics-oracle.ts';

// A metric of a few thousand series with 64 labels of 1,000 characters each (the largest label
// sets a batch may carry): the answers stay right while a query holds the labels only of the series
// it returns (its memory is measured by `pnpm bench large-labels`, not here).

const SERIES = 2_000;
const NAME = 'wide_labels';
const T0 = Date.UTC(2026, 0, 1) * 1000;
const fill = (text: string) => text.padEnd(1000, '.');

/**
 * Series i: 64 labels: k00-k02 the same for every series (so orders decide past the first thousands
 * of characters), grp one of 10 groups, k03-k61 shared by a few series each, k62 the series' own.
 */
function labelsOf(i: number): Record<string, string> {
  const labels: Record<string, string> = { grp: `g${i % 10}` };
  for (let k = 0; k < 63; k++) {
    const key = `k${String(k).padStart(2, '0')}`;
    labels[key] = fill(k < 3 ? `same-${k}` : k < 62 ? `v${(i * 7 + k) % 13}` : `own-${(i * 7919) % SERIES}`);
  }
  return labels;
}

let app: TestApp;
const points: OraclePoint[] = [];
beforeAll(async () => {
  app = await createTestApp('metrics_large_labels');
  for (let i = 0; i < SERIES; i++) {
    const labels = labelsOf(i);
    // Every series at the same two instants: `last` is decided by the tie-break between series.
    points.push({ name: NAME, labels, us: T0, value: i }, { name: NAME, labels, us: T0 + 30e6, value: -i });
  }
  for (let i = 0; i < points.length; i += 150) {
    const body = {
      metrics: points.slice(i, i + 150).map((p) => ({
        name: p.name,
        labels: p.labels,
        value: p.value,
        timestamp: new Date(p.us / 1000).toISOString(),
      })),
    };
    const res = await app.post('/v1/metrics/batch', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}, 300_000);
afterAll(async () => app?.close());

const window = { name: NAME, fromUs: T0, toUs: T0 + 3_600e6, step: '1h' as const };
const cases: [string, OracleQuery][] = [
  ['every series (the first 50 by labels)', { ...window, labels: {}, agg: 'avg' }],
  ['one series by its own label', { ...window, labels: { k62: fill('own-7919') }, agg: 'max' }],
  ['a label filter matching many', { ...window, labels: { k05: fill('v0') }, agg: 'sum' }],
  ['grouped, with the tie-break of last', { ...window, labels: {}, agg: 'last', groupBy: 'grp' }],
  ['grouped by a long label', { ...window, labels: {}, agg: 'min', groupBy: 'k10' }],
];

describe('a metric with 64 labels of 1,000 characters per series', () => {
  it.each(cases)('answers exactly through HTTP: %s', async (_, q) => {
    expect(await queryOracle(app, q)).toEqual(oracle(points, q));
  });

  it('is too large for the series cache, which reads it from the series table instead', async () => {
    await query(app, { name: NAME, from: '2026-01-01T00:00:00Z', to: '2026-01-01T01:00:00Z' });
    expect(app.seriesCache?.heldBytes).toBe(0);
  });

  it('returns every label of the series it returns', async () => {
    const got = await runMetricsQuery(app.db, DEFAULT_PROJECT_ID, cases[0]![1]);
    expect(got.data).toHaveLength(50);
    expect(got.meta.truncated).toBe(true);
    for (const s of got.data) expect(Object.keys(s.labels)).toHaveLength(64);
  });
});
