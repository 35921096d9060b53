import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

// The list ordered by latency/totalCost desc and the daily report read per-trace summaries
// (clickhouse/0004) that overcount an observation sent twice. These traces make the summaries
// wrong on purpose: each "updated" trace first sends a long, expensive observation, then the same
// observation id again, short and cheap. Answers must follow the latest version, as the map does.

let t: TestApp;
const at = (s: number) => new Date(Date.UTC(2026, 5, 1, 12) + s * 1000).toISOString();
const span = (id: string, seconds: number, cost: number, model = 'gpt-4o') => ({
  id,
  type: 'GENERATION',
  model,
  startTime: at(0),
  endTime: at(seconds),
  promptTokens: 10,
  completionTokens: 1,
  costDetails: { total: cost },
});

// 60 plain traces: latency i s, cost i USD. 60 updated traces: first 100+i s and 100+i USD, then
// 0.1*i s and 0.1*i USD. Summaries rank every updated trace first; the exact order has the plain
// ones first, so a page must look past a full round of candidates.
const N = 60;
beforeAll(async () => {
  t = await createTestApp('summaries');
  const posts: Promise<{ status: number }>[] = [];
  for (let i = 1; i <= N; i++) {
    posts.push(
      t.post('/v1/l/batch', { trace: { id: `plain-${i}`, timestamp: at(0) }, observations: [span(`p-${i}`, i, i)] }),
    );
  }
  const first = await Promise.all(posts);
  const updates: { status: number }[] = [];
  for (let i = 1; i <= N; i++) {
    const id = `updated-${i}`;
    updates.push(
      await t.post('/v1/l/batch', {
        trace: { id, timestamp: at(0) },
        observations: [span(`u-${i}`, 100 + i, 100 + i)],
      }),
    );
    updates.push(
      await t.post('/v1/l/batch', { trace: { id }, observations: [span(`u-${i}`, 0.1 * i, 0.1 * i, 'gpt-4o-mini')] }),
    );
  }
  expect([...first, ...updates].every((r) => r.status === 200)).toBe(true);
});
afterAll(() => t?.close());

const expected = (key: (i: number) => number) =>
  [
    ...Array.from({ length: N }, (_, k) => ({ id: `plain-${k + 1}`, v: key(k + 1) })),
    ...Array.from({ length: N }, (_, k) => ({ id: `updated-${k + 1}`, v: 0.1 * (k + 1) })),
  ]
    .sort((a, b) => b.v - a.v || (a.id < b.id ? 1 : -1))
    .map((x) => x.id);

describe.each(['latency', 'totalCost'])('orderBy %s.desc', (field) => {
  it.each([
    [1, 5],
    [1, 50],
    [3, 20],
    [2, 70],
  ])('page %i of %i follows the latest versions', async (page, limit) => {
    const res = await t.get(`/api/public/traces?orderBy=${field}.desc&page=${page}&limit=${limit}&fields=metrics`);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((x: { id: string }) => x.id);
    expect(ids).toEqual(expected((i) => i).slice((page - 1) * limit, page * limit));
    expect(res.body.meta.totalItems).toBe(2 * N);
  });
});

it('daily counts each observation once, with its latest model, usage and cost', async () => {
  const res = await t.get('/api/public/metrics/daily');
  expect(res.status).toBe(200);
  const [day] = res.body.data;
  expect(day).toMatchObject({ date: '2026-06-01', countTraces: 2 * N, countObservations: 2 * N });
  const sum = (f: (i: number) => number) => Array.from({ length: N }, (_, k) => f(k + 1)).reduce((a, b) => a + b, 0);
  expect(day.totalCost).toBeCloseTo(sum((i) => i) + sum((i) => 0.1 * i), 9);
  const byModel = Object.fromEntries(day.usage.map((u: { model: string }) => [u.model, u]));
  expect(byModel['gpt-4o']).toMatchObject({
    countTraces: N,
    countObservations: N,
    inputUsage: 10 * N,
    totalUsage: 11 * N,
  });
  expect(byModel['gpt-4o'].totalCost).toBeCloseTo(
    sum((i) => i),
    9,
  );
  expect(byModel['gpt-4o-mini']).toMatchObject({ countTraces: N, countObservations: N, outputUsage: N });
  expect(byModel['gpt-4o-mini'].totalCost).toBeCloseTo(
    sum((i) => 0.1 * i),
    9,
  );
});
