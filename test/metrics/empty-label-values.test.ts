import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ingest, query } from '../support/metrics-api.ts';

/*
 * The one empty-label rule (apps/query-api/src/metric-series/labels.ts): the batch API keeps a
 * label whose value is "", the native metrics API reads it as a real value (docs/api.md), and
 * PromQL reads it as no label at all, as Prometheus does (docs/prometheus.md). Both through the
 * one metric-series reader.
 */

let app: TestApp;
const T = '2026-03-01T10:00:00.000Z';
beforeAll(async () => {
  app = await createTestApp('empty-label-values');
  await ingest(app, [
    { name: 'empty_label_m', labels: { host: '', region: 'eu' }, value: 1, timestamp: T },
    { name: 'empty_label_m', labels: { region: 'us' }, value: 2, timestamp: T },
  ]);
});
afterAll(() => app?.close());

const prom = async (path: string) => (await app.get(`/prometheus/api/v1/${path}`)).body.data;

describe('a label stored with an empty value', () => {
  it('is a real value to the native API: shown in answers, and {"k": ""} matches only series that have k', async () => {
    const all = await query(app, { name: 'empty_label_m', from: T, to: T, step: '1m', agg: 'sum' });
    expect(all.data.map((s) => s.labels)).toEqual([{ host: '', region: 'eu' }, { region: 'us' }]);
    const withHost = await query(app, { name: 'empty_label_m', from: T, to: T, labels: { host: '' }, agg: 'sum' });
    expect(withHost.data.map((s) => s.labels)).toEqual([{ host: '', region: 'eu' }]);
    const suggestions = await app.get('/api/public/metrics/labels?name=empty_label_m');
    expect(suggestions.body.data.find((k: { key: string }) => k.key === 'host').values).toEqual([
      { value: '', seriesCount: 1 },
    ]);
  });

  it('is no label to PromQL: {k=""} matches series without k, and label sets, names and values leave it out', async () => {
    const series = await prom(`series?match[]=${encodeURIComponent('empty_label_m{host=""}')}`);
    expect(series).toEqual([
      { __name__: 'empty_label_m', region: 'eu' },
      { __name__: 'empty_label_m', region: 'us' },
    ]);
    expect(await prom('labels')).toEqual(['__name__', 'region']);
    expect(await prom('label/host/values')).toEqual([]);
    const time = Date.parse(T) / 1000;
    const vector = await prom(`query?query=${encodeURIComponent('empty_label_m{host=""}')}&time=${time}`);
    expect(vector.result.map((r: { metric: Record<string, string> }) => r.metric)).toEqual([
      { __name__: 'empty_label_m', region: 'eu' },
      { __name__: 'empty_label_m', region: 'us' },
    ]);
  });
});
