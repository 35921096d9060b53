/**
 * A float as Prometheus writes it (Go's strconv.FormatFloat(v, 'f', -1, 64)): the shortest digits
 * that read back as the same double, never in exponent form; NaN, +Inf, -Inf. Used for query
 * answers and for the `le` and `quantile` labels made from OTLP bounds, as Prometheus makes them.
 */
export function formatPromFloat(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Number.POSITIVE_INFINITY) return '+Inf';
  if (v === Number.NEGATIVE_INFINITY) return '-Inf';
  const s = String(v);
  const e = s.indexOf('e');
  if (e < 0) return s === '0' && Object.is(v, -0) ? '-0' : s;
  // JS picked the same shortest digits but wrote them with an exponent: move the point instead.
  const sign = s[0] === '-' ? '-' : '';
  const mantissa = s.slice(sign.length, e);
  const exp = Number(s.slice(e + 1));
  const digits = mantissa.replace('.', '');
  const dot = mantissa.indexOf('.');
  const point = (dot < 0 ? mantissa.length : dot) + exp;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
