import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';

/*
 * One rule for every time a client sends: a date that does not exist on the calendar (or a time of
 * day that does not) is a 400 naming the field, never rolled over to another day or replaced by
 * another time.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp('impossible-dates');
});
afterAll(() => t?.close());

const IMPOSSIBLE = [
  '2026-02-30T00:00:00Z',
  '2025-02-29T12:00:00Z',
  '2026-04-31T00:00:00+02:00',
  '2026-01-01T24:00:00Z',
];

describe.each(IMPOSSIBLE)('%s', (time) => {
  it('trace.timestamp: 400 naming it, nothing stored', async () => {
    const res = await t.post('/v1/l/batch', { trace: { id: `d-${time}`, timestamp: time }, observations: [] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/trace\.timestamp/);
    expect((await t.get(`/api/public/traces/${encodeURIComponent(`d-${time}`)}`)).status).toBe(404);
  });

  it('observation startTime and endTime: 400 naming them', async () => {
    for (const field of ['startTime', 'endTime']) {
      const obs = { id: 'o', startTime: '2026-01-01T00:00:00Z', [field]: time };
      const res = await t.post('/v1/l/batch', { trace: { id: `d2-${time}` }, observations: [obs] });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(new RegExp(`observations\\.0\\.${field}`));
    }
  });

  it('a metric point timestamp: 400 naming it', async () => {
    const res = await t.post('/v1/metrics/batch', { metrics: [{ name: 'm', value: 1, timestamp: time }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/metrics\.0\.timestamp/);
  });

  it('query bounds: 400 naming them', async () => {
    const q = encodeURIComponent(time);
    for (const [path, field] of [
      [`/api/public/traces?fromTimestamp=${q}`, 'fromTimestamp'],
      [`/api/public/metrics/daily?toTimestamp=${q}`, 'toTimestamp'],
      [`/api/public/metrics/query?name=m&from=${q}`, 'from'],
    ] as const) {
      const res = await t.get(path);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
    }
  });
});
