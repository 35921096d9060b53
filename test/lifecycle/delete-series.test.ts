import { runMetricsQuery } from '@spanhouse/query-api';
import { DEFAULT_PROJECT_ID } from '@spanhouse/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, createTestApp, type TestApp } from '../support/app.ts';
import { eventually } from '../support/eventually.ts';
import { REMOTE_WRITE_HEADERS, remoteWriteBody } from '../support/prometheus/remote-write-client.ts';

/*
 * Prometheus' POST /api/v1/admin/tsdb/delete_series (docs/data-lifecycle.md): the matching series'
 * points leave every read (PromQL, the native metrics query) at the 204; points written after are
 * read again, those with a time inside the deleted range too (as Prometheus shows them); a project
 * deletes its own series only; a request without match[] is Prometheus' bad_data.
 */

let t: TestApp;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();

async function point(host: string, at: number, headers: Record<string, string> = {}) {
  const r = await t.post(
    '/v1/metrics/batch',
    { metrics: [{ name: 'cpu_usage', labels: { host }, value: 1, timestamp: iso(at) }] },
    headers,
  );
  expect(r.status).toBe(200);
}

/** Points per host in the last hour, by PromQL and by the native query. */
async function counts(headers: Record<string, string> = {}) {
  const promql = await t.get(
    `/prometheus/api/v1/query?query=${encodeURIComponent('count_over_time(cpu_usage[1h])')}&time=${(now + 60_000) / 1000}`,
    headers,
  );
  const native = await t.get(
    `/api/public/metrics/query?name=cpu_usage&from=${iso(now - 3_600_000)}&to=${iso(now + 60_000)}&step=1h&agg=sum&group_by=host`,
    headers,
  );
  return {
    promql: Object.fromEntries(
      (promql.body.data.result as { metric: { host: string }; value: [number, string] }[]).map((r) => [
        r.metric.host,
        Number(r.value[1]),
      ]),
    ),
    native: (native.body.data as { labels: { host: string } }[]).map((s) => s.labels.host).sort(),
  };
}

const deleteSeries = (query: string, headers: Record<string, string> = {}) =>
  t.request(`/prometheus/api/v1/admin/tsdb/delete_series?${query}`, { method: 'POST', headers });

/** While set, the ingest log's inserts wait (rows acknowledged as durable, not yet in ClickHouse). */
let held: Promise<void> | undefined;
let release: () => void = () => {};
const hold = () => {
  held = new Promise<void>((resolve) => {
    release = () => {
      held = undefined;
      resolve();
    };
  });
};

beforeAll(async () => {
  t = await createTestApp(
    'lifecycle-delete-series',
    {},
    {
      writer: (clickhouse) => ({
        async insert(batch) {
          await held;
          await clickhouse.insert(batch);
        },
      }),
    },
  );
  await point('a', now - 600_000);
  await point('a', now - 300_000);
  await point('b', now - 600_000);
});

afterAll(async () => {
  release();
  await t?.close();
});

describe('delete_series', () => {
  it('removes the matching series from PromQL and the native query at the answer, and keeps later points', async () => {
    expect(await counts()).toEqual({ promql: { a: 2, b: 1 }, native: ['a', 'b'] });
    const r = await deleteSeries(`match[]=${encodeURIComponent('cpu_usage{host="a"}')}`);
    expect(r.status).toBe(204);
    expect(await counts()).toEqual({ promql: { b: 1 }, native: ['b'] });

    await point('a', Date.now() + 1000);
    expect((await counts()).promql).toEqual({ a: 1, b: 1 });
  });

  it("deletes a project's own series only", async () => {
    const project = (await t.post('/api/public/projects', { name: 'metrics team' })).body.id as string;
    const key = (await t.post(`/api/public/projects/${project}/apiKeys`, {})).body;
    const other = basic(key.publicKey, key.secretKey);
    await point('c', now - 600_000, other);
    expect((await deleteSeries(`match[]=cpu_usage`, other)).status).toBe(204);
    expect((await counts(other)).promql).toEqual({});
    expect((await counts()).promql).toMatchObject({ b: 1 });
  });

  it('deletes with the admin token in the project Spanhouse-Project names, and only there', async () => {
    const project = (await t.post('/api/public/projects', { name: 'admin chosen' })).body.id as string;
    const inProject = { 'Spanhouse-Project': project };
    await point('d', now - 600_000, inProject);
    await point('d', now - 600_000);
    expect((await deleteSeries(`match[]=${encodeURIComponent('cpu_usage{host="d"}')}`, inProject)).status).toBe(204);
    expect((await counts(inProject)).promql).toEqual({});
    expect((await counts()).promql).toMatchObject({ d: 1 });
    const unknown = await deleteSeries('match[]=cpu_usage', { 'Spanhouse-Project': 'no-such-project' });
    expect(unknown.status).toBe(404);
    expect((await counts()).promql).toMatchObject({ b: 1, d: 1 });
  });

  it('leaves a series whose every point is deleted out of the metric names and the label suggestions', async () => {
    const post = async (name: string, labels: Record<string, string>, at: number) =>
      expect(
        (await t.post('/v1/metrics/batch', { metrics: [{ name, labels, value: 1, timestamp: iso(at) }] })).status,
      ).toBe(200);
    await post('signups_total', { email: 'alice@example.com' }, now - 600_000);
    await post('signups_total', { email: 'bob@example.com' }, now - 600_000);
    await post('leaked_total', { token: 'sk-live-123' }, now - 600_000);
    const names = async () => (await t.get('/api/public/metrics/names')).body.data as string[];
    const emails = async () => {
      const r = await t.get('/api/public/metrics/labels?name=signups_total');
      const values = r.body.data.flatMap((k: { values: { value: string }[] }) => k.values.map((v) => v.value));
      return { values, series: r.body.meta.seriesCount };
    };
    expect(await names()).toEqual(expect.arrayContaining(['signups_total', 'leaked_total']));
    expect(await emails()).toEqual({ values: ['alice@example.com', 'bob@example.com'], series: 2 });

    const q = new URLSearchParams();
    q.append('match[]', 'signups_total{email="alice@example.com"}');
    q.append('match[]', 'leaked_total');
    expect((await deleteSeries(q.toString())).status).toBe(204);
    expect(await names()).not.toContain('leaked_total');
    expect(await names()).toContain('signups_total');
    expect(await emails()).toEqual({ values: ['bob@example.com'], series: 1 });
    expect((await t.get('/api/public/metrics/labels?name=leaked_total')).body.data).toEqual([]);

    // A point written after the deletion brings the series back, as it does in PromQL.
    await post('leaked_total', { token: 'sk-live-123' }, Date.now() + 1000);
    expect(await names()).toContain('leaked_total');
  });

  it('leaves a series whose every point is deleted out of every PromQL answer, whatever the expression', async () => {
    const post = async (region: string, at: number) =>
      expect(
        (
          await t.post('/v1/metrics/batch', {
            metrics: [{ name: 'queue_depth', labels: { region }, value: 5, timestamp: iso(at) }],
          })
        ).status,
      ).toBe(200);
    await post('eu', now - 60_000);
    await post('us', now - 60_000);
    const q = new URLSearchParams();
    q.append('match[]', 'queue_depth{region="eu"}');
    expect((await deleteSeries(q.toString())).status).toBe(204);
    const at = (now + 60_000) / 1000;
    const result = async (query: string) => {
      const r = await t.get(`/prometheus/api/v1/query?query=${encodeURIComponent(query)}&time=${at}`);
      expect(r.status, query).toBe(200);
      return r.body.data.result as { metric: Record<string, string>; value: [number, string] }[];
    };
    const regions = async (query: string) => (await result(query)).map((r) => r.metric.region).sort();
    expect(await regions('queue_depth')).toEqual(['us']);
    expect(await regions('last_over_time(queue_depth[1h])')).toEqual(['us']);
    expect(await regions('group by (region) (queue_depth)')).toEqual(['us']);
    expect(await regions('count by (region) (count_over_time(queue_depth[1h]))')).toEqual(['us']);
    expect((await result('count(queue_depth)'))[0]?.value[1]).toBe('1');
    expect((await result('absent(queue_depth{region="eu"})'))[0]?.value[1]).toBe('1');
    const range = await t.get(
      `/prometheus/api/v1/query_range?query=${encodeURIComponent('sum by (region) (queue_depth)')}&start=${(now - 900_000) / 1000}&end=${at}&step=60`,
    );
    expect((range.body.data.result as { metric: Record<string, string> }[]).map((r) => r.metric.region)).toEqual([
      'us',
    ]);
  });

  it('keeps the points between two deletions of separate ranges of one series', async () => {
    const minutesAgo = [50, 40, 30, 20, 10];
    for (const m of minutesAgo) {
      const r = await t.post('/v1/metrics/batch', {
        metrics: [{ name: 'disk_io', labels: { disk: 'sda' }, value: m, timestamp: iso(now - m * 60_000) }],
      });
      expect(r.status).toBe(200);
    }
    const seconds = (m: number) => (now - m * 60_000) / 1000;
    const remove = async (from: number, to: number) =>
      (await deleteSeries(`match[]=disk_io&start=${seconds(from)}&end=${seconds(to)}`)).status;
    expect(await remove(55, 45)).toBe(204);
    expect(await remove(25, 15)).toBe(204);
    // The raw points of the last hour, as an instant query of a range vector answers them.
    const r = await t.get(
      `/prometheus/api/v1/query?query=${encodeURIComponent('disk_io[1h]')}&time=${(now + 60_000) / 1000}`,
    );
    expect(r.status).toBe(200);
    const [series] = r.body.data.result as { values: [number, string][] }[];
    expect(series?.values.map(([, v]) => Number(v))).toEqual([40, 30, 10]);
  });

  it('shows the points written after a deletion inside its range, and keeps the deleted ones hidden', async () => {
    const at = (minutesAgo: number) => now - minutesAgo * 60_000;
    const write = async (samples: [number, number][]) => {
      const r = await t.request('/prometheus/api/v1/write', {
        method: 'POST',
        headers: REMOTE_WRITE_HEADERS,
        body: remoteWriteBody([{ labels: { __name__: 'fan_speed', fan: '1' }, samples }]),
      });
      expect(r.status).toBe(204);
    };
    // Points of the last hour, as the raw points of PromQL, the native query per minute, and the
    // native query read from the per-minute rows wherever they apply.
    const read = async () => {
      const raw = await t.get(
        `/prometheus/api/v1/query?query=${encodeURIComponent('fan_speed[1h]')}&time=${(now + 60_000) / 1000}`,
      );
      const native = await t.get(
        `/api/public/metrics/query?name=fan_speed&from=${iso(now - 3_600_000)}&to=${iso(now + 60_000)}&step=1m&agg=sum`,
      );
      const window = { name: 'fan_speed', labels: {}, fromUs: (now - 3_600_000) * 1000, toUs: (now + 60_000) * 1000 };
      const minutes = await runMetricsQuery(
        t.db,
        DEFAULT_PROJECT_ID,
        { ...window, step: '1m', agg: 'sum' },
        { minSeriesMinutes: 0 },
      );
      const hour = await runMetricsQuery(
        t.db,
        DEFAULT_PROJECT_ID,
        { ...window, step: '1h', agg: 'sum' },
        { minSeriesMinutes: 0 },
      );
      const values = (series: { values: { value: number | null }[] }[] | undefined) =>
        series?.[0]?.values.map((v) => Number(v.value));
      return {
        promql: (raw.body.data.result as { values: [number, string][] }[])[0]?.values.map(([, v]) => Number(v)),
        native: values(native.body.data),
        minuteRows: values(minutes.data),
        hourSum: values(hour.data)?.reduce((a, b) => a + b, 0),
      };
    };
    await write([30, 25, 20, 15, 10].map((m) => [at(m), m]));
    const seconds = (m: number) => at(m) / 1000;
    expect((await deleteSeries(`match[]=fan_speed&start=${seconds(28)}&end=${seconds(12)}`)).status).toBe(204);
    expect(await read()).toEqual({ promql: [30, 10], native: [30, 10], minuteRows: [30, 10], hourSum: 40 });

    // Written after the deletion: a point between deleted ones, and one in the minute of a deleted
    // point, whose per-minute row holds both once merged.
    const besideDeleted = at(15) % 60_000 < 30_000 ? at(15) + 20_000 : at(15) - 20_000;
    await write([
      [at(22), 222],
      [besideDeleted, 150],
    ]);
    await t.db.writer.command({ query: 'OPTIMIZE TABLE metric_minute_rollups_v2 FINAL' });
    expect(await read()).toEqual({
      promql: [30, 222, 150, 10],
      native: [30, 222, 150, 10],
      minuteRows: [30, 222, 150, 10],
      hourSum: 412,
    });
    // And one at a deleted point's time.
    await write([[at(20), 200]]);
    expect(await read()).toEqual({
      promql: [30, 222, 200, 150, 10],
      native: [30, 222, 200, 150, 10],
      minuteRows: [30, 222, 200, 150, 10],
      hourSum: 612,
    });
    // Through the batch endpoint too, on its JSON.parse path (a key the byte scanner does not take).
    const batch = await t.post('/v1/metrics/batch', {
      metrics: [{ name: 'fan_speed', labels: { fan: '1' }, value: 180, timestamp: iso(at(18)), unit: 'rpm' }],
    });
    expect(batch.status).toBe(200);
    expect((await read()).promql).toEqual([30, 222, 200, 180, 150, 10]);
  });

  it('deletes, without an end, the points written before with a time ahead of now, as Prometheus does', async () => {
    const post = async (at: number) =>
      expect(
        (
          await t.post('/v1/metrics/batch', {
            metrics: [{ name: 'forecast_load', labels: { site: 'x' }, value: 1, timestamp: iso(at) }],
          })
        ).status,
      ).toBe(200);
    const values = async () => {
      const r = await t.get(
        `/prometheus/api/v1/query?query=${encodeURIComponent('forecast_load[1h]')}&time=${(now + 600_000) / 1000}`,
      );
      return (r.body.data.result as { values: [number, string][] }[]).map((s) => s.values.map(([ts]) => ts * 1000));
    };
    await post(now - 60_000);
    await post(now + 300_000);
    expect(await values()).toEqual([[now - 60_000, now + 300_000]]);
    expect((await deleteSeries('match[]=forecast_load')).status).toBe(204);
    expect(await values()).toEqual([]);
    await post(now + 240_000);
    expect(await values()).toEqual([[now + 240_000]]);
  });

  it('covers a point of a stored series acknowledged before the deletion and not yet stored when it came', async () => {
    const post = async (at: number, headers: Record<string, string> = {}) =>
      expect(
        (
          await t.post(
            '/v1/metrics/batch',
            { metrics: [{ name: 'fridge_temp', labels: { room: 'lab' }, value: 4, timestamp: iso(at) }] },
            headers,
          )
        ).status,
      ).toBe(200);
    await post(now - 10 * 60_000);
    hold();
    await post(now - 5 * 60_000, { 'Spanhouse-Wait': 'durable' });
    const deletion = deleteSeries('match[]=fridge_temp');
    setTimeout(release, 300);
    expect((await deletion).status).toBe(204);
    await post(Date.now() + 1000);
    const r = await t.get(
      `/prometheus/api/v1/query?query=${encodeURIComponent('count_over_time(fridge_temp[1h])')}&time=${(Date.now() + 2000) / 1000}`,
    );
    expect(r.body.data.result.map((s: { value: [number, string] }) => s.value[1])).toEqual(['1']);
  });

  it('deletes a series whose only points were still in the ingest log when the deletion came', async () => {
    const post = async (at: number, headers: Record<string, string> = {}) =>
      expect(
        (
          await t.post(
            '/v1/metrics/batch',
            { metrics: [{ name: 'door_open', labels: { door: 'front' }, value: 1, timestamp: iso(at) }] },
            headers,
          )
        ).status,
      ).toBe(200);
    hold();
    await post(now - 5 * 60_000, { 'Spanhouse-Wait': 'durable' });
    const deletion = deleteSeries('match[]=door_open');
    setTimeout(release, 300);
    expect((await deletion).status).toBe(204);
    await post(Date.now() + 1000);
    const r = await t.get(
      `/prometheus/api/v1/query?query=${encodeURIComponent('count_over_time(door_open[1h])')}&time=${(Date.now() + 2000) / 1000}`,
    );
    expect(r.body.data.result.map((s: { value: [number, string] }) => s.value[1])).toEqual(['1']);
  });

  it("answers Prometheus' unavailable and deletes nothing while the points acknowledged before cannot be stored", async () => {
    const post = async (at: number, headers: Record<string, string> = {}) =>
      expect(
        (
          await t.post(
            '/v1/metrics/batch',
            { metrics: [{ name: 'window_open', labels: { room: 'hall' }, value: 1, timestamp: iso(at) }] },
            headers,
          )
        ).status,
      ).toBe(200);
    hold();
    await post(now - 5 * 60_000, { 'Spanhouse-Wait': 'durable' });
    // The inserts stay held past INGEST_COMMIT_TIMEOUT_MS (15 s by default).
    const r = await deleteSeries('match[]=window_open');
    expect(r.status).toBe(503);
    expect(await r.json()).toMatchObject({ status: 'error', errorType: 'unavailable' });
    release();
    // Ingest answers 429 until the backlog the held inserts left is stored.
    await eventually(() => post(Date.now() + 1000));
    const count = await t.get(
      `/prometheus/api/v1/query?query=${encodeURIComponent('count_over_time(window_open[1h])')}&time=${(Date.now() + 2000) / 1000}`,
    );
    expect(count.body.data.result.map((s: { value: [number, string] }) => s.value[1])).toEqual(['2']);
  });

  it("answers a request without match[] or with a bad selector with Prometheus' bad_data", async () => {
    for (const query of ['', `match[]=${encodeURIComponent('sum(cpu_usage)')}`]) {
      const r = await deleteSeries(query);
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ status: 'error', errorType: 'bad_data' });
    }
  });

  it('refuses a request without credentials', async () => {
    const r = await t.app.request('/prometheus/api/v1/admin/tsdb/delete_series?match[]=cpu_usage', { method: 'POST' });
    expect(r.status).toBe(401);
  });
});
