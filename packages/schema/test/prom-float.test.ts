import { describe, expect, it } from 'vitest';
import { formatPromFloat } from '../src/prom-float.ts';

describe('formatPromFloat (Go strconv.FormatFloat with f, -1)', () => {
  it.each([
    [0, '0'],
    [-0, '-0'],
    [1.5, '1.5'],
    [1e21, '1000000000000000000000'],
    [1.25e-7, '0.000000125'],
    [-3.4e-10, '-0.00000000034'],
    [123456789012345680000, '123456789012345680000'],
    [0.1 + 0.2, '0.30000000000000004'],
    [Number.NaN, 'NaN'],
    [Number.POSITIVE_INFINITY, '+Inf'],
    [Number.NEGATIVE_INFINITY, '-Inf'],
    [5e-324, `0.${'0'.repeat(323)}5`],
  ])('%s -> %s', (v, want) => {
    expect(formatPromFloat(v)).toBe(want);
  });
});
