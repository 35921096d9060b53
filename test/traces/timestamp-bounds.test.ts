import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

// Times are stored to the microsecond and written in answers to the millisecond: the trace list's
// bounds compare at the millisecond, fromTimestamp inclusive and toTimestamp exclusive as in
// Langfuse (decision 0094), so the millisecond a trace is shown at is the window [ms, ms + 1) that
// holds it, and adjacent windows hold every trace once.

let t: TestApp;
const AT = [
  '2026-01-03T00:00:00.653999Z',
  '2026-01-03T00:00:00.654321Z',
  '2026-01-03T00:00:00.654999Z',
  '2026-01-03T00:00:00.655Z',
];

beforeAll(async () => {
  t = await createTestApp('timestamp-bounds');
  for (const [i, timestamp] of AT.entries()) {
    const res = await t.post('/v1/l/batch', { trace: { id: `b${i}`, timestamp, name: 'bounds' }, observations: [] });
    expect(res.status).toBe(200);
  }
});
afterAll(() => t?.close());

const ids = async (query: string) => {
  const res = await t.get(`/api/public/traces?name=bounds&orderBy=timestamp.asc&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.data as { id: string }[]).map((x) => x.id);
};

describe('fromTimestamp and toTimestamp', () => {
  it('hold a trace in the window from the millisecond it is shown at to the next', async () => {
    const shown = await t.get('/api/public/traces/b1');
    expect(shown.body.timestamp).toBe('2026-01-03T00:00:00.654Z');
    const at = encodeURIComponent(shown.body.timestamp);
    const next = encodeURIComponent('2026-01-03T00:00:00.655Z');
    expect(await ids(`fromTimestamp=${at}&toTimestamp=${next}`)).toEqual(['b1', 'b2']);
    expect(await ids(`fromTimestamp=${at}&toTimestamp=${at}`)).toEqual([]);
    expect(await ids(`toTimestamp=${at}`)).toEqual(['b0']);
    expect(await ids(`fromTimestamp=${at}`)).toEqual(['b1', 'b2', 'b3']);
  });

  it('adjacent windows hold every trace once', async () => {
    const edges = ['.653', '.654', '.655', '.656'].map((ms) => encodeURIComponent(`2026-01-03T00:00:00${ms}Z`));
    const windows = await Promise.all(
      edges.slice(1).map((to, i) => ids(`fromTimestamp=${edges[i]}&toTimestamp=${to}`)),
    );
    expect(windows).toEqual([['b0'], ['b1', 'b2'], ['b3']]);
  });

  it('a bound given to the microsecond is its millisecond', async () => {
    expect(await ids(`toTimestamp=${encodeURIComponent('2026-01-03T00:00:00.654100Z')}`)).toEqual(['b0']);
    expect(await ids(`fromTimestamp=${encodeURIComponent('2026-01-03T00:00:00.654900Z')}`)).toEqual(['b1', 'b2', 'b3']);
    expect(await ids(`fromTimestamp=${encodeURIComponent('2026-01-03T00:00:00.655Z')}`)).toEqual(['b3']);
  });

  it('read an offset whose + was written unencoded in the URL (a space once decoded)', async () => {
    // 02:00:00.654+02:00 is 00:00:00.654Z, as curl sends it without %2B.
    expect(await ids('fromTimestamp=2026-01-03T02:00:00.654+02:00&toTimestamp=2026-01-03T02:00:00.655+02:00')).toEqual([
      'b1',
      'b2',
    ]);
    const daily = await t.get('/api/public/metrics/daily?traceName=bounds&fromTimestamp=2026-01-03T02:00:00.655+02:00');
    expect(daily.status).toBe(200);
    expect(daily.body.data.map((d: { countTraces: number }) => d.countTraces)).toEqual([1]);
  });
});
