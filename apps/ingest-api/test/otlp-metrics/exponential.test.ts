import { describe, expect, it } from 'vitest';
import { expBuckets, expResolution } from '../../src/otlp-metrics/exponential.ts';

const point = (scale: number, positive: [number, number[]], negative: [number, number[]] = [0, []]) => ({
  scale,
  count: positive[1].reduce((a, b) => a + b, 0) + negative[1].reduce((a, b) => a + b, 0),
  zeroCount: 0,
  zeroThreshold: 0,
  positive: { offset: positive[0], bucketCounts: positive[1] },
  negative: { offset: negative[0], bucketCounts: negative[1] },
});

describe('expResolution', () => {
  it('keeps a histogram within the limit at its own scale', () => {
    expect(expResolution(point(3, [5, [1, 2, 3]]), 3)).toEqual({ scale: 3, steps: 0 });
  });

  it('lowers the scale until both sides together fit', () => {
    // Indexes 0..99 take 100 buckets, 50 one scale down, 25 two scales down.
    expect(expResolution(point(3, [0, Array(100).fill(1)]), 50)).toEqual({ scale: 2, steps: 1 });
    expect(expResolution(point(3, [0, Array(100).fill(1)], [0, Array(100).fill(1)]), 50)).toEqual({
      scale: 1,
      steps: 2,
    });
  });

  it('merges negative indexes by flooring them', () => {
    // Indexes -2 and -1 share index -1 one scale down; -1 and 0 never share one (1 is a bound at every scale).
    expect(expResolution(point(0, [-2, [1, 1]]), 1)).toEqual({ scale: -1, steps: 1 });
    expect(expResolution(point(0, [-1, [1, 1]]), 1)).toMatch(/even at scale -10/);
  });

  it('refuses a scale outside the data model and a histogram that cannot fit', () => {
    expect(expResolution(point(21, [0, [1]]), 160)).toMatch(/scale 21 outside -10..20/);
    expect(expResolution(point(-11, [0, [1]]), 160)).toMatch(/scale -11 outside/);
    expect(expResolution(point(-10, [0, [1, 1]]), 1)).toMatch(/more than 1 buckets even at scale -10/);
  });
});

describe('expBuckets', () => {
  it('merges adjacent buckets one scale down, keeping every count and the bounds that remain', () => {
    // Scale 1: bucket i is (2^(i/2), 2^((i+1)/2)]. One scale down (base 2), indexes 0..3 become 0..1.
    const p = point(1, [0, [1, 2, 3, 4]], [1, [5, 6]]);
    const buckets = expBuckets(p, { scale: 0, steps: 1 });
    expect(buckets).toEqual([
      // Negative indexes 1 and 2 lower to 0 and 1: [-2, -1) holds 5, [-4, -2) holds 6.
      [-2, 6],
      [-1, 5],
      [0, 0],
      [2, 3],
      [4, 7],
    ]);
    expect(buckets.reduce((a, [, c]) => a + c, 0)).toBe(p.count);
  });
});
