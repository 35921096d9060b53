import { describe, expect, it } from 'vitest';
import { encodeMatrix, formatTime, formatValue } from '../../src/prometheus/format.ts';

/** The answer as the API's objects, through JSON.stringify: what encodeMatrix must write. */
type Answer = { metric: Record<string, string>; points: [number, number][] }[];

const viaObjects = (series: Answer) =>
  JSON.stringify({
    resultType: 'matrix',
    result: series.map((s) => ({
      metric: Object.fromEntries(Object.entries(s.metric).sort(([a], [b]) => (a < b ? -1 : 1))),
      values: s.points.map(([t, v]) => [formatTime(t), formatValue(v)]),
    })),
  });

describe('encodeMatrix', () => {
  it('writes what JSON.stringify of the answer objects writes, byte for byte', () => {
    const series: Answer = [
      {
        metric: { zone: 'b"q\\uote\n', __name__: 'x', host: 'é☃\u0001' },
        points: [
          [1_767_225_600_000, Number.NaN],
          [1_767_225_600_001, Number.POSITIVE_INFINITY],
          [1_767_225_600_999, Number.NEGATIVE_INFINITY],
          [-5, -0],
          [0, 1e-300],
          [1, 1.7976931348623157e308],
          [2, 0.1 + 0.2],
          [3, -123456789.125],
        ],
      },
      { metric: {}, points: [] },
      { metric: { a: '' }, points: [[1_700_000_000_123, 5e-7]] },
    ];
    const text = encodeMatrix(series);
    expect(text).toBe(viaObjects(series));
    expect(JSON.parse(text).result[0].values[0]).toEqual([1_767_225_600, 'NaN']);
  });

  it('writes an empty matrix', () => {
    expect(encodeMatrix([])).toBe('{"resultType":"matrix","result":[]}');
  });
});
