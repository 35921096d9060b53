import { describe, expect, it } from 'vitest';
import { roundCostSum } from '../src/cost-sum.ts';

describe('roundCostSum', () => {
  it('drops the binary noise of float sums', () => {
    expect(roundCostSum(0.1 + 0.2)).toBe(0.3);
    expect(roundCostSum(0.00001 + 0.00002)).toBe(0.00003);
    expect(roundCostSum(1.2499999999999999e-5)).toBe(0.0000125);
    let sum = 0;
    for (let i = 0; i < 10_000; i++) sum += 0.1;
    expect(roundCostSum(sum)).toBe(1000);
  });

  it('keeps twelve significant digits, and cents however large the sum', () => {
    expect(roundCostSum(0.123456789012345)).toBe(0.123456789012);
    expect(roundCostSum(1e12 + 0.25)).toBe(1e12 + 0.25);
    expect(roundCostSum(2.5e-6 * 1234)).toBe(0.003085);
  });

  it('passes 0, placeholders and non-finite values through', () => {
    expect(roundCostSum(0)).toBe(0);
    expect(roundCostSum(-1)).toBe(-1);
    expect(roundCostSum(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });
});
