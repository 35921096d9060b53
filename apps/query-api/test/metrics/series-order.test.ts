import { describe, expect, it } from 'vitest';
import type { SeriesInfo } from '../../src/metric-series/series-source.ts';
import { type Group, labelsKey } from '../../src/metrics/groups.ts';
import { firstByLabels, ORDER_PREFIX_CHARS, orderMembers } from '../../src/metrics/series-order.ts';
import { memorySource, type SeriesSource } from '../../src/metric-series/series-source.ts';

const s = (id: string, labels: Record<string, string>): SeriesInfo => ({ id, labels });

/** A memory source that hands out labels `size` series at a time and records what it was asked. */
function paged(all: SeriesInfo[], size: number) {
  const asked: string[][] = [];
  const inner = memorySource(all);
  const source: SeriesSource = {
    candidates: inner.candidates,
    async labelsOf(ids, page) {
      asked.push([...ids]);
      for (let i = 0; i < ids.length; i += size) await inner.labelsOf(ids.slice(i, i + size), page);
    },
  };
  return { source, asked };
}

describe('firstByLabels', () => {
  it('keeps the first k by labels across pages, in order', async () => {
    const all = ['h10', 'h2', 'H1', 'a', 'z', 'h1'].map((h, i) => s(String(i), { h }));
    const { source } = paged(all, 2);
    const first = await firstByLabels(
      source,
      all.map((x) => x.id),
      3,
    );
    expect(first.map((x) => x.labels.h)).toEqual(['H1', 'a', 'h1']);
    expect((await firstByLabels(source, ['0', '1'], 2)).map((x) => x.labels.h)).toEqual(['h10', 'h2']);
    expect(await firstByLabels(source, [], 0)).toEqual([]);
  });
});

describe('orderMembers', () => {
  it('puts the members of shared groups in label order and leaves single ones alone', async () => {
    const all = [s('1', { g: 'x', k: 'z' }), s('2', { g: 'x', k: 'a' }), s('3', { g: 'y' })];
    const { source, asked } = paged(all, 1);
    const groups: Group[] = [
      { labels: { g: 'x' }, key: '', members: ['1', '2'] },
      { labels: { g: 'y' }, key: '', members: ['3'] },
    ];
    await orderMembers(source, groups);
    expect(groups.map((g) => g.members)).toEqual([['2', '1'], ['3']]);
    expect(asked).toEqual([['1', '2']]);
  });

  it('orders members whose long keys share their first characters by the whole keys', async () => {
    const long = 'v'.repeat(ORDER_PREFIX_CHARS);
    // 4 and 5 tie on their first ORDER_PREFIX_CHARS characters and differ after; 6 differs before.
    const all = [s('4', { a: long, b: '2' }), s('5', { a: long, b: '1' }), s('6', { a: 'u' })];
    const { source, asked } = paged(all, 2);
    const groups: Group[] = [{ labels: {}, key: '', members: ['4', '5', '6'] }];
    await orderMembers(source, groups);
    const expected = [...all].sort((x, y) => (labelsKey(x.labels) < labelsKey(y.labels) ? -1 : 1)).map((x) => x.id);
    expect(groups[0]!.members).toEqual(expected);
    expect(expected).toEqual(['6', '5', '4']);
    // The second read asks for the tied members only.
    expect(asked).toEqual([
      ['4', '5', '6'],
      ['4', '5'],
    ]);
  });
});
