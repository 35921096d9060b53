import { describe, expect, it } from 'vitest';
import { chToIso, chToMicros, isoToMicros, microsToCh, microsToIso, nanosToMicros } from '../src/time.ts';

describe('isoToMicros', () => {
  it('keeps microseconds exactly', () => {
    expect(isoToMicros('2026-01-01T00:00:00.123456Z')).toBe(1767225600123456);
    expect(isoToMicros('2026-01-01T00:00:00.123456789Z')).toBe(1767225600123456);
  });
  it('applies offsets', () => {
    expect(isoToMicros('2026-01-01T02:00:00+02:00')).toBe(isoToMicros('2026-01-01T00:00:00Z'));
    expect(isoToMicros('2025-12-31T19:30:00-0430')).toBe(isoToMicros('2026-01-01T00:00:00Z'));
  });
  it('refuses times without a zone and impossible dates', () => {
    expect(isoToMicros('2026-01-01T00:00:00')).toBeNull();
    expect(isoToMicros('2026-02-31T00:00:00Z')).toBeNull();
    expect(isoToMicros('2026-01-01')).toBeNull();
    expect(isoToMicros('yesterday')).toBeNull();
  });
  it('refuses offsets that are not a zone', () => {
    expect(isoToMicros('2026-01-01T00:00:00+99:99')).toBeNull();
    expect(isoToMicros('2026-01-01T00:00:00+25:00')).toBeNull();
    expect(isoToMicros('2026-01-01T00:00:00-0060')).toBeNull();
    expect(isoToMicros('2026-01-01T23:59:00-23:59')).toBe(isoToMicros('2026-01-02T23:58:00Z'));
  });
});

describe('conversions', () => {
  it('nanoseconds truncate to microseconds without float loss', () => {
    expect(nanosToMicros('1767225600123456789')).toBe(1767225600123456);
    expect(nanosToMicros(1767225600123456789n)).toBe(1767225600123456);
  });
  it('formats for ClickHouse and back to ISO', () => {
    expect(microsToCh(1767225600000001)).toBe('1767225600.000001');
    expect(microsToIso(1767225600123456)).toBe('2026-01-01T00:00:00.123Z');
    expect(chToIso('2026-01-01 00:00:00.123456')).toBe('2026-01-01T00:00:00.123Z');
    expect(chToIso('2026-01-01 00:00:00')).toBe('2026-01-01T00:00:00.000Z');
  });
});

describe('microsToCh', () => {
  // ClickHouse reads fewer than ten digits as a date (YYYYMMDD...), so seconds are padded to ten.
  it('pads seconds before 2001-09-09 to ten digits', () => {
    expect(microsToCh(0)).toBe('0000000000.000000');
    expect(microsToCh(946684799123456)).toBe('0946684799.123456');
    expect(microsToCh(999999999999999)).toBe('0999999999.999999');
    expect(microsToCh(1000000000000000)).toBe('1000000000.000000');
  });
  it('writes a date and time in UTC outside ten digits of seconds', () => {
    expect(microsToCh(-1)).toBe('1969-12-31 23:59:59.999999');
    expect(microsToCh(-2208988800000000)).toBe('1900-01-01 00:00:00.000000');
    expect(microsToCh(10000000000000000)).toBe('2286-11-20 17:46:40.000000');
  });
  it('is undone by chToMicros, in either spelling', () => {
    for (const us of [
      0, 1, 946684799123456, 999999999999999, 1767225600000001, 7258118399999999, -1, -2208988800000000,
      10000000000000000, 10000000000000124,
    ])
      expect(chToMicros(microsToCh(us)), String(us)).toBe(us);
  });
});
