/**
 * ISO 8601 date-time that names its zone (`Z` or `±hh:mm`); fractions up to nanoseconds.
 * isoToMicros also requires a real calendar day and time of day.
 */
export const ISO_DATETIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([Zz]|[+-]\d{2}:?\d{2})$/;

/**
 * Exact time conversions. Storage keeps microseconds since the epoch (DateTime64(6));
 * `Date` only holds milliseconds, so fractions are read digit by digit, never through a float.
 */

/**
 * Times a trace, observation or metric point may have: [1970-01-01, 2200). Later than 1970 because
 * metric buckets are aligned to the epoch by integer division (a floor only at or after it) and no
 * LLM trace predates it; before 2200 because microseconds since the epoch stay exact in a JS number
 * only up to 2^53 (mid-2255) and OTLP's unsigned nanoseconds run to 2554. Times outside are refused
 * (400 naming the field, an OTLP span rejected with the reason) rather than clamped.
 */
export const STORED_TIME_RANGE_US = { min: 0, max: Date.UTC(2199, 11, 31, 23, 59, 59) * 1000 + 999_999 } as const;
export const STORED_TIME_RANGE_MESSAGE = 'must be between 1970-01-01T00:00:00Z and 2199-12-31T23:59:59.999999Z';

/** Whether microseconds since the epoch lie in STORED_TIME_RANGE_US. */
export const isStorableMicros = (us: number): boolean =>
  us >= STORED_TIME_RANGE_US.min && us <= STORED_TIME_RANGE_US.max;

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
    const hours = Number(digits.slice(0, 2));
    const minutes = Number(digits.slice(2, 4));
    // RFC 3339's offsets: hours 00-23, minutes 00-59 (+99:99 is not a zone).
    if (hours > 23 || minutes > 59) return null;
    offsetMin = sign * (hours * 60 + minutes);
  }
  const micros = Number((frac + '000000').slice(0, 6));
  return (base - offsetMin * 60_000) * 1000 + micros;
}

/** Nanoseconds since the epoch (as OTLP sends them, decimal string or bigint) to microseconds, truncated. */
export function nanosToMicros(nanos: bigint | string | number): number {
  const n = typeof nanos === 'bigint' ? nanos : BigInt(typeof nanos === 'number' ? Math.trunc(nanos) : nanos);
  return Number(n / 1000n);
}

/**
 * ClickHouse DateTime64(6) text input, exact and zone free. ClickHouse reads a run of digits by
 * its length: fewer than ten can be a YYYYMMDD-style date (`94668479.123456` is refused, `0.000000`
 * too), so the seconds are zero-padded to ten digits (`0946684799.123456`), which it always reads as
 * a Unix time. That covers 1970-01-01 up to 2286-11-20 (ten digits of seconds); anything outside
 * (which ingest refuses before it gets here, see STORED_TIME_RANGE_US) is written as
 * `YYYY-MM-DD hh:mm:ss.ffffff` in UTC, slower to build but read the same for any year.
 */
export function microsToCh(micros: number): string {
  const sec = Math.floor(micros / 1e6);
  const frac = String(micros - sec * 1e6).padStart(6, '0');
  if (sec >= 0 && sec < 1e10) return `${String(sec).padStart(10, '0')}.${frac}`;
  const iso = new Date(sec * 1000).toISOString(); // whole seconds: the fraction is `frac`
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${frac}`;
}

/** The microseconds microsToCh wrote `ch` for (either of its spellings): its inverse. */
export function chToMicros(ch: string): number {
  if (ch.length === 17 && ch.charCodeAt(10) === 46) return Number(ch.slice(0, 10)) * 1e6 + Number(ch.slice(11));
  const sec = Date.parse(`${ch.slice(0, 10)}T${ch.slice(11, 19)}Z`) / 1000;
  return sec * 1e6 + Number(ch.slice(20));
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
