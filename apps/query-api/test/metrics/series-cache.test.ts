import { describe, expect, it } from 'vitest';
import type { SeriesInfo } from '../../src/metrics/groups.ts';
import { MetricSeriesCache, matching } from '../../src/metrics/series-cache.ts';

const s = (id: string, labels: Record<string, string>): SeriesInfo => ({ id, labels });
const stored = [s('1', { host: 'a', region: 'eu' }), s('2', { host: 'b', region: 'eu' }), s('3', { region: 'us' })];

/** A loader that counts its calls and answers from `table`, which a test may change. */
function loader(table: SeriesInfo[][]) {
  const calls: number[] = [];
  return {
    calls,
    load: async (limit: number) => {
      calls.push(limit);
      return table[0]!.slice(0, limit);
    },
  };
}

describe('matching', () => {
  it('keeps the series whose labels contain every pair, and every series for no filter', () => {
    expect(matching(stored, { region: 'eu' }).map((x) => x.id)).toEqual(['1', '2']);
    expect(matching(stored, { region: 'eu', host: 'b' }).map((x) => x.id)).toEqual(['2']);
    expect(matching(stored, { host: 'c' })).toEqual([]);
    expect(matching(stored, {})).toEqual(stored);
  });
});

describe('matching keys named like built-in object members', () => {
  it('matches them as keys: present with the value, never through the prototype', () => {
    const proto = s('9', JSON.parse('{"__proto__":"x","constructor":"c"}'));
    const plain = s('8', { k: 'v' });
    const filter = (json: string) => matching([proto, plain], JSON.parse(json)).map((x) => x.id);
    expect(filter('{"__proto__":"nope"}')).toEqual([]);
    expect(filter('{"__proto__":"x"}')).toEqual(['9']);
    expect(filter('{"constructor":"c"}')).toEqual(['9']);
    expect(filter('{"toString":"t"}')).toEqual([]);
  });
});

describe('MetricSeriesCache', () => {
  it('reads the series of a name once, then answers every label filter from memory', async () => {
    const cache = new MetricSeriesCache();
    const db = loader([stored]);
    expect((await cache.find('cpu', { region: 'eu' }, db.load))?.series.map((x) => x.id)).toEqual(['1', '2']);
    expect((await cache.find('cpu', { region: 'us' }, db.load))?.series.map((x) => x.id)).toEqual(['3']);
    // The total is every series of the name, whatever the filter.
    expect((await cache.find('cpu', { region: 'us' }, db.load))?.total).toBe(3);
    expect(db.calls).toHaveLength(1);
  });

  it('reads again after an invalidation, so a series written since is found', async () => {
    const cache = new MetricSeriesCache();
    const table = [stored];
    const db = loader(table);
    await cache.find('cpu', {}, db.load);
    table[0] = [...stored, s('4', { region: 'us', host: 'z' })];
    cache.invalidate();
    expect((await cache.find('cpu', { region: 'us' }, db.load))?.series.map((x) => x.id)).toEqual(['3', '4']);
    expect(db.calls).toHaveLength(2);
  });

  it('does not keep a read that an invalidation overlapped (it may predate the write)', async () => {
    const cache = new MetricSeriesCache();
    let release!: () => void;
    const slow = async () => {
      await new Promise<void>((r) => {
        release = r;
      });
      return stored;
    };
    const pending = cache.find('cpu', {}, slow);
    cache.invalidate();
    release();
    expect((await pending)?.series).toEqual(stored);
    const db = loader([[...stored, s('4', { region: 'us' })]]);
    expect((await cache.find('cpu', {}, db.load))?.series).toHaveLength(4);
    expect(db.calls).toHaveLength(1);
  });

  it('leaves a name with more than maxPerName series to SQL, and remembers that', async () => {
    const cache = new MetricSeriesCache(2);
    const db = loader([stored]);
    expect(await cache.find('cpu', { region: 'eu' }, db.load)).toBeUndefined();
    expect(await cache.find('cpu', {}, db.load)).toBeUndefined();
    expect(db.calls).toEqual([3]);
  });

  it('answers but does not keep a name that would pass maxSeries in all', async () => {
    const cache = new MetricSeriesCache(10, 4);
    const db = loader([stored]);
    await cache.find('a', {}, db.load);
    expect(await cache.find('b', {}, db.load)).toEqual({ series: stored, total: 3 });
    await cache.find('b', {}, db.load);
    await cache.find('a', {}, db.load);
    expect(db.calls).toHaveLength(3);
  });
});
