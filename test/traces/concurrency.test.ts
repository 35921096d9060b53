import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { makeBatch } from '../support/traces.ts';

let t: TestApp;
beforeAll(async () => {
  // A flush interval long enough that concurrent requests share inserts (group commit).
  t = await createTestApp('concurrency', { INGEST_FLUSH_INTERVAL_MS: '50' });
});
afterAll(() => t?.close());

describe('50 concurrent batch requests', () => {
  it('every acknowledged observation is stored', async () => {
    const batches = Array.from({ length: 50 }, (_, i) =>
      makeBatch(
        { id: `conc-${i}`, userId: 'concurrent' },
        Array.from({ length: 20 }, (_, j) => ({
          id: `conc-${i}-${j}`,
          type: 'SPAN',
          startTime: '2026-03-01T10:00:00Z',
        })),
      ),
    );
    const results = await Promise.all(batches.map((b) => t.post('/v1/l/batch', b)));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));

    const list = await t.get('/api/public/traces?userId=concurrent&limit=200&fields=observations');
    expect(list.body.meta.totalItems).toBe(50);
    const observationIds = list.body.data.flatMap((x: { observations: string[] }) => x.observations);
    expect(new Set(observationIds).size).toBe(1000);
    const daily = await t.get('/api/public/metrics/daily?userId=concurrent');
    expect(daily.body.data[0]).toMatchObject({ countTraces: 50, countObservations: 1000 });
  });
});
