import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

// Times are stored to the microsecond and written in answers to the millisecond: the trace list's
// inclusive bounds compare at the millisecond, so a trace's own timestamp as the list shows it is
// a bound that holds it.

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
  it('hold a trace at the millisecond it is shown at', async () => {
    const shown = await t.get('/api/public/traces/b1');
    expect(shown.body.timestamp).toBe('2026-01-03T00:00:00.654Z');
    const at = encodeURIComponent(shown.body.timestamp);
    expect(await ids(`fromTimestamp=${at}&toTimestamp=${at}`)).toEqual(['b1', 'b2']);
    expect(await ids(`toTimestamp=${at}`)).toEqual(['b0', 'b1', 'b2']);
    expect(await ids(`fromTimestamp=${at}`)).toEqual(['b1', 'b2', 'b3']);
  });

  it('a bound given to the microsecond covers its millisecond', async () => {
    expect(await ids(`toTimestamp=${encodeURIComponent('2026-01-03T00:00:00.654100Z')}`)).toEqual(['b0', 'b1', 'b2']);
    expect(await ids(`fromTimestamp=${encodeURIComponent('2026-01-03T00:00:00.654900Z')}`)).toEqual(['b1', 'b2', 'b3']);
    expect(await ids(`fromTimestamp=${encodeURIComponent('2026-01-03T00:00:00.655Z')}`)).toEqual(['b3']);
  });
});
