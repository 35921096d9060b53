import { DailyResponse } from '@spanhouse/schema';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

// The daily report's per-day cache: after every kind of write that can change a day, the answer
// of a request whose days were all cached equals a computation from scratch (nocache=1), for
// every filter. Each write also checks that the answer really changed, so a cache that kept its
// days would fail here.

let t: TestApp;

const MATCH_ALL = {
  name: 'chat',
  userId: 'u1',
  tags: ['t'],
  release: 'r1',
  version: 'v1',
  sessionId: 's1',
  environment: 'prod',
};
const OTHER = { name: 'search', userId: 'u2', release: 'r2', version: 'v2', sessionId: 's2', environment: 'dev' };

const QUERIES = [
  '',
  'traceName=chat',
  'userId=u1',
  'tags=t',
  'environment=prod',
  'release=r1',
  'version=v1',
  'sessionId=s1',
  'fromTimestamp=2026-04-01T12:00:00Z&toTimestamp=2026-04-04T12:00:00Z',
  'limit=2&page=2',
];

const gen = (id: string, start: string, input: number, output: number) => ({
  id,
  type: 'GENERATION',
  model: 'gpt-4o',
  startTime: start,
  endTime: start,
  promptTokens: input,
  completionTokens: output,
});

async function post(path: string, body: unknown) {
  const res = await t.post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  if (res.body?.errors) expect(res.body.errors).toEqual([]);
}

async function daily(query: string) {
  const res = await t.get(`/api/public/metrics/daily?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return v.parse(DailyResponse, res.body);
}

/** Every query asked twice (so each day of each is cached), and the answers kept. */
async function warm() {
  const answers = new Map<string, DailyResponse>();
  for (const q of QUERIES) {
    await daily(q);
    answers.set(q, await daily(q));
  }
  return answers;
}

/** Every query's cached answer equals the one computed from scratch. */
async function expectFresh() {
  for (const q of QUERIES) expect(await daily(q), q).toEqual(await daily(`${q}&nocache=1`));
}

const day = (r: DailyResponse, date: string) => r.data.find((d) => d.date === date);

beforeAll(async () => {
  t = await createTestApp('daily-cache');
  for (let d = 1; d <= 5; d++) {
    const date = `2026-04-0${d}`;
    for (const [k, attrs] of [MATCH_ALL, OTHER].entries()) {
      await post('/v1/l/batch', {
        trace: { id: `c${d}-${k}`, timestamp: `${date}T10:00:00Z`, ...attrs },
        observations: [gen(`c${d}-${k}-g`, `${date}T10:00:01Z`, 100 * d, 10 * d)],
      });
    }
  }
});
afterAll(() => t?.close());

describe('GET /api/public/metrics/daily, per-day cache', () => {
  it('answers a repeated request from the cache, as computed from scratch', async () => {
    await warm();
    expect(t.dailyCache!.size.entries).toBeGreaterThan(0);
    await expectFresh();
    expect((await daily('')).data.map((d) => d.date)).toEqual([
      '2026-04-05',
      '2026-04-04',
      '2026-04-03',
      '2026-04-02',
      '2026-04-01',
    ]);
  });

  it('a late trace for an old day', async () => {
    const before = await warm();
    await post('/v1/l/batch', {
      trace: { id: 'late', timestamp: '2026-04-02T15:00:00Z', ...MATCH_ALL },
      observations: [gen('late-g', '2026-04-02T15:00:01Z', 7, 3)],
    });
    await expectFresh();
    for (const q of QUERIES.filter((q) => !q.startsWith('limit'))) {
      expect(day(await daily(q), '2026-04-02')!.countTraces, q).toBe(
        day(before.get(q)!, '2026-04-02')!.countTraces + 1,
      );
    }
  });

  it('a re-sent observation with other usage', async () => {
    const before = await warm();
    await post('/v1/l/batch', {
      trace: { id: 'c3-0', timestamp: '2026-04-03T10:00:00Z' },
      observations: [gen('c3-0-g', '2026-04-03T10:00:01Z', 5000, 500)],
    });
    await expectFresh();
    const was = day(before.get('userId=u1')!, '2026-04-03')!;
    const now = day(await daily('userId=u1'), '2026-04-03')!;
    expect(now.countObservations).toBe(was.countObservations);
    expect(now.usage[0]!.inputUsage).toBe(5000);
    expect(was.usage[0]!.inputUsage).toBe(300);
  });

  it('an ingestion API update of an old trace, written with today as its piece date', async () => {
    const at = Date.parse('2026-04-01T08:00:00Z');
    const iso = (ms: number) => new Date(ms).toISOString();
    const event = (id: string, type: string, ms: number, body: object) => ({ id, type, timestamp: iso(ms), body });
    await post('/api/public/ingestion', {
      batch: [
        event('e-trace', 'trace-create', at, { id: 'ing', timestamp: iso(at), ...MATCH_ALL }),
        event('e-gen', 'generation-create', at, {
          id: 'ing-g',
          traceId: 'ing',
          model: 'gpt-4o',
          startTime: iso(at),
          usage: { input: 10, output: 1 },
        }),
      ],
    });
    const before = await warm();
    // An update's event time is now: its piece of the trace carries today's date, not the trace's.
    await post('/api/public/ingestion', {
      batch: [
        event('e-upd', 'generation-update', Date.now(), {
          id: 'ing-g',
          traceId: 'ing',
          endTime: iso(at + 1000),
          usage: { input: 900, output: 90 },
        }),
      ],
    });
    await expectFresh();
    const was = day(before.get('tags=t')!, '2026-04-01')!;
    const now = day(await daily('tags=t'), '2026-04-01')!;
    expect(now.usage[0]!.inputUsage - was.usage[0]!.inputUsage).toBe(890);
    expect(now.totalCost).toBeGreaterThan(was.totalCost);
    expect((await daily('')).data.map((d) => d.date)).not.toContain(new Date().toISOString().slice(0, 10));
  });

  it('a trace whose timestamp moves to an earlier day', async () => {
    const before = await warm();
    await post('/v1/l/batch', { trace: { id: 'c5-0', timestamp: '2026-04-01T09:00:00Z' }, observations: [] });
    await expectFresh();
    for (const q of ['', 'userId=u1', 'environment=prod']) {
      const was = before.get(q)!;
      const now = await daily(q);
      expect(day(now, '2026-04-05')?.countTraces ?? 0, q).toBe(day(was, '2026-04-05')!.countTraces - 1);
      expect(day(now, '2026-04-01')!.countTraces, q).toBe(day(was, '2026-04-01')!.countTraces + 1);
    }
  });

  it('a new day, and a filter matching no trace', async () => {
    await warm();
    await post('/v1/l/batch', {
      trace: { id: 'new-day', timestamp: '2026-03-20T10:00:00Z', ...MATCH_ALL },
      observations: [],
    });
    await expectFresh();
    expect((await daily('userId=u1')).data.at(-1)!.date).toBe('2026-03-20');
    expect(await daily('userId=nobody')).toEqual({
      data: [],
      meta: { page: 1, limit: 50, totalItems: 0, totalPages: 0 },
    });
  });
});
