import { describe, expect, it } from 'vitest';
import { goFloat, parseStepMs, parseTimeMs } from '../../src/prometheus/duration.ts';

describe("goFloat (Go's strconv.ParseFloat, finite numbers)", () => {
  it.each([
    ['1767227400', 1767227400],
    ['+1.5', 1.5],
    ['.5', 0.5],
    ['5.', 5],
    ['1.5E+3', 1500],
    ['1_767_227_400', 1767227400],
    ['1_0.5_5', 10.55],
    ['0x1p30', 2 ** 30],
    ['0x1.8p1', 3],
    ['-0X1P+2', -4],
  ])('%s -> %s', (text, want) => {
    expect(goFloat(text)).toBe(want);
  });

  it.each([' 1', '1 ', '', '0x6965C5C8', '1__0', '_10', '10_', '1_.5', 'Inf', 'NaN', 'infinity', '1e400', '0x'])(
    '%j is no number',
    (text) => {
      expect(goFloat(text)).toBeUndefined();
    },
  );
});

describe("parseTimeMs (Prometheus' parseTime)", () => {
  it('reads RFC 3339 as Go does: a comma before the fraction, up to nine digits, fields in range', () => {
    expect(parseTimeMs('2026-01-01T00:30:00,5Z', 'time')).toBe(Date.UTC(2026, 0, 1, 0, 30, 0, 500));
    expect(parseTimeMs('2026-01-01T00:30:00.123456789Z', 'time')).toBe(Date.UTC(2026, 0, 1, 0, 30, 0, 123));
    expect(parseTimeMs('2024-02-29T01:00:00+01:00', 'time')).toBe(Date.UTC(2024, 1, 29));
    expect(parseTimeMs('0099-01-01T00:00:00Z', 'time')).toBe(-59042995200000);
    for (const bad of [
      '2026-02-30T00:00:00Z',
      '2100-02-29T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-01-01T00:60:00Z',
      '2026-01-01T00:00:60Z',
      '2026-13-01T00:00:00Z',
      '2026-01-01T00:30:00.1234567890Z',
      '2026-01-01T00:30:00',
      '2026-01-01 00:30:00Z',
    ]) {
      expect(() => parseTimeMs(bad, 'time'), bad).toThrow(/cannot parse/);
    }
  });

  it('takes the numbers Go takes and refuses the others, steps too', () => {
    expect(parseTimeMs('1_767_227_400', 'time')).toBe(1767227400000);
    expect(() => parseTimeMs(' 1767227400', 'time')).toThrow(/cannot parse/);
    expect(() => parseTimeMs('0x6965C5C8', 'time')).toThrow(/cannot parse/);
    expect(parseStepMs('1_5')).toBe(15000);
    expect(parseStepMs('0x1p4')).toBe(16000);
    expect(() => parseStepMs(' 15')).toThrow(/cannot parse/);
  });
});
