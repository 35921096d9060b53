import { ISO_DATETIME_RE } from './common.ts';

/**
 * Exact time conversions. Storage keeps microseconds since the epoch (DateTime64(6));
 * `Date` only holds milliseconds, so fractions are read digit by digit, never through a float.
 */

/** Microseconds since the epoch for an ISO 8601 date-time with a zone; null when invalid. */
export function isoToMicros(iso: string): number | null {
  const m = ISO_DATETIME_RE.exec(iso);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', frac = '', zone = 'Z'] = m;
  const base = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // Date.UTC silently rolls 2026-02-31 over into March; refuse instead.
  const check = new Date(base);
  if (
    check.getUTCMonth() !== Number(mo) - 1 ||
    check.getUTCDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    return null;
  }
  let offsetMin = 0;
  if (zone !== 'Z' && zone !== 'z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    offsetMin = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
  }
  const micros = Number((frac + '000000').slice(0, 6));
  return (base - offsetMin * 60_000) * 1000 + micros;
}

/** Nanoseconds since the epoch (as OTLP sends them, decimal string or bigint) to microseconds, truncated. */
export function nanosToMicros(nanos: bigint | string | number): number {
  const n = typeof nanos === 'bigint' ? nanos : BigInt(typeof nanos === 'number' ? Math.trunc(nanos) : nanos);
  return Number(n / 1000n);
}

/** ClickHouse DateTime64(6) text input: `seconds.micros`, unambiguous and zone free. */
export function microsToCh(micros: number): string {
  const sec = Math.floor(micros / 1e6);
  const frac = micros - sec * 1e6;
  return `${sec}.${String(frac).padStart(6, '0')}`;
}

/** ISO 8601 in UTC with milliseconds (what JS clients and Langfuse produce). */
export function microsToIso(micros: number): string {
  return new Date(Math.floor(micros / 1000)).toISOString();
}

/** ClickHouse `YYYY-MM-DD hh:mm:ss[.ffffff]` (UTC column) to ISO 8601 with milliseconds and `Z`. */
export function chToIso(ch: string): string {
  const [date, time = '00:00:00'] = ch.split(' ');
  const [hms, frac = ''] = time.split('.');
  return `${date}T${hms}.${(frac + '000').slice(0, 3)}Z`;
}
