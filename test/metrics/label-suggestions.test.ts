import { METRIC_LABEL_LIMITS, MetricLabelsResponse, safeParse } from '@spanhouse/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ingest, type Point } from '../support/metrics-api.ts';

let app: TestApp;
const at = '2026-01-01T00:00:30Z';
const point = (name: string, labels: Record<string, string>, value = 1, timestamp = at): Point => ({
  name,
  labels,
  value,
  timestamp,
});

beforeAll(async () => {
  app = await createTestApp('metrics_label_suggestions');
  await ingest(app, [
    point('req', { region: 'eu', host: 'a' }),
    point('req', { region: 'eu', host: 'b' }),
    point('req', { region: 'us', host: 'c', tier: 'db' }),
    point('req', {}),
    // The first series again, another time: still one series.
    point('req', { host: 'a', region: 'eu' }, 2, '2026-01-01T00:05:00Z'),
    point('other', { region: 'ap' }),
  ]);
  // One key with more values than are suggested, one metric with more keys than are listed.
  const many = METRIC_LABEL_LIMITS.valuesPerKey + 5;
  await ingest(
    app,
    Array.from({ length: many }, (_, i) =>
      point('wide', { id: `id-${String(i).padStart(3, '0')}`, kind: i < 3 ? 'x' : 'y' }),
    ),
  );
  await ingest(
    app,
    Array.from({ length: METRIC_LABEL_LIMITS.keys + 1 }, (_, i) =>
      point('keys', { [`k${String(i).padStart(3, '0')}`]: 'v', common: 'c' }),
    ),
  );
});
afterAll(async () => app?.close());

async function labels(query: string) {
  const res = await app.get(`/api/public/metrics/labels?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const parsed = safeParse(MetricLabelsResponse, res.body);
  expect(parsed.success, JSON.stringify(parsed.issues)).toBe(true);
  return res.body as MetricLabelsResponse;
}

describe('GET /api/public/metrics/labels', () => {
  it("lists the metric's keys in order with their values, most common first, counted in series", async () => {
    expect(await labels('name=req')).toEqual({
      data: [
        {
          key: 'host',
          seriesCount: 3,
          values: [
            { value: 'a', seriesCount: 1 },
            { value: 'b', seriesCount: 1 },
            { value: 'c', seriesCount: 1 },
          ],
          valuesTotal: 3,
          truncated: false,
        },
        {
          key: 'region',
          seriesCount: 3,
          values: [
            { value: 'eu', seriesCount: 2 },
            { value: 'us', seriesCount: 1 },
          ],
          valuesTotal: 2,
          truncated: false,
        },
        { key: 'tier', seriesCount: 1, values: [{ value: 'db', seriesCount: 1 }], valuesTotal: 1, truncated: false },
      ],
      // The unlabelled series counts among the metric's series but has no key.
      meta: { seriesCount: 4, keysTotal: 3, truncated: false },
    });
  });

  it('answers an unknown metric with no keys and no series', async () => {
    expect(await labels('name=nothing')).toEqual({
      data: [],
      meta: { seriesCount: 0, keysTotal: 0, truncated: false },
    });
  });

  it('keeps the most common values of a key and says how many there are', async () => {
    const body = await labels('name=wide');
    const id = body.data.find((k) => k.key === 'id')!;
    expect(id.values).toHaveLength(METRIC_LABEL_LIMITS.valuesPerKey);
    expect(id.valuesTotal).toBe(METRIC_LABEL_LIMITS.valuesPerKey + 5);
    expect(id.truncated).toBe(true);
    // All values are on one series each: ties go by value.
    expect(id.values[0]).toEqual({ value: 'id-000', seriesCount: 1 });
    expect(id.values.at(-1)!.value).toBe(`id-${String(METRIC_LABEL_LIMITS.valuesPerKey - 1).padStart(3, '0')}`);
    const kind = body.data.find((k) => k.key === 'kind')!;
    expect(kind.values).toEqual([
      { value: 'y', seriesCount: METRIC_LABEL_LIMITS.valuesPerKey + 2 },
      { value: 'x', seriesCount: 3 },
    ]);
    expect(kind.truncated).toBe(false);
    expect(body.meta).toEqual({ seriesCount: METRIC_LABEL_LIMITS.valuesPerKey + 5, keysTotal: 2, truncated: false });
  });

  it('keeps the keys on the most series when there are too many, and says so', async () => {
    const body = await labels('name=keys');
    expect(body.meta).toEqual({
      seriesCount: METRIC_LABEL_LIMITS.keys + 1,
      keysTotal: METRIC_LABEL_LIMITS.keys + 2,
      truncated: true,
    });
    expect(body.data).toHaveLength(METRIC_LABEL_LIMITS.keys);
    // `common` is on every series, so it stays; of the one-series keys the last by name is cut.
    expect(body.data.map((k) => k.key)).toContain('common');
    expect(body.data.map((k) => k.key)).not.toContain(`k${String(METRIC_LABEL_LIMITS.keys).padStart(3, '0')}`);
    expect(body.data.map((k) => k.key)).toEqual([...body.data.map((k) => k.key)].sort());
  });

  it.each([
    ['', /^name: is required/],
    ['name=', /^name: is required/],
    ['name=a&name=b', /^name: must be given once/],
    [`name=${'x'.repeat(257)}`, /name: must be at most 256 characters/],
  ])('refuses %s with a 400 naming the parameter', async (query, message) => {
    const res = await app.get(`/api/public/metrics/labels?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringMatching(message), code: 'BAD_REQUEST', data: null });
  });

  it('needs credentials', async () => {
    const res = await app.request('/api/public/metrics/labels?name=req', {
      headers: { Authorization: 'Bearer wrong' },
    });
    expect(res.status).toBe(401);
  });
});
