import type { ParamBuilder } from '@spanhouse/db';
import { unsupported } from './errors.ts';
import { extremeFold, quantileOf } from './sql-parts.ts';

export const AGGREGATIONS = new Set([
  'sum',
  'avg',
  'min',
  'max',
  'count',
  'group',
  'stddev',
  'stdvar',
  'quantile',
  'topk',
  'bottomk',
]);

/**
 * The value of an aggregation over `vs`, the group's values at one step in the order Prometheus
 * meets them (its input vector, sorted by labels here), as promql/engine.go's aggregation()
 * computes it: the first value, then each next one folded in.
 */
export function aggregateValueSql(op: string, p: ParamBuilder, q?: number): string {
  const rest = 'arrayPopFront(vs)';
  switch (op) {
    case 'sum':
      // arraySum adds in array order from 0, which is Prometheus' first + second + ... except for a
      // sum of negative zeros only (0 + -0 is 0), handled apart; a per-element arrayFold lambda
      // costs more over large groups (docs/decisions/0019-promql-in-clickhouse.md).
      return `if(arrayAll(x -> x = 0 AND bitTest(reinterpretAsUInt64(x), 63), vs), -0., arraySum(vs))`;
    case 'avg': {
      const n = '(acc.2 + 1)';
      const keep =
        'isInfinite(acc.1) AND ((isInfinite(x) AND (acc.1 > 0) = (x > 0)) OR (NOT isInfinite(x) AND NOT isNaN(x)))';
      return `arrayFold((acc, x) -> if(${keep}, (acc.1, ${n}), (acc.1 + (x / ${n} - acc.1 / ${n}), ${n})), ${rest}, (vs[1], toFloat64(1))).1`;
    }
    case 'max':
      return extremeFold(rest, '>', 'vs[1]');
    case 'min':
      return extremeFold(rest, '<', 'vs[1]');
    case 'count':
      return 'toFloat64(length(vs))';
    case 'group':
      return 'toFloat64(1)';
    case 'stddev':
    case 'stdvar': {
      // (mean, value, count): value accumulates delta * (x - new mean), starting from 0.
      const n = '(acc.3 + 1)';
      const mean = `(acc.1 + (x - acc.1) / ${n})`;
      const fold = `arrayFold((acc, x) -> (${mean}, acc.2 + (x - acc.1) * (x - ${mean}), ${n}), ${rest}, (vs[1], toFloat64(0), toFloat64(1)))`;
      return op === 'stdvar' ? `(${fold} AS sdv).2 / sdv.3` : `sqrt((${fold} AS sdv).2 / sdv.3)`;
    }
    case 'quantile':
      return quantileOf(p.add(q ?? 0, 'Float64'), 'vs', 'qag');
    default:
      throw unsupported(`aggregation ${op}`);
  }
}

/**
 * bucketQuantile of promql/quantile.go over `b`, the (upper bound, count) pairs of one histogram
 * at one step sorted by bound, for rows (g, k, b) of `buckets`: NaN without a +Inf bucket, with
 * fewer than two buckets or no observations; buckets of one bound merged; counts made monotonic;
 * linear interpolation inside the bucket holding rank q * observations (the lowest bucket from 0,
 * unless its bound is not positive). Rows: (g, k, v). Each stage is a subquery so that every
 * array is a named column (aliases defined inside lambdas would not be visible outside them).
 */
export function bucketQuantileSql(q: string, buckets: string): string {
  const merged = `SELECT g, k, b, arrayDistinct(arrayMap(x -> x.1, b)) AS hb,
      arrayMap(u -> arraySum(arrayMap(x -> x.2, arrayFilter(x -> x.1 = u, b))), hb) AS hc0 FROM (${buckets})`;
  const monotonic = `SELECT g, k, b, hb, arrayMap(i -> arrayMax(arraySlice(hc0, 1, i)), range(1, length(hc0) + 1)) AS hc,
      ${q} * hc[-1] AS hr, length(hb) AS n FROM (${merged})`;
  // hi: 1-based index of the first bucket (of all but the last) holding the rank, else the last.
  const located = `SELECT g, k, b, hb, hc, hr, n,
      if(arrayFirstIndex(x -> x >= hr, arraySlice(hc, 1, n - 1)) AS hf = 0, n, hf) AS hi FROM (${monotonic})`;
  const value = `multiIf(
      NOT isInfinite(b[-1].1) OR b[-1].1 < 0, nan,
      n < 2 OR hc[-1] = 0, nan,
      hi = n, hb[n - 1],
      hi = 1 AND hb[1] <= 0, hb[1],
      if(hi > 1, hb[hi - 1], 0) + (hb[hi] - if(hi > 1, hb[hi - 1], 0)) * (if(hi > 1, hr - hc[hi - 1], hr) / if(hi > 1, hc[hi] - hc[hi - 1], hc[hi])))`;
  return `SELECT g, k, toFloat64(${value}) AS v FROM (${located})`;
}
