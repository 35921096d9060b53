import { TraceListResponse } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeBatch } from '../support/traces.ts';

let t: TestApp;

// Seven traces with distinct, checkable fields. Latency = end - start of their observations;
// cost comes from gpt-4o-mini ($0.15 / $0.60 per 1M tokens) x their token counts.
const T = [
  {
    id: 't1',
    ts: '2026-03-01T00:00:00Z',
    name: 'alpha',
    userId: 'u1',
    session: 's1',
    release: 'r1',
    version: 'v1',
    env: 'prod',
    tags: ['a', 'b'],
    secs: 5,
    tokens: 1000,
  },
  {
    id: 't2',
    ts: '2026-03-02T00:00:00Z',
    name: 'beta',
    userId: 'u2',
    session: 's1',
    release: 'r2',
    version: 'v1',
    env: 'dev',
    tags: ['a'],
    secs: 1,
    tokens: 3000,
  },
  {
    id: 't3',
    ts: '2026-03-03T00:00:00Z',
    name: 'gamma',
    userId: 'u1',
    session: 's2',
    release: 'r1',
    version: 'v2',
    env: 'prod',
    tags: ['b', 'c'],
    secs: 3,
    tokens: 2000,
  },
  {
    id: 't4',
    ts: '2026-03-04T00:00:00Z',
    name: 'delta',
    userId: 'u3',
    session: 's3',
    release: 'r3',
    version: 'v2',
    env: 'staging',
    tags: [],
    secs: 4,
    tokens: 500,
  },
  {
    id: 't5',
    ts: '2026-03-05T00:00:00Z',
    name: 'alpha',
    userId: 'u2',
    session: 's2',
    release: 'r2',
    version: 'v3',
    env: 'prod',
    tags: ['a', 'b', 'c'],
    secs: 2,
    tokens: 4000,
  },
  {
    id: 't6',
    ts: '2026-03-06T00:00:00Z',
    name: 'epsilon',
    userId: 'u4',
    session: 's4',
    release: 'r4',
    version: 'v3',
    env: 'dev',
    tags: ['c'],
    secs: 6,
    tokens: 100,
  },
  {
    id: 't7',
    ts: '2026-03-07T00:00:00Z',
    name: 'zeta',
    userId: 'u5',
    session: 's5',
    release: 'r5',
    version: 'v4',
    env: 'prod',
    tags: ['a', 'c'],
    secs: 0.5,
    tokens: 6000,
  },
];

beforeAll(async () => {
  t = await createTestApp('list');
  for (const x of T) {
    const start = Date.parse(x.ts);
    const res = await t.post(
      '/v1/l/batch',
      makeBatch(
        {
          id: x.id,
          timestamp: x.ts,
          name: x.name,
          userId: x.userId,
          session_id: x.session,
          release: x.release,
          version: x.version,
          environment: x.env,
          tags: x.tags,
        },
        [
          {
            id: `${x.id}-gen`,
            type: 'GENERATION',
            model: 'gpt-4o-mini',
            startTime: new Date(start).toISOString(),
            endTime: new Date(start + x.secs * 1000).toISOString(),
            promptTokens: x.tokens,
            completionTokens: 0,
          },
        ],
      ),
    );
    expect(res.status).toBe(200);
  }
});
afterAll(() => t?.close());

async function ids(query: string): Promise<string[]> {
  const res = await t.get(`/api/public/traces?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return v.parse(TraceListResponse, res.body).data.map((x) => x.id);
}

describe('filters', () => {
  it.each([
    ['userId=u1', ['t3', 't1']],
    ['name=alpha', ['t5', 't1']],
    ['sessionId=s2', ['t5', 't3']],
    ['version=v2', ['t4', 't3']],
    ['release=r2', ['t5', 't2']],
    ['tags=a', ['t7', 't5', 't2', 't1']],
    ['tags=a&tags=c', ['t7', 't5']],
    ['tags=a,b', ['t5', 't1']],
    ['tags=a,b&tags=c', ['t5']],
    ['environment=dev', ['t6', 't2']],
    ['environment=dev&environment=staging', ['t6', 't4', 't2']],
    ['environment=dev,staging', ['t6', 't4', 't2']],
    ['fromTimestamp=2026-03-06T00:00:00Z', ['t7', 't6']],
    // fromTimestamp inclusive, toTimestamp exclusive, as Langfuse (t2 is at 2026-03-02T00:00:00Z).
    ['toTimestamp=2026-03-02T00:00:00Z', ['t1']],
    ['fromTimestamp=2026-03-02T00:00:00Z&toTimestamp=2026-03-04T00:00:00Z', ['t3', 't2']],
    ['fromTimestamp=2026-03-02T01:00:00%2B01:00&toTimestamp=2026-03-02T00:00:00.001Z', ['t2']],
    ['userId=u1&tags=c', ['t3']],
    ['userId=nobody', []],
  ])('%s', async (query, expected) => {
    expect(await ids(query)).toEqual(expected);
  });
});

describe('orderBy', () => {
  const byKey = (key: (x: (typeof T)[number]) => string | number) =>
    [...T].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : 1)).map((x) => x.id);
  const cases: [string, string[]][] = [
    ['timestamp', byKey((x) => x.ts)],
    ['latency', byKey((x) => x.secs)],
    ['totalCost', byKey((x) => x.tokens)],
    ['name', byKey((x) => x.name)],
    ['userId', byKey((x) => x.userId)],
    ['sessionId', byKey((x) => x.session)],
    ['release', byKey((x) => x.release)],
    ['version', byKey((x) => x.version)],
  ];
  it.each(cases)('%s asc and desc, ties broken by id', async (field, asc) => {
    expect(await ids(`orderBy=${field}.asc`)).toEqual(asc);
    // Descending reverses the whole order, the id tie-break included.
    expect(await ids(`orderBy=${field}.desc`)).toEqual([...asc].reverse());
  });

  it('defaults to timestamp.desc', async () => {
    expect(await ids('')).toEqual(['t7', 't6', 't5', 't4', 't3', 't2', 't1']);
  });

  it('reports latency in seconds and cost in USD', async () => {
    const res = await t.get('/api/public/traces?userId=u5');
    expect(res.body.data[0].latency).toBe(0.5);
    expect(res.body.data[0].totalCost).toBeCloseTo(6000 * 0.15e-6, 12);
  });
});

describe('pagination', () => {
  it('computes totalItems and totalPages and serves the last partial page', async () => {
    const p1 = await t.get('/api/public/traces?limit=3&page=1');
    expect(p1.body.meta).toEqual({ page: 1, limit: 3, totalItems: 7, totalPages: 3 });
    expect(p1.body.data.map((x: { id: string }) => x.id)).toEqual(['t7', 't6', 't5']);
    const p3 = await t.get('/api/public/traces?limit=3&page=3');
    expect(p3.body.data.map((x: { id: string }) => x.id)).toEqual(['t1']);
    expect(p3.body.meta).toEqual({ page: 3, limit: 3, totalItems: 7, totalPages: 3 });
  });

  it('answers an empty page past the end', async () => {
    const res = await t.get('/api/public/traces?limit=3&page=4');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta).toEqual({ page: 4, limit: 3, totalItems: 7, totalPages: 3 });
  });

  it('counts only the filtered traces', async () => {
    const res = await t.get('/api/public/traces?tags=a&limit=1');
    expect(res.body.meta).toEqual({ page: 1, limit: 1, totalItems: 4, totalPages: 4 });
  });

  it("counts a user's traces on every page, past the last one too, and none of an unknown user", async () => {
    for (const [page, ids] of [
      [1, ['t3']],
      [2, ['t1']],
      [3, []],
    ] as const) {
      const res = await t.get(`/api/public/traces?userId=u1&limit=1&page=${page}`);
      expect(res.body.data.map((x: { id: string }) => x.id)).toEqual(ids);
      expect(res.body.meta).toEqual({ page, limit: 1, totalItems: 2, totalPages: 2 });
    }
    const none = await t.get('/api/public/traces?userId=nobody');
    expect(none.body).toEqual({ data: [], meta: { page: 1, limit: 50, totalItems: 0, totalPages: 0 } });
  });

  it('accepts limit 1 and 200', async () => {
    expect((await t.get('/api/public/traces?limit=1')).body.data).toHaveLength(1);
    expect((await t.get('/api/public/traces?limit=200')).body.data).toHaveLength(7);
  });
});

describe('fields groups', () => {
  const get = async (fields: string) => (await t.get(`/api/public/traces?userId=u5&fields=${fields}`)).body.data[0];

  it('includes every group when fields is absent', async () => {
    const all = (await t.get('/api/public/traces?userId=u5')).body.data[0];
    expect(all.observations).toEqual(['t7-gen']);
    expect(all.latency).toBe(0.5);
  });

  it('io off: input/output null and metadata {}', async () => {
    const x = await get('metrics');
    expect(x.input).toBeNull();
    expect(x.output).toBeNull();
    expect(x.metadata).toEqual({});
  });

  it('observations off: []; on: the ids', async () => {
    expect((await get('io')).observations).toEqual([]);
    expect((await get('observations')).observations).toEqual(['t7-gen']);
  });

  it('metrics off: latency, totalCost and usage -1; on: the values', async () => {
    const off = await get('io,observations');
    expect(off.latency).toBe(-1);
    expect(off.totalCost).toBe(-1);
    expect(off.usage).toEqual({ input: -1, output: -1, total: -1 });
    const on = await get('metrics');
    expect(on.latency).toBe(0.5);
    expect(on.totalCost).toBeGreaterThan(0);
    expect(on.usage).toEqual({ input: 6000, output: 0, total: 6000 });
  });

  it('scores is [] whether on or off', async () => {
    expect((await get('scores')).scores).toEqual([]);
    expect((await get('io')).scores).toEqual([]);
  });
});

describe('bad parameters -> 400 naming the parameter', () => {
  it.each([
    ['limit=0', /limit/],
    ['limit=201', /limit/],
    ['limit=abc', /limit/],
    ['page=0', /page/],
    ['limit=-1', /^limit: limit must be >= 1$/],
    ['page=-3', /^page: page must be >= 1$/],
    ['limit=2.5', /^limit: limit must be an integer$/],
    ['fromTimestamp=2026-03-01', /fromTimestamp/],
    ['toTimestamp=2026-03-01T00:00:00', /toTimestamp/],
    ['fromTimestamp=not-a-date', /fromTimestamp/],
    ['fromTimestamp=2026-03-05T00:00:00Z&toTimestamp=2026-03-01T00:00:00Z', /fromTimestamp/],
    ['orderBy=bookmarked.asc', /orderBy/],
    ['orderBy=timestamp.up', /orderBy/],
    ['orderBy=timestamp', /orderBy/],
    ['fields=io&fields=metrics', /fields/],
    ['userId=a&userId=b', /userId/],
  ])('%s', async (query, message) => {
    const res = await t.get(`/api/public/traces?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.data).toBeNull();
    expect(res.body.message).toMatch(message);
  });
});

describe('a tag with surrounding spaces', () => {
  it('is found by itself, given whole; comma-separated values are still trimmed', async () => {
    const res = await t.post(
      '/v1/l/batch',
      makeBatch({ id: 'spaced', timestamp: '2026-03-09T00:00:00Z', userId: 'spacer', tags: [' spaced tag ', 'plain'] }, []),
    );
    expect(res.status).toBe(200);
    expect(await ids(`userId=spacer&tags=${encodeURIComponent(' spaced tag ')}`)).toEqual(['spaced']);
    expect(await ids(`userId=spacer&tags=plain&tags=${encodeURIComponent(' spaced tag ')}`)).toEqual(['spaced']);
    expect(await ids(`userId=spacer&tags=${encodeURIComponent('plain, a')}`)).toEqual([]);
    expect(await ids(`userId=spacer&tags=${encodeURIComponent('plain , plain')}`)).toEqual(['spaced']);
    const daily = await t.get(`/api/public/metrics/daily?userId=spacer&tags=${encodeURIComponent(' spaced tag ')}`);
    expect(daily.body.data.map((d: { countTraces: number }) => d.countTraces)).toEqual([1]);
  });
});
