import { describe, expect, it } from 'vitest';
import { chToIso, isoToMicros, microsToCh, microsToIso, nanosToMicros } from '../src/time.ts';

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
