import { describe, expect, it } from 'vitest';
import { formatValue } from '../../src/prometheus/format.ts';

describe('formatValue (sample values as Prometheus 2.42 answers them)', () => {
  it.each([
    [0, '0'],
    [-0, '-0'],
    [1.5, '1.5'],
    [0.000001, '0.000001'],
    [1.25e-7, '1.25e-07'],
    [-3.4e-10, '-3.4e-10'],
    [8.881784197001252e-16, '8.881784197001252e-16'],
    [5e-324, '5e-324'],
    [123456789012345680000, '123456789012345680000'],
    [1e21, '1e+21'],
    [-2.5e22, '-2.5e+22'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, '+Inf'],
    [Number.NEGATIVE_INFINITY, '-Inf'],
  ])('%s -> %s', (v, want) => {
    expect(formatValue(v)).toBe(want);
  });
});
