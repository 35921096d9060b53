import { describe, expect, it } from 'vitest';
import { groupSeries, labelsKey, sortedLabels } from '../../src/metrics/groups.ts';

const s = (id: string, labels: Record<string, string>) => ({ id, labels });

describe('groupSeries', () => {
  const series = [
    s('1', { region: 'us', host: 'b' }),
    s('2', { host: 'a', region: 'eu' }),
    s('3', { region: 'eu' }),
    s('4', { host: 'a', region: 'us' }),
  ];

  it('without group_by: one group per series, labelled with its sorted labels, ordered by labels', () => {
    const groups = groupSeries(series);
    expect(groups.map((g) => g.labels)).toEqual([
      { host: 'a', region: 'eu' },
      { host: 'a', region: 'us' },
      { host: 'b', region: 'us' },
      { region: 'eu' },
    ]);
    expect(groups.map((g) => Object.keys(g.labels))).toEqual([
      ['host', 'region'],
      ['host', 'region'],
      ['host', 'region'],
      ['region'],
    ]);
    expect(groups.map((g) => g.members)).toEqual([['2'], ['4'], ['1'], ['3']]);
  });

  it('with group_by: one group per value, a missing key is the group ""', () => {
    const groups = groupSeries(series, 'host');
    expect(groups.map((g) => [g.labels, g.members])).toEqual([
      [{ host: '' }, ['3']],
      [{ host: 'a' }, ['2', '4']],
      [{ host: 'b' }, ['1']],
    ]);
  });

  it('orders the series inside a group by their labels (the tie-break of last)', () => {
    const groups = groupSeries([s('9', { g: 'x', k: 'z' }), s('8', { g: 'x', k: 'a' })], 'g');
    expect(groups[0]?.members).toEqual(['8', '9']);
  });

  it('orders by code units of the canonical JSON, so "h10" comes before "h2"', () => {
    const groups = groupSeries([s('1', { h: 'h2' }), s('2', { h: 'h10' }), s('3', { h: 'H1' })]);
    expect(groups.map((g) => g.labels.h)).toEqual(['H1', 'h10', 'h2']);
  });
});

describe('labelsKey and sortedLabels', () => {
  it('ignore key order and keep unusual characters apart', () => {
    expect(labelsKey({ b: '1', a: '2' })).toBe(labelsKey({ a: '2', b: '1' }));
    expect(labelsKey({ a: 'b,c' })).not.toBe(labelsKey({ a: 'b', c: '' }));
    expect(Object.keys(sortedLabels({ z: '', a: '', m: '' }))).toEqual(['a', 'm', 'z']);
  });
});

describe('label keys named like built-in object members', () => {
  const proto = JSON.parse('{"__proto__":"x","constructor":"c","toString":"t"}');
  const special = [s('1', proto), s('2', { k: 'v' })];

  it('are kept in the labels of a series', () => {
    expect(JSON.stringify(groupSeries(special).map((g) => g.labels))).toBe(
      '[{"__proto__":"x","constructor":"c","toString":"t"},{"k":"v"}]',
    );
  });

  it('group like any key, series lacking them forming the group ""', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty']) {
      const groups = groupSeries(special, key).map((g) => [JSON.stringify(g.labels), g.members]);
      const value = Object.hasOwn(proto, key) ? (proto[key] as string) : undefined;
      expect(groups, key).toEqual(
        value === undefined
          ? [[`{"${key}":""}`, ['1', '2']]]
          : [
              [`{"${key}":""}`, ['2']],
              [`{"${key}":"${value}"}`, ['1']],
            ],
      );
    }
  });
});
