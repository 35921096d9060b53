import { describe, expect, it } from 'vitest';
import type { Score } from '../src/api/types.ts';
import { formatCompact, formatCost, formatCount, formatDuration, truncate } from '../src/lib/format.ts';
import { scoreValue } from '../src/trace-detail/scores.tsx';

describe('formats', () => {
  it('durations from seconds', () => {
    expect(formatDuration(0.0123)).toBe('12 ms');
    expect(formatDuration(1.25)).toBe('1.25 s');
    expect(formatDuration(12.34)).toBe('12.3 s');
    expect(formatDuration(125)).toBe('2m 05s');
    expect(formatDuration(3725)).toBe('1h 02m');
    // A value that rounds up to the next unit is shown in it.
    expect(formatDuration(0.9996)).toBe('1.00 s');
    expect(formatDuration(9.996)).toBe('10.0 s');
    expect(formatDuration(59.97)).toBe('1m 00s');
    // -1 is the API's "metrics group excluded"
    expect(formatDuration(-1)).toBe('–');
  });

  it('costs in USD with digits that tell small costs apart', () => {
    expect(formatCost(0)).toBe('$0');
    expect(formatCost(0.000042)).toBe('$0.000042');
    expect(formatCost(0.0123)).toBe('$0.0123');
    expect(formatCost(12.5)).toBe('$12.50');
    // Thousands separated as counts are; the smallest costs in plain decimals.
    expect(formatCost(1234.56780012)).toBe('$1,234.57');
    expect(formatCost(1_000_000)).toBe('$1,000,000.00');
    expect(formatCost(0.99999)).toBe('$1.00');
    expect(formatCost(0.00000012)).toBe('$0.00000012');
    expect(formatCost(0.0000001234)).toBe('$0.00000012');
    expect(formatCost(-1)).toBe('–');
  });

  it('counts exact and compact', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCompact(950)).toBe('950');
    expect(formatCompact(12_345)).toBe('12.3K');
    expect(formatCompact(-1)).toBe('–');
  });

  it('truncates to one line', () => {
    expect(truncate('a\n  b   c', 10)).toBe('a b c');
    expect(truncate('abcdefghij', 5)).toBe('abcd…');
  });

  it('score values: numbers to six significant digits, labels as they are', () => {
    const numeric = (value: number) => scoreValue({ value, dataType: 'NUMERIC' } as Score);
    expect(numeric(0.9)).toBe('0.9');
    expect(numeric(0.0004)).toBe('0.0004');
    expect(numeric(12345.6789)).toBe('12,345.7');
    expect(numeric(-0.5)).toBe('-0.5');
    expect(numeric(3)).toBe('3');
    expect(scoreValue({ value: 1, stringValue: 'True', dataType: 'BOOLEAN' } as Score)).toBe('True');
  });
});
