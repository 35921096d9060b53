import { nanosToMicros } from '@spanhouse/schema';

/** protobufjs decodes 64-bit fields as Long (two 32-bit halves), which is exact. */
export type LongLike = { low: number; high: number; unsigned?: boolean };

const DIGITS_RE = /^\d{1,20}$/;
const MAX_U64 = (1n << 64n) - 1n;

/**
 * A `*UnixNano` value as a bigint: a Long (protobuf) or a decimal string (OTLP/JSON), exact; or a
 * JSON number, which the OTLP JSON encoding allows: exact below 2^53, and past it (every time
 * after 1970-04-15) the value JSON.parse rounded it to, taken as it is (sub-microsecond error).
 * 0n when absent; null when it is not a non-negative 64-bit integer.
 */
export function toNanos(value: LongLike | string | number | null | undefined): bigint | null {
  if (value === null || value === undefined) return 0n;
  if (typeof value === 'string') {
    if (!DIGITS_RE.test(value)) return null;
    const n = BigInt(value);
    return n <= MAX_U64 ? n : null;
  }
  if (typeof value === 'number') {
    return Number.isInteger(value) && value >= 0 && value < 2 ** 64 ? BigInt(value) : null;
  }
  return (BigInt(value.high >>> 0) << 32n) | BigInt(value.low >>> 0);
}

/**
 * Start and end in microseconds. A span without a start takes its end (and the reverse); one
 * with neither takes `nowUs`. An end before the start (a clock stepped back between the two) is
 * the start: the span ended, with latency 0, as the ingestion API and Langfuse clamp it.
 */
export function spanTimes(startNanos: bigint, endNanos: bigint, nowUs: number): { startUs: number; endUs?: number } {
  if (startNanos === 0n && endNanos === 0n) return { startUs: nowUs };
  const startUs = nanosToMicros(startNanos === 0n ? endNanos : startNanos);
  if (endNanos === 0n) return { startUs };
  const endUs = nanosToMicros(endNanos);
  return { startUs, endUs: Math.max(endUs, startUs) };
}
