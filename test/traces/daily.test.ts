import { DailyResponse } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;

// Prices (per token): gpt-4o 2.5e-6 / 10e-6, claude-3-5-haiku 0.8e-6 / 4e-6.
const gen = (id: string, model: string | undefined, start: string, input: number, output: number) => ({
  id,
  type: 'GENERATION',
  model,
  startTime: start,
  endTime: start,
  promptTokens: input,
  completionTokens: output,
});

beforeAll(async () => {
  t = await createTestApp('daily');
  const batches = [
    // 2026-05-01: two traces, models gpt-4o (x2) and claude-3-5-haiku, one observation without model.
    {
      trace: {
        id: 'd1',
        timestamp: '2026-05-01T08:00:00Z',
        name: 'chat',
        userId: 'u1',
        tags: ['t', 'eu, west'],
        release: 'r1',
        version: 'v1',
      },
      observations: [
        gen('d1-a', 'gpt-4o', '2026-05-01T08:00:00Z', 100, 10),
        gen('d1-b', undefined, '2026-05-01T08:00:01Z', 0, 0),
      ],
    },
    {
      trace: {
        id: 'd2',
        timestamp: '2026-05-01T23:59:59.999Z',
        name: 'search',
        userId: 'u2',
        release: 'r2',
        version: 'v2',
      },
      observations: [
        gen('d2-a', 'gpt-4o', '2026-05-01T23:59:59.999Z', 200, 20),
        gen('d2-b', 'claude-3-5-haiku', '2026-05-02T00:00:00.5Z', 1000, 100),
      ],
    },
    // 2026-05-02: one trace (its observations count on the trace's day).
    {
      trace: {
        id: 'd3',
        timestamp: '2026-05-02T00:00:00Z',
        name: 'chat',
        userId: 'u1',
        tags: ['t'],
        release: 'r1',
        version: 'v1',
      },
      observations: [gen('d3-a', 'gpt-4o', '2026-05-02T00:00:00Z', 1, 1)],
    },
    // 2026-05-04: a trace without observations.
    { trace: { id: 'd4', timestamp: '2026-05-04T12:00:00Z', name: 'empty', userId: 'u3' }, observations: [] },
  ];
  for (const b of batches) expect((await t.post('/v1/l/batch', b)).status).toBe(200);
});
afterAll(() => t?.close());

const cost4o = (i: number, o: number) => i * 2.5e-6 + o * 10e-6;
const costHaiku = (i: number, o: number) => i * 0.8e-6 + o * 4e-6;

async function daily(query = '') {
  const res = await t.get(`/api/public/metrics/daily?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return v.parse(DailyResponse, res.body);
}

describe('GET /api/public/metrics/daily', () => {
  it('one record per UTC date with data, newest first, usage per model', async () => {
    const body = await daily();
    expect(body.meta).toEqual({ page: 1, limit: 50, totalItems: 3, totalPages: 1 });
    expect(body.data.map((d) => d.date)).toEqual(['2026-05-04', '2026-05-02', '2026-05-01']);
    const [may4, may2, may1] = body.data;
    expect(may4).toEqual({ date: '2026-05-04', countTraces: 1, countObservations: 0, totalCost: 0, usage: [] });
    expect(may2!.usage).toEqual([
      {
        model: 'gpt-4o',
        inputUsage: 1,
        outputUsage: 1,
        totalUsage: 2,
        countTraces: 1,
        countObservations: 1,
        totalCost: expect.closeTo(cost4o(1, 1), 12),
      },
    ]);
    expect(may1).toMatchObject({ date: '2026-05-01', countTraces: 2, countObservations: 4 });
    expect(may1!.totalCost).toBeCloseTo(cost4o(300, 30) + costHaiku(1000, 100), 12);
    const byModel = Object.fromEntries(may1!.usage.map((u) => [String(u.model), u]));
    expect(byModel['gpt-4o']).toEqual({
      model: 'gpt-4o',
      inputUsage: 300,
      outputUsage: 30,
      totalUsage: 330,
      countTraces: 2,
      countObservations: 2,
      totalCost: expect.closeTo(cost4o(300, 30), 12),
    });
    expect(byModel['claude-3-5-haiku']).toMatchObject({
      inputUsage: 1000,
      outputUsage: 100,
      countTraces: 1,
      countObservations: 1,
    });
    expect(byModel.null).toEqual({
      model: null,
      inputUsage: 0,
      outputUsage: 0,
      totalUsage: 0,
      countTraces: 1,
      countObservations: 1,
      totalCost: 0,
    });
  });

  it.each([
    ['traceName=chat', ['2026-05-02', '2026-05-01']],
    ['userId=u2', ['2026-05-01']],
    ['tags=t', ['2026-05-02', '2026-05-01']],
    // A tag holding a comma, in double quotes: whole, alone, in a comma list or beside a repeated key.
    [`tags=${encodeURIComponent('"eu, west"')}`, ['2026-05-01']],
    [`tags=${encodeURIComponent('"eu, west",t')}`, ['2026-05-01']],
    [`tags=${encodeURIComponent('"eu, west"')}&tags=t`, ['2026-05-01']],
    [`tags=${encodeURIComponent('eu, west')}`, []],
    ['release=r2', ['2026-05-01']],
    ['version=v1', ['2026-05-02', '2026-05-01']],
    ['fromTimestamp=2026-05-02T00:00:00Z', ['2026-05-04', '2026-05-02']],
    // toTimestamp exclusive, as Langfuse: d3 at 2026-05-02T00:00:00Z is not before it.
    ['toTimestamp=2026-05-02T00:00:00Z', ['2026-05-01']],
    ['toTimestamp=2026-05-02T00:00:00.001Z', ['2026-05-02', '2026-05-01']],
    ['fromTimestamp=2026-05-01T23:59:59.999Z&toTimestamp=2026-05-02T00:00:00Z', ['2026-05-01']],
    ['userId=nobody', []],
  ])('filters apply to the trace: %s', async (query, dates) => {
    expect((await daily(query)).data.map((d) => d.date)).toEqual(dates);
  });

  it('a quote left open in a tags list is a 400 saying how to write one', async () => {
    const res = await t.get(`/api/public/metrics/daily?tags=${encodeURIComponent('"eu, west')}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'BAD_REQUEST',
      data: null,
      message:
        'tags: the quote opening "eu, west" is not closed; write a value holding a comma as "a, b" and a quote in it as ""',
    });
  });

  it('filtered counts only hold the matching traces', async () => {
    const [may1] = (await daily('userId=u2')).data;
    expect(may1).toMatchObject({ countTraces: 1, countObservations: 2 });
  });

  it('paginates by day', async () => {
    const p2 = await daily('limit=2&page=2');
    expect(p2.meta).toEqual({ page: 2, limit: 2, totalItems: 3, totalPages: 2 });
    expect(p2.data.map((d) => d.date)).toEqual(['2026-05-01']);
    expect((await daily('limit=2&page=3')).data).toEqual([]);
  });

  it.each(['limit=0', 'limit=201', 'page=0', 'fromTimestamp=2026-05-01', 'toTimestamp=x'])(
    '400 for %s',
    async (query) => {
      const res = await t.get(`/api/public/metrics/daily?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
      expect(res.body.message).toMatch(query.split('=')[0]!);
    },
  );
});

describe('traces stored in several rows, before their merge', () => {
  it('count once, on the merged trace day, with its latest user and every observation', async () => {
    await t.db.writer.command({ query: 'SYSTEM STOP MERGES traces_v2' });
    try {
      const send = async (trace: Record<string, unknown>, observations: unknown[]) =>
        expect((await t.post('/v1/l/batch', { trace, observations })).status).toBe(200);
      // m1 first on 2026-06-02, then sent again with an earlier timestamp: its day is 2026-06-01.
      await send({ id: 'm1', timestamp: '2026-06-02T10:00:00Z', userId: 'several' }, [
        gen('m1-a', 'gpt-4o', '2026-06-02T10:00:00Z', 100, 10),
      ]);
      await send({ id: 'm1', timestamp: '2026-06-01T10:00:00Z', userId: 'several' }, [
        gen('m1-b', 'gpt-4o', '2026-06-01T10:00:00Z', 50, 5),
      ]);
      // m2 first of another user, then moved to this one.
      await send({ id: 'm2', timestamp: '2026-06-01T11:00:00Z', userId: 'someone' }, [
        gen('m2-a', 'gpt-4o', '2026-06-01T11:00:00Z', 10, 1),
      ]);
      await send({ id: 'm2', timestamp: '2026-06-01T11:00:00Z', userId: 'several' }, []);
      // m3 in one row.
      await send({ id: 'm3', timestamp: '2026-06-01T12:00:00Z', userId: 'several' }, [
        gen('m3-a', 'claude-3-5-haiku', '2026-06-01T12:00:00Z', 1000, 100),
      ]);
      const stored = await t.db.writer.query({
        query: "SELECT id, count() AS n FROM traces_v2 WHERE id IN ('m1', 'm2', 'm3') GROUP BY id ORDER BY id",
        format: 'JSONEachRow',
      });
      expect(await stored.json()).toEqual([
        { id: 'm1', n: 2 },
        { id: 'm2', n: 2 },
        { id: 'm3', n: 1 },
      ]);
      for (const query of ['userId=several&nocache=1', 'fromTimestamp=2026-06-01T00:00:00Z&nocache=1']) {
        const body = await daily(query);
        expect(
          body.data.map((d) => d.date),
          query,
        ).toEqual(['2026-06-01']);
        expect(body.data[0], query).toMatchObject({ countTraces: 3, countObservations: 4 });
        const byModel = Object.fromEntries(body.data[0]!.usage.map((u) => [String(u.model), u]));
        expect(byModel['gpt-4o'], query).toMatchObject({
          inputUsage: 160,
          outputUsage: 16,
          countTraces: 2,
          countObservations: 3,
        });
        expect(byModel['claude-3-5-haiku'], query).toMatchObject({
          inputUsage: 1000,
          countTraces: 1,
          countObservations: 1,
        });
      }
      expect((await daily('userId=someone&nocache=1')).data).toEqual([]);
    } finally {
      await t.db.writer.command({ query: 'SYSTEM START MERGES traces_v2' });
    }
  });
});

describe('days from 2149-06-07 on, past the range of a ClickHouse Date', () => {
  it('are reported as themselves, apart from the earlier day that shares their date slot', async () => {
    // toDate wraps after 2149-06-06: 2199-12-31 falls on 2020-07-26's slot, 2149-06-07 on 1970-01-01's.
    const times = [
      '2199-12-31T23:59:59.999999Z',
      '2150-01-01T00:00:00Z',
      '2149-06-07T00:00:00Z',
      '2149-06-06T12:00:00Z',
    ];
    for (const [i, ts] of [...times, '2020-07-26T10:00:00Z'].entries()) {
      const res = await t.post('/v1/l/batch', {
        trace: { id: `far-${i}`, timestamp: ts, userId: 'far' },
        observations: [gen(`far-${i}-g`, 'gpt-4o', ts, 1000 * (i + 1), 0)],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const expected = [
      ['2199-12-31', 1000],
      ['2150-01-01', 2000],
      ['2149-06-07', 3000],
      ['2149-06-06', 4000],
      ['2020-07-26', 5000],
    ];
    const read = async (query = '') => {
      const res = await t.get(`/api/public/metrics/daily?userId=far${query}`);
      expect(res.status).toBe(200);
      return v.parse(DailyResponse, res.body);
    };
    // Computed, then (the second time) from the per-day cache.
    for (let pass = 0; pass < 2; pass++) {
      const all = await read();
      expect(all.data.map((d) => [d.date, d.usage[0]!.inputUsage])).toEqual(expected);
      expect(all.data.every((d) => d.countTraces === 1 && d.countObservations === 1)).toBe(true);
    }
    const page = await read('&limit=2&page=2');
    expect(page.meta).toEqual({ page: 2, limit: 2, totalItems: 5, totalPages: 3 });
    expect(page.data.map((d) => d.date)).toEqual(['2149-06-07', '2149-06-06']);
    const bounded = await read('&fromTimestamp=2150-01-01T00:00:00Z');
    expect(bounded.data.map((d) => d.date)).toEqual(['2199-12-31', '2150-01-01']);
  });
});
