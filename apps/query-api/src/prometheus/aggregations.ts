import type { ParamBuilder } from '@spanhouse/db';
import { unsupported } from './errors.ts';
import { extremeFold, quantileOf } from './sql-parts.ts';

export const AGGREGATIONS = new Set(['sum', 'avg', 'min', 'max', 'count', 'group', 'stddev', 'stdvar', 'quantile']);

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
