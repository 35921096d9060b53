import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { ingest, out, pairs, query } from '../support/metrics-api.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp('metrics_buckets');
});
afterAll(async () => app?.close());

/** ISO with microseconds, `us` after `base` (ms). */
const at = (base: number, us: number) => {
  const t = base * 1000 + us;
  const ms = Math.floor(t / 1000);
  return `${new Date(ms).toISOString().slice(0, -1)}${String(t - ms * 1000).padStart(3, '0')}Z`;
};

// For every step, a boundary B on the epoch grid and points at B - 1µs, B, B + step - 1µs and
// B + step, worth 1, 10, 100, 1000: sums tell exactly which bucket took which point.
const STEPS: [string, number, string][] = [
  ['1m', 60_000, '2026-01-01T00:07:00Z'],
  ['5m', 300_000, '2026-01-01T00:35:00Z'],
  ['1h', 3_600_000, '2026-01-01T05:00:00Z'],
  ['1d', 86_400_000, '2026-01-03T00:00:00Z'],
];

describe.each(STEPS)('step %s', (step, stepMs, boundary) => {
  const B = Date.parse(boundary);
  const name = `edge_${step}`;
  beforeAll(async () => {
    await ingest(app, [
      { name, value: 1, timestamp: at(B, -1) },
      { name, value: 10, timestamp: at(B, 0) },
      { name, value: 100, timestamp: at(B, stepMs * 1000 - 1) },
      { name, value: 1000, timestamp: at(B, stepMs * 1000) },
    ]);
  });

  it('puts a point exactly on a boundary into the bucket that starts there', async () => {
    const res = await query(app, {
      name,
      from: new Date(B - 2 * stepMs).toISOString(),
      to: new Date(B + 2 * stepMs).toISOString(),
      step,
      agg: 'sum',
    });
    expect(pairs(res)).toEqual([
      [out(B - stepMs), 1],
      [out(B), 110],
      [out(B + stepMs), 1000],
    ]);
    expect(res.meta.latest_ts).toBe(out(B + stepMs));
  });

  it('counts points on both bounds of the window (from <= ts <= to)', async () => {
    const res = await query(app, { name, from: boundary, to: new Date(B + stepMs).toISOString(), step, agg: 'sum' });
    expect(pairs(res)).toEqual([
      [out(B), 110],
      [out(B + stepMs), 1000],
    ]);
  });

  it('leaves out points one microsecond outside the window', async () => {
    const res = await query(app, { name, from: at(B, 1), to: at(B, stepMs * 1000 - 1), step, agg: 'sum' });
    expect(pairs(res)).toEqual([[out(B), 100]]);
  });
});

describe('alignment', () => {
  it('aligns buckets to the epoch, not to from; a from inside a bucket gives a partial first bucket', async () => {
    const name = 'align';
    await ingest(app, [
      { name, value: 1, timestamp: '2026-01-01T00:01:00Z' },
      { name, value: 2, timestamp: '2026-01-01T00:03:00Z' },
      { name, value: 4, timestamp: '2026-01-01T00:06:00Z' },
    ]);
    const res = await query(app, {
      name,
      from: '2026-01-01T00:02:00Z',
      to: '2026-01-01T00:10:00Z',
      step: '5m',
      agg: 'sum',
    });
    expect(pairs(res)).toEqual([
      [out('2026-01-01T00:00:00Z'), 2],
      [out('2026-01-01T00:05:00Z'), 4],
    ]);
  });

  it('reads timestamps with offsets as the instant they name', async () => {
    const name = 'offsets';
    await ingest(app, [
      { name, value: 1, timestamp: '2026-01-01T01:30:00+01:00' },
      { name, value: 2, timestamp: '2025-12-31T19:30:30-05:00' },
    ]);
    const res = await query(app, {
      name,
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-01T01:00:00+00:00',
      step: '1m',
      agg: 'sum',
    });
    expect(pairs(res)).toEqual([[out('2026-01-01T00:30:00Z'), 3]]);
  });

  it('reads an offset whose + was written unencoded in the URL (decoded as a space)', async () => {
    const name = 'offsets_plain_plus';
    await ingest(app, [
      { name, value: 1, timestamp: '2026-01-01T00:30:00Z' },
      { name, value: 2, timestamp: '2026-01-01T01:30:00Z' },
    ]);
    // As curl sends it: `+01:00` arrives as ` 01:00`. The window is 00:00Z to 01:00Z.
    const res = await app.get(
      `/api/public/metrics/query?name=${name}&from=2026-01-01T01:00:00+01:00&to=2026-01-01T02:00:00+01:00&agg=sum&step=1h`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data[0].values).toEqual([{ timestamp: out('2026-01-01T00:00:00Z'), value: 1 }]);
    // A space anywhere else is still no time.
    const bad = await app.get(`/api/public/metrics/query?name=${name}&from=2026-01-01T01:00:00+01`);
    expect(bad.status).toBe(400);
  });

  it('omits empty buckets and sorts values by time', async () => {
    const name = 'gaps';
    await ingest(app, [
      { name, value: 3, timestamp: '2026-01-01T00:09:10Z' },
      { name, value: 1, timestamp: '2026-01-01T00:00:10Z' },
      { name, value: 2, timestamp: '2026-01-01T00:04:10Z' },
    ]);
    const res = await query(app, { name, from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:59:00Z', step: '1m' });
    expect(pairs(res)).toEqual([
      [out('2026-01-01T00:00:00Z'), 1],
      [out('2026-01-01T00:04:00Z'), 2],
      [out('2026-01-01T00:09:00Z'), 3],
    ]);
  });
});

describe('several buckets and series of one group', () => {
  it('aggregates the raw points of the group, not per-series results', async () => {
    const name = 'raw_group';
    await ingest(app, [
      { name, labels: { s: 'a', g: 'x' }, value: 1, timestamp: '2026-01-01T00:00:01Z' },
      { name, labels: { s: 'a', g: 'x' }, value: 2, timestamp: '2026-01-01T00:00:02Z' },
      { name, labels: { s: 'a', g: 'x' }, value: 3, timestamp: '2026-01-01T00:00:03Z' },
      { name, labels: { s: 'b', g: 'x' }, value: 10, timestamp: '2026-01-01T00:00:04Z' },
    ]);
    const q = { name, from: '2026-01-01T00:00:00Z', to: '2026-01-01T00:01:00Z', group_by: 'g' };
    // An average of per-series averages would be (2 + 10) / 2 = 6; a median of medians 6 too.
    expect(pairs(await query(app, { ...q, agg: 'avg' }))).toEqual([[out('2026-01-01T00:00:00Z'), 4]]);
    expect(pairs(await query(app, { ...q, agg: 'p50' }))).toEqual([[out('2026-01-01T00:00:00Z'), 2.5]]);
    expect(pairs(await query(app, { ...q, agg: 'last' }))).toEqual([[out('2026-01-01T00:00:00Z'), 10]]);
  });

  it('breaks a tie of last (two series at one instant) by label order, whatever the insert order', async () => {
    for (const [name, order] of [
      ['tie_ab', ['a', 'b']],
      ['tie_ba', ['b', 'a']],
    ] as const) {
      await ingest(
        app,
        order.map((s) => ({ name, labels: { s }, value: s === 'a' ? 1 : 2, timestamp: '2026-01-01T00:00:30Z' })),
      );
      const res = await query(app, {
        name,
        from: '2026-01-01T00:00:00Z',
        to: '2026-01-01T00:01:00Z',
        group_by: 'absent',
        agg: 'last',
      });
      // {s: "a"} sorts first, so its value wins.
      expect(res.data).toEqual([
        { labels: { absent: '' }, values: [{ timestamp: out('2026-01-01T00:00:00Z'), value: 1 }] },
      ]);
    }
  });
});
