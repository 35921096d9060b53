import type { ParamBuilder } from '@spanhouse/db';

/**
 * SQL expressions that replay Prometheus' float arithmetic step by step, so that answers are
 * bit-identical rather than merely close: sums with Neumaier-compensated (Kahan) accumulation, in
 * the order Prometheus adds, through arrayFold over time-ordered arrays.
 */

/**
 * kahanSumInc(inc, sum, c) of Prometheus' promql/functions.go: the new [sum, c]. For use inside a
 * lambda: `inc` and the new sum get aliases (`name`_i, `name`_t, local to the lambda), so each is
 * written once; repeating them made ClickHouse's analysis of a fold several times slower.
 */
export function kahanInc(inc: string, sum: string, c: string, name = 'k'): [string, string] {
  const i = `${name}_i`;
  const t = `${name}_t`;
  return [
    `((${sum} + (${inc} AS ${i})) AS ${t})`,
    `(${c} + if(abs(${sum}) >= abs(${i}), (${sum} - ${t}) + ${i}, (${i} - ${t}) + ${sum}))`,
  ];
}

/** (sum, c) of the Kahan sum of an array, in array order. */
export function kahanFold(arr: string): string {
  const [t, c] = kahanInc('x', 'acc.1', 'acc.2');
  return `arrayFold((acc, x) -> (${t}, ${c}), ${arr}, (toFloat64(0), toFloat64(0)))`;
}

/** The result of a Kahan (sum, c) tuple: sum + c, or the sum alone when it is infinite (`name` aliases the tuple). */
export const kahanResult = (s: string, name: string) =>
  `if(isInfinite((${s} AS ${name}).1), ${name}.1, ${name}.1 + ${name}.2)`;

/**
 * avg_over_time's incremental mean (Kahan-compensated), with its rules for infinities: a mean
 * that is infinite stays so while the values are finite or the same infinity.
 */
export function kahanMeanFold(arr: string): string {
  const n = '((acc.3 + 1) AS n)';
  const [t, c] = kahanInc('(x / n - acc.1 / n)', 'acc.1', 'acc.2');
  const keep = `isInfinite(acc.1) AND ((isInfinite(x) AND (acc.1 > 0) = (x > 0)) OR (NOT isInfinite(x) AND NOT isNaN(x)))`;
  return `arrayFold((acc, x) -> if(${keep}, (acc.1, acc.2, ${n}), (${t}, ${c}, n)), ${arr}, (toFloat64(0), toFloat64(0), toFloat64(0)))`;
}

/**
 * Prometheus' quantile(q, values): sorted with NaN first, linear interpolation at rank q*(n-1).
 * `q` is a placeholder of a number in [0, 1] (callers answer NaN, q < 0 and q > 1 without data);
 * `name` prefixes the aliases this expression defines (unique within one SELECT).
 */
export function quantileOf(q: string, arr: string, name: string): string {
  const sv = `${name}_sv`;
  const n = `toFloat64(length(${sv}))`;
  const rank = `${name}_rank`;
  const lo = `${name}_lo`;
  const w = `${name}_w`;
  return (
    `((arraySort(x -> (NOT isNaN(x), x), ${arr}) AS ${sv})[toUInt64(greatest(0, floor(${q} * (toFloat64(length(${arr})) - 1) AS ${rank})) AS ${lo}) + 1]` +
    ` * (1 - (${rank} - floor(${rank}) AS ${w})) + ${sv}[toUInt64(least(${n} - 1, ${lo} + 1)) + 1] * ${w})`
  );
}

/** max (or min) as Prometheus folds it: the first value, replaced by a larger one or when NaN. */
export function extremeFold(arr: string, op: '>' | '<', from: string): string {
  return `arrayFold((m, x) -> if(x ${op} m OR isNaN(m), x, m), ${arr}, ${from})`;
}

/** A Float64 placeholder that also carries NaN and ±Inf (which query parameters cannot). */
export function floatParam(p: ParamBuilder, v: number): string {
  if (Number.isFinite(v)) return p.add(v, 'Float64');
  return `toFloat64(${p.add(Number.isNaN(v) ? 'nan' : v > 0 ? 'inf' : '-inf', 'String')})`;
}

/** An array of Float64 that may hold NaN and ±Inf, as a placeholder. */
export function floatsParam(p: ParamBuilder, vs: readonly number[]): string {
  const text = vs.map((v) => (Number.isNaN(v) ? 'nan' : v === Infinity ? 'inf' : v === -Infinity ? '-inf' : String(v)));
  return `arrayMap(x -> toFloat64(x), ${p.add(text, 'Array(String)')})`;
}
