import { ErrorBody, safeParse } from '@spanhouse/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ingest, out, pairs, query } from '../support/metrics-api.ts';

/*
 * Points before 2001-09-09 have fewer than ten digits of epoch seconds, which ClickHouse once read
 * as a YYYYMMDD-style date: their insert failed with a 500. Every accepted time is stored exactly.
 */

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('metrics_value_ranges');
});
afterAll(async () => app?.close());

describe('points from 1970 to 2001-09-09', () => {
  beforeAll(async () => {
    await ingest(app, [
      { name: 'early', value: 1, timestamp: '1970-01-01T00:00:00Z' },
      { name: 'early', value: 2, timestamp: '1970-01-01T00:00:59.999999Z' },
      { name: 'early', value: 10, timestamp: '1990-06-15T12:34:56.789Z' },
      { name: 'early', value: 100, timestamp: '2001-09-09T01:46:39.999999Z' },
      { name: 'early', value: 1000, timestamp: '2001-09-09T01:46:40Z' },
    ]);
  });

  it('are stored and read back in their buckets', async () => {
    const res = await query(app, {
      name: 'early',
      from: '1970-01-01T00:00:00Z',
      to: '1970-01-01T00:02:00Z',
      step: '1m',
      agg: 'sum',
    });
    expect(pairs(res)).toEqual([[out('1970-01-01T00:00:00Z'), 3]]);

    const y1990 = await query(app, {
      name: 'early',
      from: '1990-06-15T12:30:00Z',
      to: '1990-06-15T12:40:00Z',
      step: '5m',
      agg: 'max',
    });
    expect(pairs(y1990)).toEqual([[out('1990-06-15T12:30:00Z'), 10]]);
  });

  it('keep microseconds on both sides of 2001-09-09 01:46:40 (nine to ten digits of seconds)', async () => {
    const before = await query(app, {
      name: 'early',
      from: '2001-09-09T01:46:39.999999Z',
      to: '2001-09-09T01:46:39.999999Z',
      step: '1m',
      agg: 'sum',
    });
    expect(pairs(before)).toEqual([[out('2001-09-09T01:46:00Z'), 100]]);
    const around = await query(app, {
      name: 'early',
      from: '2001-09-09T01:46:39.999999Z',
      to: '2001-09-09T01:46:40Z',
      step: '1m',
      agg: 'sum',
    });
    expect(pairs(around)).toEqual([[out('2001-09-09T01:46:00Z'), 1100]]);
  });

  it('a query window starting before 1970 answers (clamped to 1970), not a 500', async () => {
    const res = await query(app, {
      name: 'early',
      from: '1960-01-01T00:00:00Z',
      to: '1970-01-01T00:00:30Z',
      step: '1m',
      agg: 'sum',
    });
    expect(pairs(res)).toEqual([[out('1970-01-01T00:00:00Z'), 1]]);
  });

  it('a point before 1970 is refused with a 400 naming it', async () => {
    const res = await app.post('/v1/metrics/batch', {
      metrics: [{ name: 'early', value: 1, timestamp: '1969-12-31T23:59:59.999999Z' }],
    });
    expect(res.status).toBe(400);
    expect(safeParse(ErrorBody, res.body).success).toBe(true);
    expect(res.body.message).toMatch(/^metrics\.0\.timestamp: must be between 1970/);
  });
});

describe('values written with an exponent (1e21 and up, tiny ones) are stored exactly', () => {
  const values: [string, number][] = [
    ['2026-01-01T00:00:00Z', 1e21],
    ['2026-01-01T00:01:00Z', 1.7976931348623157e308],
    ['2026-01-01T00:02:00Z', -1e308],
    ['2026-01-01T00:03:00Z', 5e-324],
    ['2026-01-01T00:04:00Z', 123456789.12345679],
  ];
  beforeAll(async () => {
    await ingest(
      app,
      values.map(([timestamp, value]) => ({ name: 'exp', value, timestamp })),
    );
  });

  it('and read back as the same doubles', async () => {
    const res = await query(app, {
      name: 'exp',
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-01T00:05:00Z',
      step: '1m',
      agg: 'last',
    });
    expect(pairs(res)).toEqual(values.map(([timestamp, value]) => [out(timestamp), value]));
  });
});

describe('a batch spanning more than 100 months (a backfill)', () => {
  it('is stored whole, and the points written after it are not held behind it', async () => {
    // One point on the 15th of each month from 2000 to 2024: 300 monthly partitions in one insert.
    const points = Array.from({ length: 300 }, (_, i) => ({
      name: 'backfill',
      labels: { src: 'import' },
      value: i,
      timestamp: new Date(Date.UTC(2000 + Math.floor(i / 12), i % 12, 15)).toISOString(),
    }));
    await ingest(app, points);
    const res = await query(app, {
      name: 'backfill',
      from: '2000-01-01T00:00:00Z',
      to: '2025-01-01T00:00:00Z',
      step: '1d',
      agg: 'sum',
    });
    expect(pairs(res)).toHaveLength(300);
    expect(pairs(res)[299]).toEqual([out('2024-12-15T00:00:00Z'), 299]);
    await ingest(app, [{ name: 'after_backfill', value: 7, timestamp: '2026-01-01T00:00:00Z' }]);
    const after = await query(app, { name: 'after_backfill', from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:01:00Z' });
    expect(pairs(after)).toEqual([[out('2026-01-01T00:00:00Z'), 7]]);
  });
});
