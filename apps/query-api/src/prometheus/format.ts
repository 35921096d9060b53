/**
 * A float as Prometheus writes it in API answers (strconv.FormatFloat(v, 'f', -1, 64)): the
 * shortest digits that read back as the same double, never in exponent form; NaN, +Inf, -Inf.
 */
export function formatValue(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '+Inf';
  if (v === -Infinity) return '-Inf';
  const s = String(v);
  const e = s.indexOf('e');
  if (e < 0) return s === '0' && Object.is(v, -0) ? '-0' : s;
  // JS picked the same shortest digits but wrote them with an exponent: move the point instead.
  const sign = s[0] === '-' ? '-' : '';
  const mantissa = s.slice(sign.length, e);
  const exp = Number(s.slice(e + 1));
  const digits = mantissa.replace('.', '');
  const point = (mantissa.indexOf('.') < 0 ? mantissa.length : mantissa.indexOf('.')) + exp;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A timestamp in ms as the API writes it: Unix seconds, at most three decimals. */
export const formatTime = (ms: number): number => ms / 1000;
