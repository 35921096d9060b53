import { ErrorBody, safeParse } from '@spanhouse/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { type Point, query, queryPath } from '../support/metrics-api.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('metrics_errors', { BODY_LIMIT_BYTES: '20000' });
});
afterAll(async () => app?.close());

const good = (i = 0): Point => ({ name: 'err', labels: { k: 'v' }, value: i, timestamp: '2026-01-01T00:00:00Z' });
const window = { from: '2026-01-01T00:00:00Z', to: '2026-01-01T01:00:00Z' };

async function refused(body: unknown): Promise<string> {
  const res = await app.post('/v1/metrics/batch', body);
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(safeParse(ErrorBody, res.body).success).toBe(true);
  expect(res.body.code).toBe('BAD_REQUEST');
  return res.body.message;
}

describe('POST /v1/metrics/batch refuses bad points, naming the point and the field', () => {
  const cases: [string, unknown, RegExp][] = [
    ['name missing', { labels: {}, value: 1, timestamp: '2026-01-01T00:00:00Z' }, /^metrics\.3\.name: /],
    ['name empty', { ...good(), name: '' }, /^metrics\.3\.name: must be a string of 1 to 256/],
    ['name too long', { ...good(), name: 'x'.repeat(257) }, /^metrics\.3\.name: /],
    ['name not a string', { ...good(), name: 7 }, /^metrics\.3\.name: /],
    ['value a string', { ...good(), value: '1' }, /^metrics\.3\.value: must be a finite number/],
    ['value missing', { ...good(), value: undefined }, /^metrics\.3\.value: /],
    ['value null', { ...good(), value: null }, /^metrics\.3\.value: /],
    ['timestamp missing', { ...good(), timestamp: undefined }, /^metrics\.3\.timestamp: /],
    [
      'timestamp without zone',
      { ...good(), timestamp: '2026-01-01T00:00:00' },
      /^metrics\.3\.timestamp: must be an ISO 8601 date-time with a time zone \(Z or an offset\)$/,
    ],
    [
      'timestamp not a date',
      { ...good(), timestamp: '2026-02-30T00:00:00Z' },
      /^metrics\.3\.timestamp: must be an ISO 8601 date-time with a time zone \(Z or an offset\)$/,
    ],
    ['timestamp a number', { ...good(), timestamp: 1767225600 }, /^metrics\.3\.timestamp: /],
    [
      'timestamp before 1970',
      { ...good(), timestamp: '1969-12-31T23:59:59Z' },
      /^metrics\.3\.timestamp: must be between 1970/,
    ],
    [
      'timestamp after 2199',
      { ...good(), timestamp: '2200-01-01T00:00:00Z' },
      /^metrics\.3\.timestamp: must be between/,
    ],
    [
      'timestamp far ahead',
      { ...good(), timestamp: '9999-12-31T23:59:59Z' },
      /^metrics\.3\.timestamp: must be between/,
    ],
    ['labels an array', { ...good(), labels: ['a'] }, /^metrics\.3\.labels: must be an object of string values/],
    ['labels null', { ...good(), labels: null }, /^metrics\.3\.labels: /],
    ['label value a number', { ...good(), labels: { k: 1 } }, /^metrics\.3\.labels\.k: label values must be strings/],
    ['label key empty', { ...good(), labels: { '': 'v' } }, /^metrics\.3\.labels(\.)?: label keys must be 1 to 128/],
    ['label key too long', { ...good(), labels: { ['k'.repeat(129)]: 'v' } }, /^metrics\.3\.labels\.k+: label keys/],
    [
      'label value too long',
      { ...good(), labels: { k: 'v'.repeat(1025) } },
      /^metrics\.3\.labels\.k: label values must be at most 1024/,
    ],
    [
      'too many labels',
      { ...good(), labels: Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`k${i}`, 'v'])) },
      /^metrics\.3\.labels: at most 64 labels/,
    ],
    ['point not an object', 'point', /^metrics\.3: /],
  ];
  for (const [what, bad, message] of cases) {
    it(`${what}: 400 and nothing of the batch stored`, async () => {
      const name = `bad_${what.replace(/\W/g, '_')}`;
      const metrics = [0, 1, 2].map((i) => ({ ...good(i), name })).concat([bad as Point]);
      expect(await refused({ metrics })).toMatch(message);
      expect((await query(app, { name, ...window })).data).toEqual([]);
      expect((await app.get('/api/public/metrics/names')).body.data).not.toContain(name);
    });
  }

  it('a value too large for a double (1e999 in JSON) is refused', async () => {
    const res = await app.post(
      '/v1/metrics/batch',
      '{"metrics":[{"name":"big","value":1e999,"timestamp":"2026-01-01T00:00:00Z"}]}',
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^metrics\.0\.value: must be a finite number/);
  });

  it('names several bad points at once', async () => {
    const message = await refused({ metrics: [{ ...good(), value: 'x' }, good(), { ...good(), name: '' }] });
    expect(message).toContain('metrics.0.value');
    expect(message).toContain('metrics.2.name');
  });

  it('refuses bodies that are not a batch', async () => {
    for (const [body, field] of [
      ['not json', /not valid JSON/],
      ['[]', /Invalid type|metrics/],
      ['{}', /^metrics: /],
      ['{"metrics":{}}', /^metrics: must be an array of points/],
      ['{"metrics":"x"}', /^metrics: /],
      ['null', /./],
      ['', /empty/],
    ] as const) {
      const res = await app.post('/v1/metrics/batch', body);
      expect(res.status, body).toBe(400);
      expect(res.body.message).toMatch(field);
    }
  });

  it('refuses deep nesting where a label value belongs, and ignores it in unknown fields', async () => {
    const deep = `${'['.repeat(9_000)}${']'.repeat(9_000)}`; // under this app's 20 kB body limit
    const point = (labels: string) => `{"name":"deep","labels":${labels},"value":1,"timestamp":"2026-01-01T00:00:00Z"}`;
    const bad = await app.post('/v1/metrics/batch', `{"metrics":[${point(`{"k":${deep}}`)}]}`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^metrics\.0\.labels\.k: label values must be strings/);
    const ok = await app.post('/v1/metrics/batch', `{"metrics":[${point('{}')}],"extra":${deep}}`);
    expect(ok.status).toBe(200);
  });

  it('accepts an empty batch, points without labels, and unknown fields', async () => {
    expect((await app.post('/v1/metrics/batch', { metrics: [] })).body).toEqual({
      message: 'stored 0 metric points',
      count: 0,
    });
    const res = await app.post('/v1/metrics/batch', {
      metrics: [{ name: 'nolabels', value: -0.5, timestamp: '2026-01-01T00:00:05.5+00:00', unit: 'ms' }],
      extra: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'stored 1 metric point', count: 1 });
    expect((await query(app, { name: 'nolabels', ...window })).data).toEqual([
      { labels: {}, values: [{ timestamp: '2026-01-01T00:00:00.000+00:00', value: -0.5 }] },
    ]);
  });

  it('answers 413 past the body limit and 401 without credentials', async () => {
    const big = { metrics: Array.from({ length: 400 }, (_, i) => good(i)) };
    const res = await app.post('/v1/metrics/batch', big);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    const anon = await app.app.request('/v1/metrics/batch', {
      method: 'POST',
      body: JSON.stringify({ metrics: [good()] }),
    });
    expect(anon.status).toBe(401);
    const anonQuery = await app.app.request(queryPath({ name: 'err' }));
    expect(anonQuery.status).toBe(401);
  });
});

describe('GET /api/public/metrics/query refuses bad parameters with 400 naming them', () => {
  const cases: [string, string, RegExp][] = [
    ['missing name', '', /^name: is required/],
    ['empty name', 'name=', /^name: must not be empty/],
    ['repeated name', 'name=a&name=b', /^name: must be given once/],
    ['unknown step', 'name=a&step=2m', /^step: must be one of 1m, 5m, 1h, 1d/],
    ['unknown agg', 'name=a&agg=median', /^agg: must be one of avg, max, min, sum, last, p50, p90, p99/],
    ['labels not JSON', 'name=a&labels=host%3Da', /^labels: must be a JSON object .*not valid JSON/],
    ['labels an array', `name=a&labels=${encodeURIComponent('["a"]')}`, /^labels: must be a JSON object/],
    ['labels a string', `name=a&labels=${encodeURIComponent('"a"')}`, /^labels: must be a JSON object/],
    ['labels null', 'name=a&labels=null', /^labels: must be a JSON object/],
    [
      'label value a number',
      `name=a&labels=${encodeURIComponent('{"k":1}')}`,
      /^labels: the value of "k" must be a string/,
    ],
    [
      'label value null',
      `name=a&labels=${encodeURIComponent('{"k":null}')}`,
      /^labels: the value of "k" must be a string/,
    ],
    ['label value an object', `name=a&labels=${encodeURIComponent('{"k":{}}')}`, /^labels: the value of "k"/],
    ['from after to', 'name=a&from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', /^from: must not be after to/],
    ['from not a date', 'name=a&from=yesterday', /^from: /],
    ['to without zone', 'name=a&to=2026-01-01T00:00:00', /^to: /],
    ['to not a real date', 'name=a&to=2026-02-30T00:00:00Z', /^to: /],
    ['empty group_by', 'name=a&group_by=', /^group_by: must not be empty/],
  ];
  for (const [what, qs, message] of cases) {
    it(what, async () => {
      const res = await app.get(`/api/public/metrics/query?${qs}`);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(safeParse(ErrorBody, res.body).success).toBe(true);
      expect(res.body.message).toMatch(message);
    });
  }

  it('from equal to to is a valid (one-instant) window', async () => {
    const res = await app.get('/api/public/metrics/query?name=a&from=2026-01-01T00:00:00Z&to=2026-01-01T00:00:00Z');
    expect(res.status).toBe(200);
  });

  it('windows outside the stored range answer empty, not an error', async () => {
    for (const [from, to] of [
      ['1900-01-01T00:00:00Z', '1960-01-01T00:00:00Z'],
      ['2400-01-01T00:00:00Z', '9999-12-31T23:59:59Z'],
      ['0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z'],
    ]) {
      expect(await query(app, { name: 'err', from, to })).toEqual({
        data: [],
        meta: { series_count: 0, truncated: false },
      });
    }
  });
});
