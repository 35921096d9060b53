import { describe, expect, it } from 'vitest';
import { opentelemetry } from '../../proto/static/otlp.js';
import { spanTimes, toNanos } from '../../src/otlp/times.ts';

const Span = opentelemetry.proto.trace.v1.Span;

describe('toNanos keeps all 64 bits', () => {
  // 2026-01-01T00:00:00.123456789Z: beyond 2^53, so a double would lose the last digits.
  const NANOS = 1_767_225_600_123_456_789n;

  it('from a protobuf-decoded Long', () => {
    const bytes = Span.encode({ startTimeUnixNano: NANOS.toString() }).finish();
    const decoded = Span.decode(bytes);
    expect(toNanos(decoded.startTimeUnixNano as never)).toBe(NANOS);
  });

  it('from a decimal string, and from a safe number', () => {
    expect(toNanos('1767225600123456789')).toBe(NANOS);
    expect(toNanos(1_767_225_600_123)).toBe(1_767_225_600_123n);
    expect(toNanos('18446744073709551615')).toBe((1n << 64n) - 1n);
  });

  it('0n when absent, null when not a u64', () => {
    expect(toNanos(undefined)).toBe(0n);
    expect(toNanos(null)).toBe(0n);
    expect(toNanos('-5')).toBeNull();
    expect(toNanos('1.5')).toBeNull();
    expect(toNanos('18446744073709551616')).toBeNull();
    expect(toNanos(-1)).toBeNull();
    expect(toNanos(1.5)).toBeNull();
    expect(toNanos(2 ** 64)).toBeNull();
  });

  it('a JSON number past 2^53 as JSON.parse rounded it (the OTLP JSON encoding allows numbers)', () => {
    expect(toNanos(2 ** 60)).toBe(2n ** 60n);
    expect(toNanos(JSON.parse('1795916000000000123'))).toBe(1795916000000000000n);
  });
});

describe('spanTimes', () => {
  const now = 1_800_000_000_000_000;

  it('converts to microseconds, truncating nanoseconds', () => {
    expect(spanTimes(1_767_225_600_123_456_789n, 1_767_225_601_358_024_999n, now)).toEqual({
      startUs: 1_767_225_600_123_456,
      endUs: 1_767_225_601_358_024,
    });
  });

  it('a missing end leaves the span open; a missing start takes the end; neither takes now', () => {
    expect(spanTimes(5_000n, 0n, now)).toEqual({ startUs: 5 });
    expect(spanTimes(0n, 7_000n, now)).toEqual({ startUs: 7, endUs: 7 });
    expect(spanTimes(0n, 0n, now)).toEqual({ startUs: now });
  });

  it('an end before the start is the start', () => {
    expect(spanTimes(9_000n, 3_000n, now)).toEqual({ startUs: 9, endUs: 9 });
  });
});
