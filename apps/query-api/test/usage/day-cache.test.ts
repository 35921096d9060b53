import { describe, expect, it } from 'vitest';
import { DailyDayCache, type DayResult } from '../../src/usage/day-cache.ts';
import type { DayWrites } from '../../src/usage/day-writes.ts';

const writes = (counts: Record<string, number>): DayWrites => ({
  byDate: new Map(Object.entries(counts)),
  total: Object.values(counts).reduce((a, b) => a + b, 0),
});
const usage = (model: string): DayResult['usage'][number] => ({
  model,
  inputUsage: 1,
  outputUsage: 1,
  totalUsage: 2,
  countTraces: 1,
  countObservations: 1,
  totalCost: 0.5,
});
const DAY: DayResult = { traces: 3, usage: [usage('gpt-4o')] };
const nothingTouched = async () => [];

describe('DailyDayCache', () => {
  it('drops exactly the days the new writes touch, and keeps the others', async () => {
    const cache = new DailyDayCache();
    const g = (await cache.advance('p', writes({ '2026-04-01': 2, '2026-04-02': 1 }), nothingTouched))!;
    cache.set('p', '2026-04-01', 'f', g, DAY);
    cache.set('p', '2026-04-02', 'f', g, DAY);
    cache.set('p', '2026-04-02', 'other filter', g, DAY);
    let asked: string[] = [];
    const next = await cache.advance('p', writes({ '2026-04-01': 2, '2026-04-02': 1, '2026-11-25': 1 }), async (d) => {
      asked = d;
      return ['2026-04-02', '2026-11-25'];
    });
    expect(asked).toEqual(['2026-11-25']);
    expect(cache.get('p', '2026-04-01', 'f', next!)).toEqual(DAY);
    expect(cache.get('p', '2026-04-02', 'f', next!)).toBeUndefined();
    expect(cache.get('p', '2026-04-02', 'other filter', next!)).toBeUndefined();
  });

  it('unchanged counts keep the generation; older counts and stale generations bypass it', async () => {
    const cache = new DailyDayCache();
    const g = (await cache.advance('p', writes({ a: 5 }), nothingTouched))!;
    expect(await cache.advance('p', writes({ a: 5 }), nothingTouched)).toBe(g);
    expect(await cache.advance('p', writes({ a: 4 }), nothingTouched)).toBeUndefined();
    const g2 = (await cache.advance('p', writes({ a: 6 }), nothingTouched))!;
    cache.set('p', 'a', 'f', g, DAY);
    expect(cache.get('p', 'a', 'f', g2)).toBeUndefined();
    expect(cache.size.entries).toBe(0);
  });

  it('a request whose counts another request moved past while it looked stores nothing', async () => {
    const cache = new DailyDayCache();
    const g = (await cache.advance('p', writes({ a: 1 }), nothingTouched))!;
    cache.set('p', 'a', 'f', g, DAY);
    let release!: () => void;
    const slow = cache.advance('p', writes({ a: 2 }), () => new Promise((r) => (release = () => r(['a']))));
    const fast = await cache.advance('p', writes({ a: 3 }), async () => ['a']);
    release();
    expect(await slow).toBeUndefined();
    cache.set('p', 'a', 'f', fast!, DAY);
    expect(cache.get('p', 'a', 'f', fast!)).toEqual(DAY);
  });

  it('is bounded in bytes, least recently used first', async () => {
    const cache = new DailyDayCache(20_000);
    const g = (await cache.advance('p', writes({ a: 1 }), nothingTouched))!;
    cache.set('p', '2026-01-01', 'kept', g, DAY);
    for (let i = 0; i < 2000; i++) {
      cache.get('p', '2026-01-01', 'kept', g);
      cache.set('p', '2026-01-01', `filter ${i}`, g, { traces: 1, usage: [usage(`model-${i}`), usage('m')] });
    }
    expect(cache.size.bytes).toBeLessThanOrEqual(20_000);
    expect(cache.size.entries).toBeGreaterThan(10);
    expect(cache.size.entries).toBeLessThan(2000);
    expect(cache.get('p', '2026-01-01', 'kept', g)).toEqual(DAY);
    expect(cache.get('p', '2026-01-01', 'filter 0', g)).toBeUndefined();
  });

  it("keeps each project's counts and days apart: a write of one project drops none of another's days", async () => {
    const cache = new DailyDayCache();
    const a = (await cache.advance('a', writes({ '2026-04-01': 1 }), nothingTouched))!;
    const b = (await cache.advance('b', writes({ '2026-04-01': 7 }), nothingTouched))!;
    cache.set('a', '2026-04-01', 'f', a, DAY);
    cache.set('b', '2026-04-01', 'f', b, { traces: 9, usage: [] });
    expect(cache.get('a', '2026-04-01', 'f', a)).toEqual(DAY);
    expect(cache.get('b', '2026-04-01', 'f', b)).toEqual({ traces: 9, usage: [] });
    const a2 = await cache.advance('a', writes({ '2026-04-01': 2 }), async () => ['2026-04-01']);
    expect(cache.get('a', '2026-04-01', 'f', a2!)).toBeUndefined();
    expect(cache.get('b', '2026-04-01', 'f', b)).toEqual({ traces: 9, usage: [] });
  });
});
