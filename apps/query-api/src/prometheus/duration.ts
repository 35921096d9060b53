import { badData } from './errors.ts';

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  y: 31_536_000_000,
};
const DURATION = /^(?:(\d+)y)?(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?$/;
const ORDER = ['y', 'w', 'd', 'h', 'm', 's', 'ms'];

/** A PromQL duration (`5m`, `1h30m`, `299999ms`) in milliseconds, as Prometheus' ParseDuration reads it. */
export function parseDurationMs(text: string): number {
  const m = DURATION.exec(text);
  if (!m || text === '') throw badData(`not a valid duration string: "${text}"`);
  let ms = 0;
  ORDER.forEach((unit, i) => {
    if (m[i + 1] !== undefined) ms += Number(m[i + 1]) * UNIT_MS[unit]!;
  });
  if (!Number.isSafeInteger(ms) || ms > MAX_TIME_MS) throw badData(`duration out of range: "${text}"`);
  return ms;
}

/**
 * A number as Go's strconv.ParseFloat reads it, finite only: decimal with `_` between digits
 * (`1_767_227_400`), or hexadecimal with its binary exponent (`0x1p30`); undefined where Go
 * refuses it (a space around it, a hexadecimal without `p`) and for ±Inf and NaN, which no
 * parameter here takes.
 */
export function goFloat(text: string): number | undefined {
  if (GO_DECIMAL.test(text)) {
    const v = Number(text.replaceAll('_', ''));
    return Number.isFinite(v) ? v : undefined;
  }
  const hex = GO_HEX.exec(text.replaceAll('_', ''));
  if (!hex) return undefined;
  const [, sign, whole = '', fraction = '', exponent] = hex;
  if (whole === '' && fraction === '') return undefined;
  const v = Number.parseInt(`${whole}${fraction}` || '0', 16) * 2 ** (Number(exponent) - 4 * fraction.length);
  return Number.isFinite(v) ? (sign === '-' ? -v : v) : undefined;
}

const DIGITS = '\\d+(?:_\\d+)*';
const GO_DECIMAL = new RegExp(`^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`);
const GO_HEX = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/;

/**
 * Go's time.Parse(time.RFC3339Nano, ...) to milliseconds, or undefined where it refuses: the zone
 * (`Z` or an offset) is required, every field in its range (no February 30th, no 24:00), at most
 * nine digits of fraction, after a `.` or a `,`. The fraction is cut to the millisecond, as
 * Prometheus' timestamp.FromTime cuts it.
 */
function rfc3339Ms(text: string): number | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as number[];
  const fraction = m[7] ?? '';
  // Day 0 of the next month is this month's last day.
  const daysInMonth = new Date(Date.UTC(2000, month!, 0)).getUTCDate() - (month === 2 && !leapYear(year!) ? 1 : 0);
  if (month! < 1 || month! > 12 || day! < 1 || day! > daysInMonth) return undefined;
  if (hour! > 23 || minute! > 59 || second! > 59) return undefined;
  if (fraction.length > 9) return undefined;
  // Go 1.19 (Prometheus 2.42's) takes any two-digit offset, `+25:00` too.
  const offsetMin = m[8] === 'Z' ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11]));
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day!);
  date.setUTCHours(hour!, minute!, second!, Number(fraction.padEnd(3, '0').slice(0, 3)));
  return date.getTime() - offsetMin * 60_000;
}

const RFC3339 = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:[.,](\d+))?(Z|([+-])(\d\d):(\d\d))$/;
const leapYear = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * An API time parameter (`start`, `end`, `time`): Unix seconds with a fraction, or RFC 3339 with
 * its zone, as Prometheus' parseTime reads them; milliseconds (the precision PromQL evaluates at).
 * `optional` is for the parameters Prometheus reads with parseTimeParam (`time`, the metadata
 * endpoints' `start` and `end`), whose refusal it words `Invalid time value for '<param>': ...`;
 * query_range's `start` and `end` are read with parseTime, without it.
 */
export function parseTimeMs(text: string, param: string, optional = false): number {
  const seconds = goFloat(text);
  const ms = seconds !== undefined ? unixSecondsToMs(seconds) : rfc3339Ms(text);
  if (ms === undefined || !Number.isFinite(ms)) {
    const wrapped = optional ? `Invalid time value for '${param}': ` : '';
    throw badData(`invalid parameter "${param}": ${wrapped}cannot parse "${text}" to a valid timestamp`);
  }
  if (Math.abs(ms) > MAX_TIME_MS) throw badData(`invalid parameter "${param}": ${text} is out of range`);
  return ms;
}

/** Prometheus' minTime and maxTime as its API writes them (RFC 3339 past Go's 4-digit years), taken as open ends. */
const OPEN_ENDS: Record<string, number> = {
  '-292273086-05-16T16:47:06Z': Number.NEGATIVE_INFINITY,
  '292277025-08-18T07:12:54.999999999Z': Number.POSITIVE_INFINITY,
};

/**
 * One end of the range the metadata and exemplar endpoints narrow to (`start`, `end`), read as
 * parseTimeMs reads `time`, but a time past ±MAX_TIME_MS is its side's open end rather than a
 * refusal, and so are Prometheus' own minimum and maximum times: a range that far out holds no
 * stored point either way (points are written for 1970..2199), and Prometheus answers such a
 * range. Grafana's exemplar check sends milliseconds (`start=1795956308935`), which Prometheus
 * reads as seconds some 56,000 years on and answers with no exemplars.
 */
export function parseRangeTimeMs(text: string, param: string): number {
  const open = OPEN_ENDS[text];
  if (open !== undefined) return open;
  const seconds = goFloat(text);
  if (seconds !== undefined && Math.abs(seconds) * 1000 > MAX_TIME_MS) {
    return seconds < 0 ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  }
  return parseTimeMs(text, param, true);
}

/** Go's math.Round: halves away from zero (Math.round takes -2.5 to -2). */
const goRound = (x: number) => (x < 0 ? -Math.round(-x) : Math.round(x));

/**
 * Unix seconds with a fraction to milliseconds as Prometheus' parseTime and timestamp.FromTime
 * do it, step by step in the same doubles: the fraction rounded to milliseconds, made
 * nanoseconds (truncated), then the time truncated to its millisecond. Multiplying the seconds by
 * 1000 first rounds differently where the fraction ends in a half millisecond.
 */
function unixSecondsToMs(seconds: number): number {
  const whole = Math.trunc(seconds);
  const ns = Math.trunc((goRound((seconds - whole) * 1000) / 1000) * 1e9);
  return whole * 1000 + Math.floor(ns / 1e6);
}

/**
 * Times, durations and steps past 10^15 ms (about 31,700 years) are refused: sums of a few of them
 * stay exact integers below 2^53, which is what the SQL parameters carry.
 */
export const MAX_TIME_MS = 1e15;

/** Seconds (a float) or a duration, in milliseconds; undefined when neither. */
function secondsOrDurationMs(text: string): number | undefined {
  const seconds = goFloat(text);
  // As Prometheus' parseDuration and durationMilliseconds: nanoseconds truncated, then milliseconds truncated.
  return seconds !== undefined ? Math.trunc(Math.trunc(seconds * 1e9) / 1e6) : tryDuration(text);
}

/** The `step` parameter: seconds (a float) or a duration; milliseconds, positive. */
export function parseStepMs(text: string): number {
  const ms = secondsOrDurationMs(text);
  if (ms === undefined) throw badData(`invalid parameter "step": cannot parse "${text}" to a valid duration`);
  if (ms > MAX_TIME_MS) throw badData(`invalid parameter "step": ${text} is out of range`);
  if (ms <= 0) {
    throw badData(
      'invalid parameter "step": zero or negative query resolution step widths are not accepted. Try a positive integer',
    );
  }
  return ms;
}

function tryDuration(text: string): number | undefined {
  try {
    return parseDurationMs(text);
  } catch {
    return undefined;
  }
}

/**
 * The `timeout` parameter: a duration (`30s`) or seconds, as Prometheus' parseDuration reads it.
 * Zero or less (`0s`, `-1`; `-1s` is no duration) is taken as Prometheus takes it: a deadline
 * already past, which times the query out (the caller answers that).
 */
export function parseTimeoutMs(text: string): number {
  const ms = secondsOrDurationMs(text);
  if (ms === undefined || Math.abs(ms) > MAX_TIME_MS) {
    throw badData(`invalid parameter "timeout": cannot parse "${text}" to a valid duration`);
  }
  return Math.max(ms, 0);
}
