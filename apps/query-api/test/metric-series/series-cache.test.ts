import { describe, expect, it } from 'vitest';
import { MetricSeriesCache } from '../../src/metric-series/series-cache.ts';
import type { SeriesInfo } from '../../src/metric-series/series-source.ts';
import { matching, type SeriesSource } from '../../src/metric-series/series-source.ts';

const s = (id: string, labels: Record<string, string>): SeriesInfo => ({ id, labels });
const stored = [s('1', { host: 'a', region: 'eu' }), s('2', { host: 'b', region: 'eu' }), s('3', { region: 'us' })];
const labelBytes = (series: SeriesInfo[]) =>
  series.reduce((n, x) => n + Object.entries(x.labels).reduce((m, [k, v]) => m + k.length + v.length, 0), 0);

/** A loader that counts its reads and answers from `table[0]`, which a test may change. */
function loader(table: SeriesInfo[][]) {
  const calls: string[] = [];
  return {
    calls,
    size: async () => {
      calls.push('size');
      return { series: table[0]!.length, labelBytes: labelBytes(table[0]!) };
    },
    all: async () => {
      calls.push('all');
      return table[0]!;
    },
  };
}

const ids = async (source: SeriesSource | undefined, labels: Record<string, string>) =>
  (await source!.candidates({ labels })).series.map((c) => c.id);

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
    expect(await ids(await cache.source('p', 'cpu', db), { region: 'eu' })).toEqual(['1', '2']);
    expect(await ids(await cache.source('p', 'cpu', db), { region: 'us' })).toEqual(['3']);
    // The total is every series of the name, whatever the filter.
    expect((await (await cache.source('p', 'cpu', db))!.candidates({ labels: { region: 'us' } })).total).toBe(3);
    expect(db.calls).toEqual(['size', 'all']);
  });

  it('gives the group value of each series and the labels of the series asked for', async () => {
    const source = await new MetricSeriesCache().source('p', 'cpu', loader([stored]));
    expect((await source!.candidates({ labels: {}, groupBy: 'host' })).series).toEqual([
      { id: '1', value: 'a' },
      { id: '2', value: 'b' },
      { id: '3', value: '' },
    ]);
    const pages: SeriesInfo[][] = [];
    await source!.labelsOf(['3', '1', 'unknown'], (page) => pages.push(page));
    expect(pages).toEqual([[stored[2], stored[0]]]);
  });

  it('reads again after an invalidation, so a series written since is found', async () => {
    const cache = new MetricSeriesCache();
    const table = [stored];
    const db = loader(table);
    await cache.source('p', 'cpu', db);
    table[0] = [...stored, s('4', { region: 'us', host: 'z' })];
    cache.invalidate();
    expect(await ids(await cache.source('p', 'cpu', db), { region: 'us' })).toEqual(['3', '4']);
    expect(db.calls.filter((c) => c === 'all')).toHaveLength(2);
  });

  it('does not keep a read that an invalidation overlapped (it may predate the write)', async () => {
    const cache = new MetricSeriesCache();
    let release!: () => void;
    const slow = {
      size: async () => ({ series: 3, labelBytes: 10 }),
      all: async () => {
        await new Promise<void>((r) => {
          release = r;
        });
        return stored;
      },
    };
    const pending = cache.source('p', 'cpu', slow);
    await new Promise((r) => setTimeout(r, 0));
    cache.invalidate();
    release();
    expect(await ids(await pending, {})).toEqual(['1', '2', '3']);
    const db = loader([[...stored, s('4', { region: 'us' })]]);
    expect(await ids(await cache.source('p', 'cpu', db), {})).toHaveLength(4);
    expect(db.calls).toEqual(['size', 'all']);
  });

  it('leaves a name with more than maxPerName series to SQL, and remembers that', async () => {
    const cache = new MetricSeriesCache({ maxPerName: 2, maxBytesPerName: 2 ** 20, maxBytes: 2 ** 20 });
    const db = loader([stored]);
    expect(await cache.source('p', 'cpu', db)).toBeUndefined();
    expect(await cache.source('p', 'cpu', db)).toBeUndefined();
    expect(db.calls).toEqual(['size']);
  });

  it('leaves a name whose labels take more than maxBytesPerName to SQL, without reading them', async () => {
    // 3 series x 200 bytes of overhead + 2 bytes per label byte: about 640 bytes.
    const cache = new MetricSeriesCache({ maxPerName: 10, maxBytesPerName: 600, maxBytes: 2 ** 20 });
    const db = loader([stored]);
    expect(await cache.source('p', 'cpu', db)).toBeUndefined();
    expect(db.calls).toEqual(['size']);
    const roomy = new MetricSeriesCache({ maxPerName: 10, maxBytesPerName: 700, maxBytes: 2 ** 20 });
    expect(await roomy.source('p', 'cpu', db)).toBeDefined();
    expect(roomy.heldBytes).toBe(3 * 200 + 2 * labelBytes(stored));
  });

  it('answers but does not keep a name that would pass maxBytes in all', async () => {
    const cache = new MetricSeriesCache({ maxPerName: 10, maxBytesPerName: 1000, maxBytes: 1000 });
    const db = loader([stored]);
    await cache.source('p', 'a', db);
    expect(await ids(await cache.source('p', 'b', db), {})).toEqual(['1', '2', '3']);
    await cache.source('p', 'b', db);
    await cache.source('p', 'a', db);
    expect(db.calls.filter((c) => c === 'all')).toHaveLength(3);
    expect(cache.heldBytes).toBeLessThanOrEqual(1000);
  });
});
