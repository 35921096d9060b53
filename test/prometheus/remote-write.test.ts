import { ProjectParams, queryRows, TABLES } from '@spanhouse/db';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { fromProject } from '@spanhouse/store';
import { compressSync } from 'snappy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { query } from '../support/metrics-api.ts';
import {
  REMOTE_WRITE_HEADERS,
  type RwSeries,
  remoteWriteBody,
  STALE_NAN,
  writeRequestBytes,
} from '../support/prometheus/remote-write-client.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('remote-write');
});
afterAll(() => app?.close());

const T0 = Date.parse('2026-02-01T00:00:00Z');

async function write(body: Uint8Array, headers: Record<string, string> = REMOTE_WRITE_HEADERS) {
  const res = await app.request('/prometheus/api/v1/write', { method: 'POST', body, headers });
  return { status: res.status, text: await res.text() };
}

async function rows(table: string, name: string) {
  const p = new ProjectParams(DEFAULT_PROJECT_ID);
  return queryRows(app.db, {
    sql: `SELECT toString(series_id) AS id, toUnixTimestamp64Milli(ts) AS ms, toString(value) AS value${table === TABLES.metricNonFinite ? ', stale' : ''}
          ${fromProject(table, p, { final: true })} AND name = ${p.add(name, 'String')} ORDER BY ms`,
    params: p.params,
    tag: 'test',
    map: (r) => ({ id: String(r.id), ms: Number(r.ms), value: String(r.value), stale: r.stale }),
  });
}

describe('POST /prometheus/api/v1/write', () => {
  it('stores samples in the metric tables with the batch API series id, and answers 204', async () => {
    const series: RwSeries[] = [
      {
        labels: { __name__: 'rw_cpu', host: 'a', empty: '' },
        samples: [
          [T0, 1.5],
          [T0 + 10_000, 2.25],
        ],
      },
      { labels: { __name__: 'rw.dotted', host: 'b' }, samples: [[T0, -3]] },
    ];
    const res = await write(remoteWriteBody(series));
    expect(res.status, res.text).toBe(204);
    expect(res.text).toBe('');
    // The same series through the batch API lands on the same id.
    const batch = await app.post('/v1/metrics/batch', {
      metrics: [{ name: 'rw_cpu', labels: { host: 'a' }, value: 3, timestamp: new Date(T0 + 20_000).toISOString() }],
    });
    expect(batch.status).toBe(200);
    const stored = await rows(TABLES.metricSamples, 'rw_cpu');
    expect(stored.map((r) => [r.ms - T0, Number(r.value)])).toEqual([
      [0, 1.5],
      [10_000, 2.25],
      [20_000, 3],
    ]);
    expect(new Set(stored.map((r) => r.id)).size).toBe(1);
    const p = new ProjectParams(DEFAULT_PROJECT_ID);
    const labels = await queryRows(app.db, {
      sql: `SELECT labels ${fromProject(TABLES.metricSeries, p, { final: true })} AND name = 'rw_cpu'`,
      params: p.params,
      tag: 'test',
      map: (r) => r.labels,
    });
    expect(labels).toEqual([{ host: 'a' }]); // the empty label is absent, as in Prometheus
    const dotted = await query(app, { name: 'rw.dotted', from: '2026-02-01T00:00:00Z', to: '2026-02-01T00:01:00Z' });
    expect(dotted.data).toEqual([
      { labels: { host: 'b' }, values: [{ timestamp: '2026-02-01T00:00:00.000+00:00', value: -3 }] },
    ]);
  });

  it('keeps staleness markers, NaN and infinities apart, so native queries stay finite', async () => {
    const series: RwSeries[] = [
      {
        labels: { __name__: 'rw_special', job: 'j' },
        samples: [
          [T0, 4],
          [T0 + 10_000, Number.NaN],
          [T0 + 20_000, Number.POSITIVE_INFINITY],
          [T0 + 30_000, Number.NEGATIVE_INFINITY],
          [T0 + 40_000, STALE_NAN],
          [T0 + 50_000, 6],
        ],
      },
    ];
    expect((await write(remoteWriteBody(series))).status).toBe(204);
    expect((await rows(TABLES.metricSamples, 'rw_special')).map((r) => r.value)).toEqual(['4', '6']);
    const special = await rows(TABLES.metricNonFinite, 'rw_special');
    expect(special.map((r) => [r.ms - T0, String(r.value), Number(r.stale)])).toEqual([
      [10_000, 'nan', 0],
      [20_000, 'inf', 0],
      [30_000, '-inf', 0],
      [40_000, 'nan', 1],
    ]);
    for (const agg of ['avg', 'sum', 'max', 'last', 'p99']) {
      const res = await query(app, {
        name: 'rw_special',
        from: '2026-02-01T00:00:00Z',
        to: '2026-02-01T00:01:00Z',
        step: '1m',
        agg,
      });
      expect(
        res.data[0]!.values.every((p) => Number.isFinite(p.value)),
        agg,
      ).toBe(true);
    }
  });

  it('answers once readable when asked (?wait=commit or Spanhouse-Wait: commit), refuses an unknown wait', async () => {
    // The test app sends Spanhouse-Wait: commit on every request; `durable` here is the default a
    // sender gets, overridden by the URL's wait=commit (docs/prometheus.md#remote-write).
    const body = remoteWriteBody([{ labels: { __name__: 'rw_waited' }, samples: [[T0, 7]] }]);
    const res = await app.request('/prometheus/api/v1/write?wait=commit', {
      method: 'POST',
      body,
      headers: { ...REMOTE_WRITE_HEADERS, 'Spanhouse-Wait': 'durable' },
    });
    expect(res.status).toBe(204);
    const read = await app.get(`/prometheus/api/v1/query?query=rw_waited&time=${T0 / 1000}`);
    expect(read.body.data.result).toEqual([{ metric: { __name__: 'rw_waited' }, value: [T0 / 1000, '7'] }]);
    const unknown = await write(body, { ...REMOTE_WRITE_HEADERS, 'Spanhouse-Wait': 'readable' });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain('must be \\"durable\\"');
  });

  it('refuses what it will never take with 400, and asks for credentials', async () => {
    const good = remoteWriteBody([{ labels: { __name__: 'rw_bad' }, samples: [[T0, 1]] }]);
    const garbage = await write(Buffer.from('this is not snappy at all'));
    expect(garbage.status).toBe(400);
    expect(JSON.parse(garbage.text)).toMatchObject({ code: 'BAD_REQUEST', data: null });
    const proto = writeRequestBytes([{ labels: { __name__: 'rw_bad', a: 'b' }, samples: [[T0, 1]] }]);
    const truncated = await write(compressSync(Buffer.from(proto.subarray(0, proto.length - 3))));
    expect(truncated.status).toBe(400);
    expect(JSON.parse(truncated.text).message).toMatch(/not a protobuf WriteRequest/);
    const nameless = await write(remoteWriteBody([{ labels: { job: 'x' }, samples: [[T0, 1]] }]));
    expect(nameless.status).toBe(400);
    expect(JSON.parse(nameless.text).message).toMatch(/timeseries\.0: no __name__/);
    const gzip = await write(good, { ...REMOTE_WRITE_HEADERS, 'Content-Encoding': 'gzip' });
    expect(gzip.status).toBe(400);
    const anonymous = await app.app.request('/prometheus/api/v1/write', {
      method: 'POST',
      body: good,
      headers: REMOTE_WRITE_HEADERS,
    });
    expect(anonymous.status).toBe(401);
    expect(await rows(TABLES.metricSamples, 'rw_bad')).toEqual([]);
  });

  it('refuses a request past the samples or series one request may store with 400, storing none of it', async () => {
    // The defaults: 200,000 samples and 50,000 series a request (docs/ingest.md#metric-limits).
    const samples = Array.from({ length: 200_001 }, (_, i): [number, number] => [T0 + i, i]);
    const tooLong = await write(remoteWriteBody([{ labels: { __name__: 'rw_long' }, samples }]));
    expect(tooLong.status).toBe(400);
    expect(JSON.parse(tooLong.text)).toEqual({
      code: 'BAD_REQUEST',
      data: null,
      message:
        'request holds 200001 samples, more than 200000 (METRICS_MAX_SAMPLES_PER_REQUEST); send smaller batches (max_samples_per_send)',
    });
    const series = Array.from({ length: 50_001 }, (_, i): RwSeries => ({
      labels: { __name__: 'rw_wide', id: String(i) },
      samples: [[T0, i]],
    }));
    const tooWide = await write(remoteWriteBody(series));
    expect(tooWide.status).toBe(400);
    expect(JSON.parse(tooWide.text).message).toMatch(
      /^request holds 50001 series, more than 50000 \(METRICS_MAX_SERIES_PER_REQUEST\)/,
    );
    expect(await rows(TABLES.metricSamples, 'rw_long')).toEqual([]);
    expect(await rows(TABLES.metricSamples, 'rw_wide')).toEqual([]);
  });
});
